import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configHomeWith, exchangeWith, testEnv } from '../support/run-program.js';
import { call, initialize } from '../support/messages.js';

/** The server over real stdio with every provider unreachable (see the harness's own comment). */
const UNREACHABLE_PROVIDERS = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'support', 'serve-with-unreachable-providers.js');

describe('literature search over stdio without network (docs/providers.md#requests, docs/providers.md#how-a-search-runs)', () => {
  it('answers status error with each provider transport_error (connection reset, the static cause) when the five defaults cannot be reached', {
    timeout: 15_000,
  }, async () => {
    // The default settings enable every provider, keyless; the harness makes them unreachable on any machine.
    const { responses, run } = await exchangeWith(
      { program: UNREACHABLE_PROVIDERS },
      initialize(1),
      call(2, 'qiongli_literature_search', { query: 'graph neural networks' }),
    );
    const result = responses[1].result.structuredContent;
    assert.equal(result.status, 'error');
    assert.equal(result.diagnostics.status, 'failed');
    for (const provider of ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv']) {
      assert.deepEqual(result.diagnostics.providers[provider], {
        status: 'error',
        count: 0,
        error_kind: 'transport_error',
        warning: `${provider}: transport_error (connection reset)`,
      });
    }
    assert.deepEqual(result.results, []);
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
  });

  it('answers not_run without any network when no requested provider is active (docs/providers.md#how-a-search-runs step 2)', async () => {
    const home = configHomeWith({ crossref: { enabled: false }, pubmed: { enabled: false } });
    const { responses } = await exchangeWith(
      { env: testEnv({ QIONGLI_CONFIG_HOME: home }) },
      initialize(1),
      call(2, 'qiongli_literature_search', { query: 'q', providers: ['crossref', 'pubmed'] }),
    );
    const result = responses[1].result.structuredContent;
    assert.equal(result.status, 'warning');
    assert.deepEqual(result.diagnostics, {
      status: 'not_run',
      status_reason: 'no_active_providers',
      providers: {},
      warnings: ['no active literature providers; no network search was performed'],
    });
  });
});
