import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { searchLiterature } from '../../../src/domain/literature-search/literature-search.js';
import { literatureSearchOutput, type LiteratureSearchResult } from '../../../src/domain/literature-search/literature-search-output.js';
import { NO_ACTIVE_PROVIDERS_WARNING, NO_RESULTS_WARNING } from '../../../src/domain/literature-search/search-diagnostics.js';
import type { ToolFailure } from '../../../src/domain/shared/tool-failure.js';
import type { Result } from '../../../src/domain/shared/result.js';
import { planSearch, searchPlanInput } from '../../../src/domain/search-plan/search-plan.js';
import { FakeConfigSource } from '../../fakes/config-source.fake.js';
import { FakeProviderClient } from '../../fakes/provider-client.fake.js';
import { ProviderRuntimeUnavailableError } from '../../../src/ports/provider-client.port.js';
import { aRecord, assertValidForClient, manyRecords, noProviderEnabled, recordingContext, searchArgs, searchDeps } from './search-harness.js';
import { NETWORK_HINT } from '../../../src/domain/shared/provider-warnings.js';

const run = (client: FakeProviderClient, args: Record<string, unknown>, deps = searchDeps(client)) =>
  searchLiterature(searchArgs({ query: 'governance platform evidence', ...args }), deps, recordingContext());

async function resultOf(outcome: Result<LiteratureSearchResult, ToolFailure>): Promise<LiteratureSearchResult> {
  assert.ok(outcome.ok, 'expected a successful search');
  literatureSearchOutput().parse(outcome.value);
  await assertValidForClient(outcome.value);
  return outcome.value;
}

