import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  literatureStatus,
  literatureStatusInput,
  literatureStatusMessagePrecedence,
  literatureStatusOutput,
  type LiteratureStatus,
} from '../../../src/domain/literature-status/literature-status.js';
import { DEFAULT_SETTINGS } from '../../../src/domain/provider-readiness/provider-readiness.js';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';
import { redactCredentials } from '../../../src/domain/shared/redaction.js';
import type { NativeSettings } from '../../../src/ports/config-source.port.js';
import { onlyEnabled, settingsWith } from '../../fakes/config-source.fake.js';
import { FakeSecretStore, secretReference } from '../../fakes/secret-store.fake.js';
import { assertClosedJsonSchema } from '../search-plan/schema-assertions.js';

const REF = secretReference(3);
const EMAIL = 'contact@example.org';
const FULL = settingsWith({
  openalex: { enabled: true, apiKeyRef: REF },
  semantic_scholar: { enabled: true, apiKeyRef: REF },
  crossref: { enabled: true, email: EMAIL },
  pubmed: { enabled: true, apiKeyRef: REF },
});

/** The status with a store that holds REF (`true`) or with none reachable (`false`). */
async function statusOf(settings: NativeSettings, secretStoreAvailable: boolean): Promise<LiteratureStatus> {
  const store = secretStoreAvailable ? FakeSecretStore.withSecrets({ [REF]: 'key' }) : FakeSecretStore.unavailable();
  const outcome = await literatureStatus({ status: 'available', settings }, store);
  assert.ok(outcome.ok);
  return outcome.value;
}

const invalid = (message: string) => ({ ok: false, error: { kind: 'invalid_arguments', message } });

