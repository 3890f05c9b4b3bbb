import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { searchLiterature } from '../../../src/domain/literature-search/literature-search.js';
import { literatureSearchOutput, type LiteratureSearchResult } from '../../../src/domain/literature-search/literature-search-output.js';
import { NO_ACTIVE_PROVIDERS_WARNING } from '../../../src/domain/literature-search/search-diagnostics.js';
import { LITERATURE_SEARCH_MESSAGES as M } from '../../../src/domain/literature-search/literature-search-input.js';
import type { ToolFailure } from '../../../src/domain/shared/tool-failure.js';
import type { Result } from '../../../src/domain/shared/result.js';
import { planSearch, searchPlanInput } from '../../../src/domain/search-plan/search-plan.js';
import { FakeProviderClient } from '../../fakes/provider-client.fake.js';
import { aRecord, assertValidForClient, recordingContext, searchArgs, searchDeps } from './search-harness.js';

const run = (client: FakeProviderClient, args: Record<string, unknown>) =>
  searchLiterature(searchArgs({ query: 'governance platform evidence', ...args }), searchDeps(client), recordingContext());

async function resultOf(outcome: Result<LiteratureSearchResult, ToolFailure>): Promise<LiteratureSearchResult> {
  assert.ok(outcome.ok, 'expected a successful search');
  literatureSearchOutput().parse(outcome.value);
  await assertValidForClient(outcome.value);
  return outcome.value;
}

const titles = (result: LiteratureSearchResult) => result.results.map((record) => record.title);

describe('steered provider requests (docs/tools.md#7-qiongli_literature_search)', () => {
  it('sends no steering field when the call has no new argument', async () => {
    const client = new FakeProviderClient();
    await resultOf(await run(client, {}));
    assert.equal(client.requests.length, 5);
    for (const request of client.requests) {
      assert.equal(request.searchBy, undefined);
      assert.equal(request.years, undefined);
      assert.equal(request.includeAbstracts, undefined);
    }
  });

  it('sends title matching, both year bounds and the abstract request to every attempted provider', async () => {
    const client = new FakeProviderClient();
    await resultOf(await run(client, { search_mode: 'title', from_year: '2018', to_year: 2022, include_abstracts: true }));
    assert.equal(client.requests.length, 5);
    for (const request of client.requests) {
      assert.equal(request.searchBy, 'title');
      assert.deepEqual(request.years, { from: 2018, to: 2022 });
      assert.equal(request.includeAbstracts, true);
      assert.equal(request.query, 'governance platform evidence');
    }
  });

  it('sends one year bound alone when only one is given', async () => {
    const client = new FakeProviderClient();
    await resultOf(await run(client, { from_year: 2020, providers: ['crossref'] }));
    assert.deepEqual(client.requestTo('crossref')?.years, { from: 2020 });
  });

  it('looks a DOI up with the normalised DOI, leaves arXiv out with a static warning, and reports the others', async () => {
    const client = new FakeProviderClient().respondWith('crossref', [aRecord('The work', { doi: '10.1000/abc', year: 2021 })]);
    const result = await resultOf(await run(client, { query: ' https://doi.org/10.1000/ABC ', search_mode: 'doi' }));
    assert.deepEqual(client.calledProviders().sort(), ['crossref', 'openalex', 'pubmed', 'semantic_scholar']);
    for (const request of client.requests) {
      assert.equal(request.searchBy, 'doi');
      assert.equal(request.query, '10.1000/abc');
    }
    assert.equal(result.diagnostics.providers.arxiv, undefined, 'arXiv was not attempted');
    assert.deepEqual(result.diagnostics.warnings, ['arxiv: no DOI lookup; left out of a doi search']);
    assert.equal(result.status, 'ok');
    assert.deepEqual(titles(result), ['The work']);
    assert.equal(result.plan?.query_entries[0]?.query, 'https://doi.org/10.1000/ABC');
  });

  it('answers not_run, with the arXiv warning first, when arXiv is the only provider of a doi search', async () => {
    const client = new FakeProviderClient();
    const result = await resultOf(await run(client, { query: '10.48550/arXiv.1706.03762', search_mode: 'doi', providers: ['arxiv'] }));
    assert.equal(client.requests.length, 0);
    assert.equal(result.diagnostics.status, 'not_run');
    assert.deepEqual(result.diagnostics.warnings, ['arxiv: no DOI lookup; left out of a doi search', NO_ACTIVE_PROVIDERS_WARNING]);
  });

  it('refuses a doi search whose query is not one DOI before reading settings or calling a provider', async () => {
    const client = new FakeProviderClient();
    const deps = searchDeps(client, { settings: {} });
    const outcome = await searchLiterature(searchArgs({ query: 'attention is all you need', search_mode: 'doi' }), deps, recordingContext());
    assert.deepEqual(outcome, { ok: false, error: { kind: 'invalid_arguments', message: M.doiQuery } });
    assert.equal(client.requests.length, 0);
    assert.equal(deps.config.reads, 0);
  });

  it('refuses a DOI over 2 KiB or holding a lone surrogate as invalid arguments, before any request (issue 19, row 7)', async () => {
    for (const query of [
      `10.1000/${'x'.repeat(3 * 1024)}`,
      `10.1000/${'é'.repeat(1021)}`,
      '10.1000/a\uD800b',
      '10.1000/a\uDC00',
      'https://doi.org/10.1/\uDBFF',
    ]) {
      const client = new FakeProviderClient();
      const deps = searchDeps(client, { settings: {} });
      const outcome = await searchLiterature(searchArgs({ query, search_mode: 'doi' }), deps, recordingContext());
      assert.deepEqual(outcome, { ok: false, error: { kind: 'invalid_arguments', message: M.doiQuery } }, query.slice(0, 20));
      assert.equal(client.requests.length, 0);
    }
    // At the bound, and with a surrogate pair, the DOI is still looked up.
    for (const query of [`10.1000/${'x'.repeat(2048 - 8)}`, '10.1000/\u{1F600}']) {
      const client = new FakeProviderClient();
      await resultOf(await run(client, { query, search_mode: 'doi', providers: ['crossref'] }));
      assert.equal(client.requests.length, 1, query.slice(0, 20));
    }
  });

  it('refuses reversed years with the static message and calls no provider', async () => {
    const client = new FakeProviderClient();
    const outcome = await run(client, { from_year: 2024, to_year: 2023 });
    assert.deepEqual(outcome, { ok: false, error: { kind: 'invalid_arguments', message: M.yearOrder } });
    assert.equal(client.requests.length, 0);
  });
});