describe('literature search orchestration (docs/providers.md#how-a-search-runs)', () => {
  it('merges a slow OpenAlex and a fast Semantic Scholar record with the same DOI, listed first', async () => {
    const client = new FakeProviderClient()
      .respondWith('openalex', [aRecord('Governance platform evidence', { doi: 'https://doi.org/10.1/GPE' })], { delayMs: 40 })
      .respondWith('semantic_scholar', [aRecord('Governance Platform Evidence.', { doi: '10.1/gpe', year: 2025 })])
      .respondWith('crossref', [aRecord('Other governance work', { doi: '10.1/other' })]);
    const result = await resultOf(await run(client, { providers: ['openalex', 'semantic_scholar', 'crossref'] }));
    assert.equal(result.status, 'ok');
    assert.equal(result.diagnostics.status, 'complete');
    assert.deepEqual(result.results[0], {
      title: 'Governance platform evidence',
      provider: 'openalex',
      providers: ['openalex', 'semantic_scholar'],
      doi: '10.1/gpe',
      year: 2025,
    });
    assert.equal(result.results.length, 2);
  });

  it('names the static cause of a connection failure in the warning, nothing else (issue 19)', async () => {
    const client = new FakeProviderClient().respondWith('crossref', [aRecord('A paper')]).failWith('arxiv', 'transport_error', { cause: 'connection refused' });
    const result = await resultOf(await run(client, { providers: ['crossref', 'arxiv'] }));
    assert.deepEqual(result.diagnostics.providers.arxiv, {
      status: 'error',
      count: 0,
      error_kind: 'transport_error',
      warning: 'arxiv: transport_error (connection refused)',
    });
    assert.deepEqual(result.diagnostics.warnings, ['arxiv: transport_error (connection refused)', NETWORK_HINT]);
  });

  it('reports warning/partial when one of two providers answers http_error (a 503)', async () => {
    const client = new FakeProviderClient().respondWith('arxiv', [aRecord('A paper')]).failWith('crossref', 'http_error');
    const result = await resultOf(await run(client, { providers: ['crossref', 'arxiv'] }));
    assert.equal(result.status, 'warning');
    assert.deepEqual(result.diagnostics, {
      status: 'partial',
      providers: {
        crossref: { status: 'error', count: 0, error_kind: 'http_error', warning: 'crossref: http_error' },
        arxiv: { status: 'ok', count: 1 },
      },
      warnings: ['crossref: http_error'],
    });
    assert.equal(result.results.length, 1);
  });

  it('reports error/failed when every attempted provider fails, warnings in search order', async () => {
    const client = new FakeProviderClient()
      .failWith('arxiv', 'rate_limited')
      .failWith('openalex', 'timeout', { delayMs: 20 })
      .failWith('pubmed', 'decode_error');
    const result = await resultOf(await run(client, { providers: ['arxiv', 'pubmed', 'openalex'] }));
    assert.equal(result.status, 'error');
    assert.equal(result.diagnostics.status, 'failed');
    assert.deepEqual(result.diagnostics.warnings, ['openalex: timeout', 'pubmed: decode_error', 'arxiv: rate_limited']);
    assert.deepEqual(result.results, []);
  });

  it('turns an ok search with zero results into a warning', async () => {
    const result = await resultOf(await run(new FakeProviderClient(), { providers: ['arxiv', 'crossref'] }));
    assert.equal(result.status, 'warning');
    assert.deepEqual(result.diagnostics, {
      status: 'complete',
      providers: { crossref: { status: 'ok', count: 0 }, arxiv: { status: 'ok', count: 0 } },
      warnings: [NO_RESULTS_WARNING],
    });
    assert.equal(NO_RESULTS_WARNING, 'configured providers returned no results');
  });

  it('passes cached: true through, and omits it otherwise', async () => {
    const client = new FakeProviderClient().respondWith('arxiv', [aRecord('Cached one')], { cached: true }).respondWith('crossref', [aRecord('Fresh one')]);
    const result = await resultOf(await run(client, { providers: ['arxiv', 'crossref'] }));
    assert.deepEqual(result.diagnostics.providers, {
      crossref: { status: 'ok', count: 1 },
      arxiv: { status: 'ok', count: 1, cached: true },
    });
  });

  it('merges 治理 平台：证据 and 治理平台 证据 of 2025 but keeps the 2024 one apart', async () => {
    const client = new FakeProviderClient()
      .respondWith('crossref', [aRecord('治理 平台：证据', { year: 2025 }), aRecord('治理 平台：证据', { year: 2024 })])
      .respondWith('arxiv', [aRecord('治理平台 证据', { year: 2025 })]);
    const result = await resultOf(await run(client, { query: '治理平台证据', providers: ['crossref', 'arxiv'] }));
    assert.deepEqual(
      result.results.map((record) => [record.year, record.providers]),
      [
        [2025, ['crossref', 'arxiv']],
        [2024, ['crossref']],
      ],
    );
  });

  it('attempts only ready providers, in search order, intersected with the providers argument', async () => {
    const client = new FakeProviderClient();
    const deps = searchDeps(client, {
      settings: { openalex: { enabled: false }, crossref: { enabled: true, email: 'a@example.org' }, arxiv: { enabled: true } },
    });
    const result = await resultOf(await run(client, { providers: ['arxiv', 'openalex', 'crossref'] }, deps));
    assert.deepEqual(Object.keys(result.diagnostics.providers), ['crossref', 'arxiv']);
    assert.deepEqual([...client.calledProviders()].sort(), ['arxiv', 'crossref']);
  });

  it('answers native-config-unavailable when the settings cannot be read (docs/providers.md#how-a-search-runs step 9)', async () => {
    const client = new FakeProviderClient();
    const deps = { ...searchDeps(client), config: FakeConfigSource.unavailable('unsafe-permissions') };
    const outcome = await run(client, {}, deps);
    assert.deepEqual(outcome, {
      ok: false,
      error: {
        kind: 'tool_error',
        reasonCode: 'native-config-unavailable',
        message:
          "native provider configuration is unavailable: settings.json or its folder can be changed by other users (permissions or owner). Run 'qiongli config check' in a terminal to see what to fix.",
      },
    });
    assert.equal(client.requests.length, 0);
  });

  it('answers provider-runtime-unavailable when the provider client cannot be built', async () => {
    const deps = {
      ...searchDeps(new FakeProviderClient()),
      providers: { search: () => Promise.reject(new ProviderRuntimeUnavailableError()) },
    };
    const context = recordingContext();
    const outcome = await searchLiterature(searchArgs({ query: 'q' }), deps, context);
    assert.deepEqual(context.progress, []);
    assert.deepEqual(outcome, {
      ok: false,
      error: { kind: 'tool_error', reasonCode: 'provider-runtime-unavailable', message: 'native provider runtime is unavailable' },
    });
  });

  it('answers the alias conflict to a direct caller that bypassed the schema', async () => {
    const client = new FakeProviderClient();
    const outcome = await searchLiterature({ query: 'q', search_mode: 'auto', limit: 5, per_provider_limit: 5 }, searchDeps(client), recordingContext());
    assert.deepEqual(outcome, {
      ok: false,
      error: { kind: 'invalid_arguments', message: 'conflicting aliases for per_provider_limit' },
    });
    assert.equal(client.requests.length, 0);
  });

  it('embeds the plan the search plan tool gives for the same query and mode (docs/providers.md#how-a-search-runs step 8)', async () => {
    const client = new FakeProviderClient();
    const deps = searchDeps(client);
    const result = await resultOf(
      await run(client, { query: '  evidence synthesis  ', search_mode: 'review', providers: ['arxiv'], include_plan: true }, deps),
    );
    const reading = await deps.config.read();
    const plan = planSearch(searchPlanInput().parse({ query: '  evidence synthesis  ', search_mode: 'review' }), reading, true);
    assert.ok(plan.ok);
    assert.deepEqual(result.search_plan, plan.value);
    assert.equal(result.search_plan?.platform, 'unknown');
    assert.equal(result.search_plan?.native_search_available, false);
    assert.equal(result.search_plan?.search_execution_mode, 'provider_connected');
    assert.equal(result.plan, undefined);
  });
});

