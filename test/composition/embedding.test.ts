import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MockAgent } from 'undici';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContainer, ToolRegistryId, ConfigSourceId, SecretStoreId, type ConfigSource } from '../../src/index.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { PROJECT_ROOT } from '../support/built-program.js';

const search = (container: ReturnType<typeof createContainer>, args: Record<string, unknown>) => {
  const tool = container.get(ToolRegistryId).find('qiongli_literature_search')!;
  return tool.run(args as never, { signal: new AbortController().signal, reportProgress: () => undefined }) as Promise<any>;
};

describe('embedding the composition root (package exports)', () => {
  it('lets an embedder route provider requests through a MockAgent, at the constant endpoint', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const body = readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'providers', 'crossref-works-query.json'));
    agent
      .get('https://api.crossref.org')
      .intercept({
        path: (path) => path.startsWith('/works?') && ['query=ecology', 'rows=25', 'mailto=lab%40example.org'].every((part) => path.includes(part)),
      })
      .reply(200, body, { headers: { 'content-type': 'application/json' } });
    const container = createContainer('lite', {
      dispatcher: agent,
      configSource: FakeConfigSource.withProviders({ crossref: { enabled: true, email: 'lab@example.org' }, arxiv: { enabled: false } }),
    });
    const outcome = await search(container, { query: 'ecology', search_mode: 'topic' });
    assert.equal(outcome.ok, true);
    assert.deepEqual(outcome.value.diagnostics.providers.crossref, { status: 'ok', count: 2 });
    assert.equal(outcome.value.results.length, 2);
    agent.assertNoPendingInterceptors();
  });

  it('keeps endpoints constant whatever environment variables say (docs/providers.md#requests)', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      HTTPS_PROXY: 'http://127.0.0.1:9',
      https_proxy: 'http://127.0.0.1:9',
      QIONGLI_CROSSREF_ENDPOINT: 'http://127.0.0.1:9',
      CROSSREF_API_URL: 'http://127.0.0.1:9',
    });
    try {
      const agent = new MockAgent();
      agent.disableNetConnect();
      const body = readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'providers', 'crossref-works-query.json'));
      agent
        .get('https://api.crossref.org')
        .intercept({ path: (path) => path.startsWith('/works?') })
        .reply(200, body);
      const container = createContainer('lite', {
        dispatcher: agent,
        configSource: FakeConfigSource.withProviders({ crossref: { enabled: true, email: 'lab@example.org' }, arxiv: { enabled: false } }),
      });
      const outcome = await search(container, { query: 'ecology' });
      assert.equal(outcome.value.diagnostics.providers.crossref.status, 'ok');
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    }
  });

  it('binds the native settings source and the unavailable secret store by default, and accepts rebinds before first use', () => {
    const container = createContainer('lite');
    assert.equal(container.get<{ available: boolean }>(SecretStoreId).available, false);
    const replacement: ConfigSource = FakeConfigSource.unavailable();
    container.rebind(ConfigSourceId).toConstantValue(replacement);
    assert.equal(container.get(ConfigSourceId), replacement);
  });

  it('gives every call of createContainer its own singletons', () => {
    assert.notEqual(createContainer('lite').get(ToolRegistryId), createContainer('lite').get(ToolRegistryId));
  });
});