describe('literature status (docs/tools.md#5-qiongli_literature_status)', () => {
  it('reports status ok, the capability mode, the providers, their access and what would upgrade it, like config status', async () => {
    const status = await statusOf(DEFAULT_SETTINGS, false);
    assert.equal(status.status, 'ok');
    assert.equal(status.capability_mode, 'provider_connected');
    assert.deepEqual(status.providers, {
      openalex: 'configured',
      semantic_scholar: 'configured',
      crossref: 'configured',
      pubmed: 'configured',
      arxiv: 'configured',
    });
    assert.deepEqual(status.active_providers, ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv']);
    assert.deepEqual(status.access, { openalex: 'keyless', semantic_scholar: 'keyless', crossref: 'keyless', pubmed: 'keyless', arxiv: 'keyless' });
    assert.deepEqual(status.missing, ['openalex.api_key', 'semantic_scholar.api_key', 'crossref.email', 'pubmed.api_key']);
    assert.deepEqual(status.redacted_config.providers.arxiv, { enabled: true, configured: true, fields: {} });
  });

  it('lists active providers in search order, keyed or keyless alike (docs/providers.md#providers-and-readiness)', async () => {
    assert.deepEqual((await statusOf(FULL, true)).active_providers, ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv']);
    assert.deepEqual((await statusOf(FULL, false)).active_providers, ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv']);
    assert.deepEqual((await statusOf(FULL, false)).access.pubmed, 'secret_store_unavailable');
    const lacking = await literatureStatus({ status: 'available', settings: FULL }, FakeSecretStore.empty());
    assert.ok(lacking.ok);
    assert.equal(lacking.value.access.pubmed, 'key_missing', 'a key the store does not hold (issue 24, row 7)');
    assert.deepEqual(lacking.value.active_providers, ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'], 'searched keyless');
    assert.deepEqual((await statusOf(settingsWith({ crossref: { enabled: false } }), true)).active_providers, [
      'openalex',
      'semantic_scholar',
      'pubmed',
      'arxiv',
    ]);
    const none = await statusOf(onlyEnabled({}), true);
    assert.deepEqual(none.active_providers, []);
    assert.equal(none.capability_mode, 'strategy_only');
  });

  it('returns the static provider capability table: 100 records a search for OpenAlex and Semantic Scholar, 200 for the others', async () => {
    const implemented = (capabilities: string[], max_per_provider_limit: number) => ({ capabilities, status: 'implemented', max_per_provider_limit });
    assert.deepEqual((await statusOf(DEFAULT_SETTINGS, false)).provider_capabilities, {
      openalex: implemented(['topic_search', 'venue_metadata'], 100),
      semantic_scholar: implemented(['topic_search', 'venue_metadata'], 100),
      crossref: implemented(['topic_search', 'venue_metadata'], 200),
      pubmed: implemented(['topic_search', 'biomedical_topic_search'], 200),
      arxiv: implemented(['topic_search', 'preprint_search'], 200),
    });
  });

  it('hands out a fresh capability table each time, so a caller cannot alter the next answer', async () => {
    const first = await statusOf(DEFAULT_SETTINGS, false);
    first.provider_capabilities.arxiv.capabilities.push('topic_search');
    assert.deepEqual((await statusOf(DEFAULT_SETTINGS, false)).provider_capabilities.arxiv.capabilities, ['topic_search', 'preprint_search']);
  });

  it('validates against its output schema before and after redaction (docs/tools.md#redaction)', async () => {
    for (const status of [await statusOf(DEFAULT_SETTINGS, false), await statusOf(FULL, true)]) {
      assert.ok(literatureStatusOutput().safeParse(status).success);
      const redacted = redactCredentials(status);
      assert.ok(literatureStatusOutput().safeParse(redacted).success);
      assert.deepEqual(redacted.provider_capabilities, status.provider_capabilities);
      assert.deepEqual(redacted.active_providers, status.active_providers);
    }
  });

  it('answers native-config-unavailable when the settings are unavailable', async () => {
    assert.deepEqual(await literatureStatus({ status: 'unavailable', rule: 'not-json' }, FakeSecretStore.empty()), {
      ok: false,
      error: {
        kind: 'tool_error',
        reasonCode: 'native-config-unavailable',
        message:
          "native provider configuration is unavailable: settings.json is not valid JSON (a comment or a trailing comma makes it invalid). Run 'qiongli config check' in a terminal to see what to fix.",
      },
    });
  });

  it('accepts a cwd of exactly 4096 characters, counting code points, and refuses 4097', async () => {
    const parse = (cwd: unknown) => parseArguments(literatureStatusInput(), { cwd }, literatureStatusMessagePrecedence);
    assert.ok(parse('a'.repeat(4096)).ok);
    assert.ok(parse('😀'.repeat(4096)).ok, '4096 astral characters are 4096 characters');
    assert.deepEqual(parse('a'.repeat(4097)), invalid('cwd must be at most 4096 characters'));
    assert.deepEqual(parse('😀'.repeat(4097)), invalid('cwd must be at most 4096 characters'));
  });

  it('refuses a blank or non-string cwd with static messages', async () => {
    const parse = (cwd: unknown) => parseArguments(literatureStatusInput(), { cwd }, literatureStatusMessagePrecedence);
    assert.deepEqual(parse(''), invalid('cwd must not be empty'));
    assert.deepEqual(parse(' \t\n'), invalid('cwd must not be empty'));
    assert.deepEqual(parse(['a']), invalid('cwd must be a string'));
    assert.ok(parseArguments(literatureStatusInput(), {}).ok);
  });

  it('refuses any other argument with "Unsupported argument", before other checks', async () => {
    assert.deepEqual(parseArguments(literatureStatusInput(), { cwd: '', query: 'x' }, literatureStatusMessagePrecedence), invalid('Unsupported argument'));
  });

  it('generates closed JSON Schemas for its input and output (docs/tools.md#the-twelve-tools)', async () => {
    const input = assertClosedJsonSchema(literatureStatusInput(), 'input');
    assert.deepEqual(input['properties'], {
      cwd: {
        type: 'string',
        minLength: 1,
        maxLength: 4096,
        description: 'Working directory of the client, as a hint (at most 4096 characters). Validated, then ignored.',
      },
    });
    const output = assertClosedJsonSchema(literatureStatusOutput(), 'output');
    assert.deepEqual(output['required'], [
      'status',
      'capability_mode',
      'providers',
      'active_providers',
      'access',
      'missing',
      'provider_capabilities',
      'redacted_config',
    ]);
  });
});
