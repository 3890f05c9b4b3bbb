import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AesGcmSealedTokens } from '../../../src/adapters/sealed-token/index.js';
import { searchLiterature } from '../../../src/domain/literature-search/literature-search.js';
import { LITERATURE_SEARCH_MESSAGES } from '../../../src/domain/literature-search/literature-search-input.js';
import { mergeSearchResults } from '../../../src/domain/literature-search/merge-search-results.js';
import { HeldSearchLists, SEARCH_CURSOR_TTL_MS, type HeldSearch } from '../../../src/domain/literature-search/search-pages.js';
import { FakeProviderClient } from '../../fakes/provider-client.fake.js';
import { aRecord, assertValidForClient, everyPage, recordingContext, searchArgs, searchDeps } from './search-harness.js';

const PROVIDERS = ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'] as const;

/** The records each provider answers: `count`, a few of them shared (merged) across providers. */
const answers = (count = 40) =>
  PROVIDERS.map((provider) => ({
    provider,
    records: Array.from({ length: count }, (_, n) =>
      aRecord(n % 7 === 0 ? `Shared paper ${n}` : `${provider} paper ${n}`, { year: 2000 + (n % 20), doi: `10.1/${n % 7 === 0 ? 's' : provider}.${n}` }),
    ),
  }));

/** Every provider answering {@link answers}. */
function fullClient(): FakeProviderClient {
  const client = new FakeProviderClient();
  for (const { provider, records } of answers()) client.respondWith(provider, records);
  return client;
}

const ARGS = { query: 'paper', per_provider_limit: 40 };

