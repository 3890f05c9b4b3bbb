import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { UseCaseId } from '../../src/index.js';
import type { ProviderId } from '../../src/ports/config-source.port.js';
import type { SecretStore } from '../../src/ports/secret-store.port.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { FakeSecretStore, secretReference } from '../fakes/secret-store.fake.js';
import { startLoopbackProviders, type LoopbackProviders } from '../support/loopback-providers.js';
import { runUseCase } from '../support/use-cases.js';

const KEY = 'sk-ACCESS-canary-6021';
const REF = secretReference(11);
const EMAIL = 'lab@example.org';

/** The access situations of issue 16: no key set, a key that resolves, a key the store cannot give (unreachable or missing). */
const STORES: Readonly<Record<string, { secrets: () => SecretStore; keyRef: boolean }>> = {
  keyless: { secrets: () => FakeSecretStore.withSecrets({ [REF]: KEY }), keyRef: false },
  keyed: { secrets: () => FakeSecretStore.withSecrets({ [REF]: KEY }), keyRef: true },
  'store unavailable': { secrets: () => FakeSecretStore.unavailable(), keyRef: true },
  'key missing': { secrets: () => FakeSecretStore.empty(), keyRef: true },
};

const settingsFor = (keyRef: boolean) =>
  FakeConfigSource.withProviders({
    openalex: { enabled: true, email: EMAIL, ...(keyRef ? { apiKeyRef: REF } : {}) },
    semantic_scholar: { enabled: true, ...(keyRef ? { apiKeyRef: REF } : {}) },
    crossref: { enabled: true, ...(keyRef ? { email: EMAIL } : {}) },
    pubmed: { enabled: true, ...(keyRef ? { apiKeyRef: REF } : {}) },
    arxiv: { enabled: true },
  });

/** One request as the table shows it: host, path and query with the key redacted, and the key header when one was sent. */
const shown = (request: LoopbackProviders['requests'][number]): string => {
  const target = `${request.host}${request.path}`.replaceAll(KEY, '<key>');
  const header = request.headers['x-api-key'] === undefined ? '' : ` [x-api-key: ${String(request.headers['x-api-key']).replaceAll(KEY, '<key>')}]`;
  return `${target}${header}`;
};

async function searchWith(situation: string): Promise<{ requests: Record<string, string[]>; warnings: string[]; status: string; seen: string }> {
  const loopback = await startLoopbackProviders({ delayMs: 1 });
  try {
    const { secrets, keyRef } = STORES[situation]!;
    const outcome = await runUseCase(
      UseCaseId.literatureSearch,
      { query: 'graph neural networks', per_provider_limit: 3 },
      { configSource: settingsFor(keyRef), secretStore: secrets(), dispatcher: loopback.dispatcher },
    );
    assert.ok(outcome.ok, situation);
    const requests: Record<string, string[]> = {};
    for (const request of loopback.requests) (requests[request.provider] ??= []).push(shown(request));
    return { requests, warnings: outcome.value.diagnostics.warnings, status: outcome.value.status, seen: JSON.stringify(outcome.value) };
  } finally {
    await loopback.close();
  }
}

const PROVIDERS: readonly ProviderId[] = ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'];
const KEYED = new Set<ProviderId>(['openalex', 'semantic_scholar', 'pubmed']);

describe('provider × access: the request each tier sends (docs/providers.md#access-tiers)', () => {
  it('sends keys only when they resolve, exactly where each provider reads them, and falls back keyless with a static warning', async () => {
    const table: string[] = ['| provider | access | request (key redacted) |', '|---|---|---|'];
    for (const situation of Object.keys(STORES)) {
      const { requests, warnings, status, seen } = await searchWith(situation);
      assert.equal(status, 'ok', situation);
      assert.ok(!seen.includes(KEY) && !seen.includes(REF), `${situation}: neither key nor reference in the result`);
      for (const provider of PROVIDERS) {
        const sent = requests[provider] ?? [];
        assert.equal(sent.length, 1, `${situation}: ${provider} asked once`);
        const line = sent[0]!;
        const keyed = situation === 'keyed' && KEYED.has(provider);
        if (provider === 'semantic_scholar') {
          assert.equal(line.includes('[x-api-key: <key>]'), keyed, `${situation}: the S2 key header`);
          assert.ok(!line.split(' [')[0]!.includes('<key>'), 'the S2 key never in the URL');
        } else assert.equal(line.includes('api_key=<key>'), keyed, `${situation}: ${provider} api_key`);
        assert.ok(!line.includes('mailto') || provider === 'crossref', `${situation}: ${provider} sends no mailto`);
        table.push(`| ${provider} | ${situation} | \`${line}\` |`);
      }
      assert.equal(requests['pubmed-summary']?.[0]?.includes('api_key=<key>') ?? false, situation === 'keyed', `${situation}: esummary key`);
      const fallback = situation === 'store unavailable' ? 'secret_store_unavailable' : situation === 'key missing' ? 'key_missing' : undefined;
      assert.deepEqual(warnings, fallback === undefined ? [] : [...KEYED].map((provider) => `${provider}: ${fallback} (searched keyless)`), situation);
    }
    assert.ok(table.some((line) => line.startsWith('| crossref | keyed |') && line.includes('mailto=lab%40example.org')));
    if (process.env['QIONGLI_PRINT_ACCESS_TABLE'] === '1') process.stdout.write(`${table.join('\n')}\n`);
  });
});