describe('no active providers (docs/providers.md#how-a-search-runs step 2)', () => {
  const expected = {
    status: 'warning',
    diagnostics: { status: 'not_run', status_reason: 'no_active_providers', providers: {}, warnings: [NO_ACTIVE_PROVIDERS_WARNING] },
    results: [],
    total_results: 0,
  };

  it('answers not_run and never searches the provider client', async () => {
    const client = new FakeProviderClient();
    const deps = searchDeps(client, { settings: noProviderEnabled });
    const result = await resultOf(await searchLiterature(searchArgs({ query: 'q' }), deps, recordingContext()));
    const { search_plan: plan, ...rest } = result;
    assert.deepEqual(rest, expected);
    assert.equal(plan?.search_execution_mode, 'strategy_only');
    assert.deepEqual(plan?.provider_queries, []);
    assert.equal(NO_ACTIVE_PROVIDERS_WARNING, 'no active literature providers; no network search was performed');
    assert.equal(client.requests.length, 0);
  });

  it('answers not_run when the providers argument names no ready provider', async () => {
    const client = new FakeProviderClient();
    const deps = searchDeps(client, { settings: { crossref: { enabled: false } } });
    const result = await resultOf(await run(client, { providers: ['crossref'] }, deps));
    assert.equal(result.diagnostics.status, 'not_run');
    assert.equal(client.requests.length, 0);
  });
});

describe('limits (docs/tools.md#7-qiongli_literature_search, docs/providers.md#how-a-search-runs steps 3 and 6)', () => {
  it('asks each provider for 25 records by default and cuts longer answers to 25', async () => {
    const client = new FakeProviderClient().respondWith('arxiv', manyRecords('arxiv', 40));
    const result = await resultOf(await run(client, { providers: ['arxiv'] }));
    assert.equal(client.requestTo('arxiv')?.limit, 25);
    assert.deepEqual(result.diagnostics.providers.arxiv, { status: 'ok', count: 25 });
    assert.equal(result.total_results, 25);
  });

  it('uses 50 per provider in the review modes', async () => {
    for (const search_mode of ['review', 'systematic_review']) {
      const client = new FakeProviderClient().respondWith('arxiv', manyRecords('arxiv', 70));
      const result = await resultOf(await run(client, { search_mode, providers: ['arxiv'] }));
      assert.equal(client.requestTo('arxiv')?.limit, 50);
      assert.equal(result.total_results, 50);
    }
  });

  it('keeps every record of five full providers under the default total of per-provider × 5', async () => {
    const client = new FakeProviderClient();
    for (const id of ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'] as const) client.respondWith(id, manyRecords(id, 10));
    const result = await resultOf(await run(client, { per_provider_limit: 8 }));
    assert.equal(result.total_results, 40);
    const fewer = await resultOf(await run(client, { per_provider_limit: 10, search_mode: 'auto' }));
    assert.equal(fewer.total_results, 50);
    const capped = await resultOf(await run(client, { limit: 3 }));
    assert.equal(capped.total_results, 15);
  });

  it('cuts to total_limit after ranking, keeping the most relevant', async () => {
    const client = new FakeProviderClient().respondWith('arxiv', [aRecord('Unrelated'), aRecord('Some evidence'), aRecord('Governance platform evidence')]);
    const result = await resultOf(await run(client, { providers: ['arxiv'], total_limit: 2 }));
    assert.deepEqual(
      result.results.map((record) => record.title),
      ['Governance platform evidence', 'Some evidence'],
    );
    assert.deepEqual(result.diagnostics.providers.arxiv, { status: 'ok', count: 3 });
  });
});