describe('a search pages its merged list (docs/tools.md#paging-a-search)', () => {
  it('serves each record exactly once, in the order of one big page, and asks no provider on a cursor page', async () => {
    const client = fullClient();
    const deps = searchDeps(client);
    const first = await searchLiterature(searchArgs({ ...ARGS, page_size: 10 }), deps, recordingContext());
    assert.ok(first.ok);
    assert.equal(first.value.results.length, 10);
    assert.ok(first.value.total_results > 100);
    const asked = client.requests.length;
    const whole = await everyPage({ ...ARGS, page_size: 10 }, deps);
    assert.equal(client.requests.length, asked * 2, 'everyPage searched once more (its first page), its cursor pages asked nobody');
    const oneBigPage = mergeSearchResults(answers(), 'paper', 200);
    assert.deepEqual(whole.results, oneBigPage);
    assert.equal(new Set(whole.results.map((record) => record.doi)).size, whole.results.length);
  });

  it('repeats status and complete diagnostics on every page, replays the progress, and lets each page choose its size and plan', async () => {
    const deps = searchDeps(fullClient());
    const first = await searchLiterature(searchArgs(ARGS), deps, recordingContext());
    assert.ok(first.ok && first.value.next_cursor !== undefined);
    assert.equal(first.value.results.length, 25);
    const context = recordingContext();
    const second = await searchLiterature(searchArgs({ ...ARGS, cursor: first.value.next_cursor, page_size: 3, include_plan: true }), deps, context);
    assert.ok(second.ok);
    assert.equal(second.value.results.length, 3);
    assert.deepEqual(second.value.diagnostics, first.value.diagnostics);
    assert.equal(second.value.status, first.value.status);
    assert.deepEqual(context.progress, [
      [1, 5],
      [2, 5],
      [3, 5],
      [4, 5],
      [5, 5],
    ]);
    assert.equal(second.value.plan, undefined);
    assert.deepEqual(second.value.search_plan?.query_entries, [{ query_id: 'Q1', query: 'paper', source: 'primary' }]);
    assert.equal(first.value.search_plan, undefined);
    assert.deepEqual(first.value.plan, {
      plan_id: first.value.plan?.plan_id,
      providers: ['semantic_scholar', 'openalex', 'crossref', 'pubmed', 'arxiv'],
      query_entries: [{ query_id: 'Q1', query: 'paper', source: 'primary' }],
    });
    assert.match(first.value.plan?.plan_id ?? '', /^plan-[0-9a-f]{16}$/u);
    await assertValidForClient(first.value);
    await assertValidForClient(second.value);
  });

  it('refuses a tampered, foreign or expired cursor, and the cursor of a dropped list, with one static message', async () => {
    let now = 1_000_000;
    const deps = {
      ...searchDeps(fullClient()),
      paging: { tokens: new AesGcmSealedTokens(() => now), lists: new HeldSearchLists(() => now, { lists: 2, characters: 1e9 }) },
    };
    const first = await searchLiterature(searchArgs(ARGS), deps, recordingContext());
    assert.ok(first.ok && first.value.next_cursor !== undefined);
    const cursor = first.value.next_cursor;
    const refused = { ok: false, error: { kind: 'invalid_arguments', message: LITERATURE_SEARCH_MESSAGES.invalidCursor } };
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('AA') ? 'BB' : 'AA'}`;
    assert.deepEqual(await searchLiterature(searchArgs({ ...ARGS, cursor: tampered }), deps, recordingContext()), refused);
    for (const other of [{ query: 'other' }, { sort: 'newest' }, { per_provider_limit: 39 }, { providers: ['arxiv'] }, { include_abstracts: true }])
      assert.deepEqual(await searchLiterature(searchArgs({ ...ARGS, ...other, cursor }), deps, recordingContext()), refused, JSON.stringify(other));
    assert.match(LITERATURE_SEARCH_MESSAGES.invalidCursor, /search again/u);
    // Two more searches with a second page: the first list is dropped (at most two held).
    for (const query of ['paper one', 'paper two']) assert.ok((await searchLiterature(searchArgs({ ...ARGS, query }), deps, recordingContext())).ok);
    assert.deepEqual(await searchLiterature(searchArgs({ ...ARGS, cursor }), deps, recordingContext()), refused);
    const fresh = await searchLiterature(searchArgs(ARGS), deps, recordingContext());
    assert.ok(fresh.ok && fresh.value.next_cursor !== undefined);
    now += SEARCH_CURSOR_TTL_MS + 1;
    assert.deepEqual(await searchLiterature(searchArgs({ ...ARGS, cursor: fresh.value.next_cursor }), deps, recordingContext()), refused);
  });

  it('keeps a default page under 40,000 characters and a page of 100 under 100,000, with long records and abstracts', async () => {
    const abstract = 'Evidence '.repeat(300).slice(0, 2000);
    const authors = Array.from({ length: 60 }, (_, n) => ({ family: `Author${n}`, given: 'Given Name' }));
    const client = new FakeProviderClient();
    for (const provider of PROVIDERS)
      client.respondWith(
        provider,
        Array.from({ length: 200 }, (_, n) =>
          aRecord(`${provider} paper ${n} `.repeat(20), { abstract, authors, venue: 'A venue '.repeat(30), doi: `10.1/${provider}.${n}` }),
        ),
      );
    const deps = searchDeps(client);
    for (const [args, bound] of [
      [{ query: 'paper', per_provider_limit: 200, include_abstracts: true }, 40_000],
      [{ query: 'paper', per_provider_limit: 200, include_abstracts: true, page_size: 100, include_plan: true }, 100_000],
    ] as const) {
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await searchLiterature(searchArgs({ ...args, ...(cursor === undefined ? {} : { cursor }) }), deps, recordingContext());
        assert.ok(page.ok);
        const size = JSON.stringify(page.value).length;
        assert.ok(size < bound, `${size} characters`);
        assert.ok(page.value.results.length >= 1);
        cursor = page.value.next_cursor;
        pages += 1;
      } while (cursor !== undefined && pages < 5);
    }
  });
});

describe('the held lists (docs/tools.md#paging-a-search)', () => {
  const held = (records: number, size: number): HeldSearch => ({
    records: [],
    sizes: Array.from({ length: records }, () => size),
    status: 'ok',
    diagnostics: { status: 'complete', providers: {}, warnings: [] },
    plan: {} as HeldSearch['plan'],
    attempted: 1,
  });

  it('are bounded in number and characters, oldest dropped first, and none is older than 30 minutes', () => {
    let now = 0;
    const lists = new HeldSearchLists(() => now, { lists: 3, characters: 1000 });
    const a = lists.hold(held(4, 100));
    const b = lists.hold(held(4, 100));
    assert.ok(lists.find(a) && lists.find(b));
    const c = lists.hold(held(3, 100)); // 1100 > 1000: a goes
    assert.equal(lists.find(a), undefined);
    assert.ok(lists.find(b) && lists.find(c));
    const big = lists.hold(held(11, 100)); // larger than every bound: not held, nothing dropped
    assert.equal(lists.find(big), undefined);
    assert.ok(lists.find(b) && lists.find(c));
    const d = lists.hold(held(1, 1));
    const e = lists.hold(held(1, 1)); // four lists: the oldest (b) goes
    assert.equal(lists.find(b), undefined);
    assert.equal(lists.size, 3);
    now = SEARCH_CURSOR_TTL_MS + 1;
    assert.equal(lists.find(d), undefined);
    assert.equal(lists.find(e), undefined);
    assert.equal(lists.size, 0);
  });
});
