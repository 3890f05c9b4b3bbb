import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  configStatus,
  configStatusInput,
  configStatusMessagePrecedence,
  configStatusOutput,
  type ConfigStatus,
} from '../../../src/domain/config-status/config-status.js';
import { DEFAULT_SETTINGS } from '../../../src/domain/provider-readiness/provider-readiness.js';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';
import { redactCredentials } from '../../../src/domain/shared/redaction.js';
import type { NativeSettings, SettingsReading } from '../../../src/ports/config-source.port.js';
import { onlyEnabled, settingsWith } from '../../fakes/config-source.fake.js';
import { FakeSecretStore, secretReference } from '../../fakes/secret-store.fake.js';
import { assertClosedJsonSchema } from '../search-plan/schema-assertions.js';

const EMAIL = 'contact@example.org';
const REF = secretReference(42);
const available = (settings: NativeSettings): SettingsReading => ({ status: 'available', settings });
const FULL = settingsWith({
  openalex: { enabled: true, email: EMAIL, apiKeyRef: REF },
  semantic_scholar: { enabled: true, apiKeyRef: REF },
  crossref: { enabled: true, email: EMAIL },
  pubmed: { enabled: true, apiKeyRef: REF },
});

/** Every object key at any depth. */
const keysOf = (value: unknown): string[] =>
  value === null || typeof value !== 'object'
    ? []
    : Object.entries(value).flatMap(([key, inner]) => (Array.isArray(value) ? keysOf(inner) : [key, ...keysOf(inner)]));

/** The status with a store that holds REF (`true`), with none reachable (`false`), or with the given store. */
async function statusOf(settings: NativeSettings, store: boolean | FakeSecretStore): Promise<ConfigStatus> {
  const secrets = typeof store === 'boolean' ? (store ? FakeSecretStore.withSecrets({ [REF]: 'key' }) : FakeSecretStore.unavailable()) : store;
  const outcome = await configStatus(available(settings), secrets);
  assert.ok(outcome.ok);
  return outcome.value;
}