describe('year and venue filters on the merged records (docs/tools.md#7-qiongli_literature_search)', () => {
  it('keeps records within the year bounds and drops records without a year, even if a provider ignored the filter', async () => {
    const client = new FakeProviderClient().respondWith('crossref', [
      aRecord('Too old', { year: 2017 }),
      aRecord('First year', { year: 2018 }),
      aRecord('No year'),
      aRecord('Last year', { year: 2020 }),
      aRecord('Too new', { year: 2021 }),
    ]);
    const result = await resultOf(await run(client, { providers: ['crossref'], from_year: 2018, to_year: '2020' }));
    assert.deepEqual(titles(result), ['First year', 'Last year']);
    assert.equal(result.diagnostics.providers.crossref?.count, 5, 'diagnostics count what the provider returned');
  });

  it('applies the year filter after the merge: a year from a later provider keeps the record', async () => {
    const client = new FakeProviderClient()
      .respondWith('openalex', [aRecord('Merged', { doi: '10.1/m' })])
      .respondWith('crossref', [aRecord('Merged', { doi: '10.1/m', year: 2019 })]);
    const result = await resultOf(await run(client, { providers: ['openalex', 'crossref'], to_year: 2019 }));
    assert.deepEqual(
      result.results.map((record) => [record.title, record.year, record.providers]),
      [['Merged', 2019, ['openalex', 'crossref']]],
    );
  });

  it('keeps records whose normalised venue contains the normalised filter and drops records without a venue', async () => {
    const client = new FakeProviderClient().respondWith('crossref', [
      aRecord('A', { venue: 'Nature Communications' }),
      aRecord('B', { venue: 'NATURE' }),
      aRecord('C', { venue: 'Signature Studies' }),
      aRecord('D', { venue: 'Science' }),
      aRecord('E'),
      aRecord('F', { venue: 'Ｎａｔｕｒｅ-Reviews' }),
    ]);
    const result = await resultOf(await run(client, { providers: ['crossref'], venue_filter: '  nature  ' }));
    assert.deepEqual(titles(result), ['A', 'B', 'C', 'F']);
  });

  it('compares venues ignoring spaces, punctuation and case, in any script', async () => {
    const client = new FakeProviderClient().respondWith('crossref', [
      aRecord('A', { venue: 'Proc. of NeurIPS 2023' }),
      aRecord('B', { venue: '中国 科学：信息科学' }),
      aRecord('C', { venue: 'ICML' }),
    ]);
    assert.deepEqual(titles(await resultOf(await run(client, { providers: ['crossref'], venue_filter: 'neur-ips' }))), ['A']);
    assert.deepEqual(titles(await resultOf(await run(client, { providers: ['crossref'], venue_filter: '科学信息' }))), ['B']);
  });

  it('cuts to total_limit after filtering', async () => {
    const records = Array.from({ length: 10 }, (_, index) => aRecord(`Paper ${index}`, { year: index % 2 === 0 ? 2020 : 2010 }));
    const client = new FakeProviderClient().respondWith('crossref', records);
    const result = await resultOf(await run(client, { providers: ['crossref'], from_year: 2020, total_limit: 3 }));
    assert.deepEqual(titles(result), ['Paper 0', 'Paper 2', 'Paper 4']);
  });

  it('turns a search whose filters leave nothing into a warning, as any empty search', async () => {
    const client = new FakeProviderClient().respondWith('crossref', [aRecord('Old', { year: 1990 })]);
    const result = await resultOf(await run(client, { providers: ['crossref'], from_year: 2000 }));
    assert.equal(result.status, 'warning');
    assert.deepEqual(result.results, []);
  });
});

describe('the embedded plan of a steered search (docs/providers.md#how-a-search-runs step 8)', () => {
  it('is the plan qiongli_search_plan gives for the same query, mode, years and venue', async () => {
    const args = { query: 'governance platform evidence', search_mode: 'title', from_year: '2018', to_year: 2022, venue_filter: ' Nature ' };
    const client = new FakeProviderClient();
    const deps = searchDeps(client);
    const outcome = await searchLiterature(searchArgs({ ...args, include_abstracts: true, sort: 'newest', include_plan: true }), deps, recordingContext());
    const result = await resultOf(outcome);
    const plan = planSearch(searchPlanInput().parse(args), await deps.config.read(), true);
    assert.ok(plan.ok);
    assert.deepEqual(result.search_plan, plan.value);
    assert.deepEqual(result.search_plan?.filters, {
      fromYear: 2018,
      from_year: 2018,
      search_mode: 'title',
      toYear: 2022,
      to_year: 2022,
      venue_filter: 'Nature',
    });
  });
});