describe('config status (docs/tools.md#1-qiongli_config_status)', () => {
  it('reports the defaults: every provider configured and keyless, the upgrades missing, an opaque config path', async () => {
    assert.deepEqual(await statusOf(DEFAULT_SETTINGS, false), {
      status: 'ok',
      config_path: '<managed-native-config>',
      providers: { openalex: 'configured', semantic_scholar: 'configured', crossref: 'configured', pubmed: 'configured', arxiv: 'configured' },
      capability_mode: 'provider_connected',
      access: { openalex: 'keyless', semantic_scholar: 'keyless', crossref: 'keyless', pubmed: 'keyless', arxiv: 'keyless' },
      missing: ['openalex.api_key', 'semantic_scholar.api_key', 'crossref.email', 'pubmed.api_key'],
      redacted_config: {
        providers: {
          openalex: { enabled: true, configured: true, fields: { api_key: 'missing', email: 'missing' } },
          semantic_scholar: { enabled: true, configured: true, fields: { api_key: 'missing' } },
          crossref: { enabled: true, configured: true, fields: { email: 'missing' } },
          pubmed: { enabled: true, configured: true, fields: { api_key: 'missing' } },
          arxiv: { enabled: true, configured: true, fields: {} },
        },
      },
    });
  });

  it('says strategy_only when no provider is ready', async () => {
    const status = await statusOf(onlyEnabled({}), true);
    assert.equal(status.capability_mode, 'strategy_only');
    assert.ok(Object.values(status.providers).every((state) => state === 'missing'));
  });

  it('calls a set key keyed with a reachable store and secret_store_unavailable without one; missing lists what would upgrade access', async () => {
    const withStore = await statusOf(FULL, true);
    assert.deepEqual(withStore.providers, {
      openalex: 'configured',
      semantic_scholar: 'configured',
      crossref: 'configured',
      pubmed: 'configured',
      arxiv: 'configured',
    });
    assert.deepEqual(withStore.access, { openalex: 'keyed', semantic_scholar: 'keyed', crossref: 'keyless', pubmed: 'keyed', arxiv: 'keyless' });
    assert.deepEqual(withStore.missing, []);
    assert.deepEqual(withStore.redacted_config.providers.openalex.fields, { api_key: 'configured', email: 'configured' });

    const noStore = await statusOf(FULL, false);
    assert.ok(
      Object.values(noStore.providers).every((state) => state === 'configured'),
      'searched keyless: still configured',
    );
    assert.deepEqual(noStore.access, {
      openalex: 'secret_store_unavailable',
      semantic_scholar: 'secret_store_unavailable',
      crossref: 'keyless',
      pubmed: 'secret_store_unavailable',
      arxiv: 'keyless',
    });
    assert.deepEqual(noStore.missing, ['openalex.api_key', 'semantic_scholar.api_key', 'pubmed.api_key']);
    assert.deepEqual(noStore.redacted_config.providers.openalex, {
      enabled: true,
      configured: true,
      fields: { api_key: 'missing', email: 'configured' },
    });
  });

  it('calls a key the store does not hold key_missing, asking the store without resolving anything (issue 24, row 7)', async () => {
    const empty = FakeSecretStore.empty();
    const status = await statusOf(FULL, empty);
    assert.deepEqual(status.access, { openalex: 'key_missing', semantic_scholar: 'key_missing', crossref: 'keyless', pubmed: 'key_missing', arxiv: 'keyless' });
    assert.ok(
      Object.values(status.providers).every((state) => state === 'configured'),
      'searched keyless: still configured',
    );
    assert.deepEqual(status.missing, ['openalex.api_key', 'semantic_scholar.api_key', 'pubmed.api_key']);
    assert.deepEqual(status.redacted_config.providers.pubmed.fields, { api_key: 'missing' });
    assert.equal(empty.resolveCount, 0, 'no secret is resolved');
    assert.deepEqual(empty.checkedReferences, [REF, REF, REF]);
  });

  it('reports a set field even for a disabled provider, but never calls that provider configured', async () => {
    const status = await statusOf(settingsWith({ crossref: { enabled: false, email: EMAIL } }), false);
    assert.equal(status.providers.crossref, 'missing');
    assert.deepEqual(status.redacted_config.providers.crossref, { enabled: false, configured: false, fields: { email: 'configured' } });
    assert.ok(!status.missing.includes('crossref.email'));
  });

  it('never shows an email, a secret reference or a path', async () => {
    const text = JSON.stringify(await statusOf(FULL, true));
    assert.ok(!text.includes(EMAIL));
    assert.ok(!text.includes(REF));
    assert.ok(!text.includes('/'));
  });

  it('validates against its output schema before and after redaction, which drops every api_key slot() (docs/tools.md#redaction)', async () => {
    for (const status of [await statusOf(DEFAULT_SETTINGS, false), await statusOf(FULL, true)]) {
      assert.ok(configStatusOutput().safeParse(status).success);
      const redacted = redactCredentials(status);
      assert.ok(configStatusOutput().safeParse(redacted).success);
      assert.ok(!keysOf(redacted).includes('api_key'), 'no api_key key survives redaction');
      assert.ok(keysOf(status).includes('api_key'), 'the domain reports api_key slots');
      assert.deepEqual(redacted.redacted_config.providers.semantic_scholar.fields, {});
      assert.deepEqual(redacted.missing, status.missing, 'values naming api_key are kept');
    }
  });

  it('answers native-config-unavailable when the settings are unavailable', async () => {
    assert.deepEqual(await configStatus({ status: 'unavailable', rule: 'not-json' }, FakeSecretStore.unavailable()), {
      ok: false,
      error: {
        kind: 'tool_error',
        reasonCode: 'native-config-unavailable',
        message:
          "native provider configuration is unavailable: settings.json is not valid JSON (a comment or a trailing comma makes it invalid). Run 'qiongli config check' in a terminal to see what to fix.",
      },
    });
  });

  it('accepts cwd as any string and ignores it', async () => {
    for (const cwd of ['', '   ', '/home/someone/project', 'x'.repeat(10_000)]) {
      assert.deepEqual(parseArguments(configStatusInput(), { cwd }, configStatusMessagePrecedence), { ok: true, value: { cwd } });
    }
    assert.ok(parseArguments(configStatusInput(), {}).ok);
  });

  it('refuses a cwd that is not a string with "cwd must be a string"', async () => {
    const outcome = parseArguments(configStatusInput(), { cwd: 7 }, configStatusMessagePrecedence);
    assert.deepEqual(outcome, { ok: false, error: { kind: 'invalid_arguments', message: 'cwd must be a string' } });
  });

  it('refuses any other argument with "Unsupported argument", before other checks', async () => {
    const outcome = parseArguments(configStatusInput(), { cwd: 7, path: '/etc' }, configStatusMessagePrecedence);
    assert.deepEqual(outcome, { ok: false, error: { kind: 'invalid_arguments', message: 'Unsupported argument' } });
  });

  it('generates closed JSON Schemas for its input and output (docs/tools.md#the-twelve-tools)', async () => {
    const input = assertClosedJsonSchema(configStatusInput(), 'input');
    assert.deepEqual(Object.keys(input['properties'] as object), ['cwd']);
    assert.equal(input['required'], undefined);
    const output = assertClosedJsonSchema(configStatusOutput(), 'output');
    assert.deepEqual(output['required'], ['status', 'config_path', 'providers', 'capability_mode', 'access', 'missing', 'redacted_config']);
  });
});
