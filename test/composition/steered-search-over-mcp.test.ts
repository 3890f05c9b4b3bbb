import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromJsonSchema } from '@modelcontextprotocol/client';
import { createContainer } from '../../src/composition/create-container.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { CANARY_KEYS, canarySecrets, everyProviderReady } from '../domain/literature-search/search-harness.js';
import { PROJECT_ROOT } from '../support/built-program.js';
import { connectV1InProcess } from '../support/in-process-v1-client.js';
import { startLoopbackProviders, type LoopbackProviders } from '../support/loopback-providers.js';
import { toolErrorOf } from '../support/messages.js';

const TOOL = 'qiongli_literature_search';
const QUERY = 'large language models chemistry';
const NEW_FIELDS = ['abstract', 'cited_by_count', 'open_access_url', 'retracted', 'record_type'];

/**
 * The record types of the answer to `{query: QUERY}` since each source's own type is read (issue
 * 28, item 3), in answer order (`-`: no source states one): before, every record but arXiv's
 * four preprints was an `article`. OpenAlex's second work is its `preprint` (ChemCrow on arXiv),
 * Semantic Scholar's list types its reviews, books and conference papers, Crossref's its
 * `posted-content` (preprints) and its `dataset`.
 */
const RECORD_TYPES_NOW = (
  'article preprint article article article article article article article - article book article article article article conference_paper ' +
  'article article review article - article article conference_paper article article - article review article article article preprint article ' +
  'article article article preprint article article article article article article article dataset article article article article article ' +
  'article article article preprint preprint preprint preprint'
).split(' ');

const fixture = (...path: string[]) => JSON.parse(readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', ...path), 'utf8'));
/** The answer to `{query: QUERY}` before issue 12 (test/fixtures/literature-search/README.md). */
const RECORDED = fixture('literature-search', 'default-search-before-steering.json') as { diagnostics: unknown; results: Record<string, any>[] };
/**
 * The recorded answer as it reads since Crossref titles and venues lose their markup (the one
 * deliberate change to a record since; test/fixtures/literature-search/README.md): the `<scp>`
 * tags and the `&amp;` of the recorded Crossref text removed, written out here rather than
 * through the adapter's own cleaning.
 */
const withoutCrossrefMarkup = (text: string): string =>
  text
    .replace(/<\/?scp>/gu, '')
    .replace(/&amp;/gu, '&')
    .replace(/\s+/gu, ' ');
const BEFORE = {
  diagnostics: RECORDED.diagnostics,
  results: RECORDED.results.map((record) =>
    record.provider !== 'crossref'
      ? record
      : {
          ...record,
          title: withoutCrossrefMarkup(record.title),
          ...(record.venue === undefined ? {} : { venue: withoutCrossrefMarkup(record.venue) }),
        },
  ),
};
const OPENALEX_LIST = fixture('providers', 'openalex-works-title-search.json');
const S2_LIST = fixture('providers', 'semanticscholar-paper-search.json');
const CROSSREF_LIST = fixture('providers', 'crossref-works-query-author.json');

interface ToolResult {
  isError?: boolean;
  structuredContent?: any;
  content: { type: string; text: string }[];
}

/**
 * The composed server, every provider ready, its real undici adapters pointed at the loopback
 * providers, and the v1 SDK client in process: every `tools/call` result is checked against the
 * listed outputSchema by v1 (it throws otherwise) and, for a success, by the v2 validator too.
 */
async function steeredServer(loopback: LoopbackProviders) {
  const container = createContainer('lite', {
    configSource: FakeConfigSource.withProviders(everyProviderReady),
    secretStore: canarySecrets(),
    dispatcher: loopback.dispatcher,
  });
  const { client } = await connectV1InProcess(container);
  const { tools } = await client.listTools(); // v1 keeps the output validators of the listed tools
  const outputSchema = tools.find((tool) => tool.name === TOOL)?.outputSchema;
  assert.ok(outputSchema);
  const v2 = fromJsonSchema(outputSchema as Record<string, unknown>);
  const page = async (args: Record<string, unknown>): Promise<ToolResult> => {
    const result = (await client.callTool({ name: TOOL, arguments: args })) as ToolResult;
    if (!result.isError) {
      const verdict = await v2['~standard'].validate(result.structuredContent);
      assert.ok(!('issues' in verdict && verdict.issues), 'the v2 client accepts it too');
      assert.deepEqual(JSON.parse(result.content[0]!.text), result.structuredContent);
    }
    return result;
  };
  // The whole merged list: the first page, then each next_cursor with the same arguments
  // (docs/tools.md#paging-a-search); `results` holds every record in the order of the pages.
  const search = async (args: Record<string, unknown>): Promise<ToolResult> => {
    const first = await page(args);
    if (first.isError) return first;
    const results = [...first.structuredContent.results];
    for (let cursor = first.structuredContent.next_cursor; cursor !== undefined; ) {
      const next = await page({ ...args, cursor });
      assert.ok(!next.isError, next.content[0]?.text);
      results.push(...next.structuredContent.results);
      cursor = next.structuredContent.next_cursor;
    }
    assert.equal(results.length, first.structuredContent.total_results);
    return { ...first, structuredContent: { ...first.structuredContent, results } };
  };
  return { client, search };
}

/** Runs `body` against a fresh loopback and server, closing both after. */
async function withServer(body: (server: Awaited<ReturnType<typeof steeredServer>>, loopback: LoopbackProviders) => Promise<void>): Promise<void> {
  const loopback = await startLoopbackProviders({ delayMs: 1 });
  const server = await steeredServer(loopback);
  try {
    await body(server, loopback);
  } finally {
    await server.client.close();
    await loopback.close();
  }
}

/** The query parameters of the (first) request a provider received. */
function paramsSeenBy(loopback: LoopbackProviders, provider: string): URLSearchParams {
  const seen = loopback.requests.find((request) => request.provider === provider);
  assert.ok(seen, `${provider} was asked`);
  return new URL(seen.path, 'http://loopback').searchParams;
}

const withoutNewFields = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([key]) => !NEW_FIELDS.includes(key)));
const keyOf = (record: Record<string, any>) => `${record.provider}|${record.title}`;

/** `records` stably sorted by `key` descending, unknown values last: the sort rule, written out. */
function stableSortedBy(records: readonly any[], key: (record: any) => number | undefined): any[] {
  return records
    .map((record, index) => ({ record, index, value: key(record) }))
    .sort((a, b) => {
      if (a.value !== b.value) {
        if (a.value === undefined) return 1;
        if (b.value === undefined) return -1;
        return b.value - a.value;
      }
      return a.index - b.index;
    })
    .map((entry) => entry.record);
}

/** OpenAlex's inverted index back to text: each word at each of its positions, in position order. */
function invertedIndexWords(index: Record<string, number[]>): string {
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) for (const position of positions) words[position] = word;
  return words.filter((word) => word !== undefined).join(' ');
}

describe('steered literature search through tools/call, real undici adapters over loopback, checked by the v1 SDK client (docs/tools.md#7-qiongli_literature_search)', () => {
  it('answers a call without the new arguments as before issue 12, plus only the always-on fields', async () => {
    await withServer(async ({ search }, loopback) => {
      const result = await search({ query: QUERY });
      const content = result.structuredContent;
      assert.equal(content.status, 'ok');
      assert.deepEqual(content.diagnostics, BEFORE.diagnostics);
      for (const provider of ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'])
        assert.equal(content.diagnostics.providers[provider].status, 'ok', provider);
      assert.deepEqual(content.results.map(withoutNewFields), BEFORE.results.map(withoutNewFields));
      assert.deepEqual(
        content.results.map((record: Record<string, unknown>) => record.record_type ?? '-'),
        RECORD_TYPES_NOW,
      );
      assert.ok(
        content.results.every((record: any) => !('abstract' in record)),
        'no abstract unless asked for',
      );
      assert.ok(content.results.some((record: any) => 'cited_by_count' in record));
      assert.ok(content.results.some((record: any) => 'open_access_url' in record));
      assert.equal(paramsSeenBy(loopback, 'semantic_scholar').get('fields')?.split(',').includes('abstract'), false);
      const openalex = paramsSeenBy(loopback, 'openalex');
      assert.equal(openalex.get('search'), QUERY);
      assert.equal(openalex.get('filter'), null);
    });
  });

  it('carries cited_by_count, https-only open_access_url and no retracted:false from the real list bodies', async () => {
    await withServer(async ({ search }) => {
      const { results } = (await search({ query: QUERY })).structuredContent;
      const byId = (scheme: string, id: string) => results.find((record: any) => record.identifiers?.[scheme] === id);
      for (const work of OPENALEX_LIST.results) {
        const record = byId('openalex', work.id.replace('https://openalex.org/', ''));
        assert.equal(record?.cited_by_count, work.cited_by_count, work.id);
        assert.equal(record.open_access_url, work.open_access.oa_url, work.id);
      }
      for (const paper of S2_LIST.data.slice(0, 25)) {
        const record = byId('semantic_scholar', paper.paperId);
        assert.ok(record, paper.paperId);
        assert.equal(record.cited_by_count, paper.citationCount, paper.paperId);
        const pdf: string = paper.openAccessPdf?.url ?? '';
        assert.equal(record.open_access_url, pdf.startsWith('https:') ? pdf : undefined, paper.paperId);
      }
      assert.ok(
        S2_LIST.data.slice(0, 25).some((paper: any) => paper.openAccessPdf?.url?.startsWith('http:')),
        'the body has an http: link to refuse',
      );
      for (const work of CROSSREF_LIST.message.items) {
        const record = results.find((candidate: any) => candidate.doi === work.DOI.toLowerCase());
        assert.equal(record?.cited_by_count, work['is-referenced-by-count'], work.DOI);
      }
      assert.equal(byId('pmid', '26622191').open_access_url, 'https://pmc.ncbi.nlm.nih.gov/articles/PMC4638311/');
      for (const record of results.filter((candidate: any) => candidate.provider === 'arxiv'))
        assert.equal(record.open_access_url, `https://arxiv.org/pdf/${record.identifiers.arxiv}`);
      assert.ok(results.every((record: any) => record.open_access_url === undefined || record.open_access_url.startsWith('https://')));
      assert.ok(
        results.every((record: any) => !('retracted' in record)),
        'no list body flags a retraction, and false is never written',
      );
    });
  });

  it('from_year/to_year: every provider is asked for the years, and records outside them are gone', async () => {
    await withServer(async ({ search }, loopback) => {
      const result = await search({ query: QUERY, from_year: 2020, to_year: '2023' });
      assert.equal(paramsSeenBy(loopback, 'openalex').get('filter'), 'publication_year:2020-2023');
      assert.equal(paramsSeenBy(loopback, 'semantic_scholar').get('year'), '2020-2023');
      assert.equal(paramsSeenBy(loopback, 'crossref').get('filter'), 'from-pub-date:2020,until-pub-date:2023');
      const pubmed = paramsSeenBy(loopback, 'pubmed');
      assert.deepEqual([pubmed.get('datetype'), pubmed.get('mindate'), pubmed.get('maxdate')], ['pdat', '2020', '2023']);
      assert.equal(paramsSeenBy(loopback, 'arxiv').get('search_query'), `all:${QUERY} AND submittedDate:[202001010000 TO 202312312359]`);
      const inRange = (record: any) => record.year !== undefined && record.year >= 2020 && record.year <= 2023;
      assert.ok(
        BEFORE.results.some((record) => !inRange(record)),
        'the bodies hold records outside the years',
      );
      const { results } = result.structuredContent;
      assert.ok(results.length > 0);
      assert.ok(results.every(inRange));
      assert.deepEqual(results.map(keyOf), BEFORE.results.filter(inRange).map(keyOf), 'exactly the in-range records, in relevance order');
    });
  });

  it('from_year alone: one-bound request forms', async () => {
    await withServer(async ({ search }, loopback) => {
      const { results } = (await search({ query: QUERY, from_year: '2024' })).structuredContent;
      assert.equal(paramsSeenBy(loopback, 'openalex').get('filter'), 'publication_year:>2023');
      assert.equal(paramsSeenBy(loopback, 'semantic_scholar').get('year'), '2024-');
      assert.equal(paramsSeenBy(loopback, 'crossref').get('filter'), 'from-pub-date:2024');
      assert.equal(paramsSeenBy(loopback, 'pubmed').get('maxdate'), '9999');
      assert.ok(results.length > 0 && results.every((record: any) => record.year >= 2024));
    });
  });

  it('search_mode title: each provider is asked through its title field', async () => {
    await withServer(async ({ search }, loopback) => {
      const result = await search({ query: QUERY, search_mode: 'title' });
      const openalex = paramsSeenBy(loopback, 'openalex');
      assert.equal(openalex.get('search'), null);
      assert.equal(openalex.get('filter'), `title.search:${QUERY}`);
      const crossref = paramsSeenBy(loopback, 'crossref');
      assert.deepEqual([crossref.get('query'), crossref.get('query.bibliographic')], [null, QUERY]);
      assert.equal(paramsSeenBy(loopback, 'pubmed').get('term'), `${QUERY}[ti]`);
      assert.equal(paramsSeenBy(loopback, 'arxiv').get('search_query'), `ti:${QUERY}`);
      assert.equal(paramsSeenBy(loopback, 'semantic_scholar').get('query'), QUERY);
      assert.equal(result.structuredContent.status, 'ok');
      assert.equal(result.structuredContent.results.length, BEFORE.results.length);
    });
  });

  it('search_mode doi: single-work endpoints only, arXiv left out with its static warning', async () => {
    await withServer(async ({ search }, loopback) => {
      const result = await search({ query: 'https://doi.org/10.1038/S42256-024-00832-8', search_mode: 'doi' });
      const doi = '10.1038/s42256-024-00832-8';
      const paths = Object.fromEntries(loopback.requests.map((request) => [request.provider, new URL(request.path, 'http://loopback').pathname]));
      assert.deepEqual(paths, {
        openalex: `/works/doi:${doi}`,
        semantic_scholar: `/graph/v1/paper/DOI:${doi}`,
        crossref: `/works/${doi}`,
        pubmed: '/entrez/eutils/esearch.fcgi',
      });
      assert.equal(paramsSeenBy(loopback, 'pubmed').get('term'), `${doi}[doi]`);
      assert.equal(
        paramsSeenBy(loopback, 'semantic_scholar').get('fields'),
        'title,year,venue,externalIds,authors,url,citationCount,openAccessPdf,publicationTypes',
      );
      const content = result.structuredContent;
      assert.ok(content.diagnostics.warnings.includes('arxiv: no DOI lookup; left out of a doi search'));
      const work = OPENALEX_LIST.results[0];
      assert.deepEqual(
        content.results.map((record: any) => [record.title, record.providers, record.doi, record.cited_by_count, record.open_access_url]),
        [[work.display_name, ['openalex'], doi, work.cited_by_count, work.open_access.oa_url]],
      );
      for (const provider of ['semantic_scholar', 'crossref', 'pubmed']) assert.equal(content.diagnostics.providers[provider].status, 'ok', provider);
    });
  });

  it('search_mode doi: an unknown DOI is no records, not an error (every lookup a 404 or an empty id list)', async () => {
    await withServer(async ({ search }, loopback) => {
      const result = await search({ query: '10.5555/no-such-work', search_mode: 'doi' });
      assert.equal(result.isError, undefined);
      assert.deepEqual(result.structuredContent.results, []);
      assert.deepEqual(Object.fromEntries(loopback.requests.map((request) => [request.provider, request.status])), {
        openalex: 404,
        semantic_scholar: 404,
        crossref: 404,
        pubmed: 200,
      });
      assert.equal(loopback.requests.length, 4, 'no esummary after an empty id list');
      for (const provider of ['openalex', 'semantic_scholar', 'crossref', 'pubmed'])
        assert.deepEqual(result.structuredContent.diagnostics.providers[provider], { status: 'ok', count: 0 }, provider);
    });
  });

  it('search_mode doi: a retracted work is flagged from Crossref updated-by and PubMed pubtype', async () => {
    await withServer(async ({ search }, loopback) => {
      const result = await search({ query: '10.1016/S0140-6736(97)11096-0', search_mode: 'doi' });
      const [record, ...others] = result.structuredContent.results;
      assert.deepEqual(others, []);
      assert.equal(record.retracted, true);
      assert.deepEqual(record.providers, ['crossref', 'pubmed']);
      assert.equal(record.identifiers.pmid, '9500320');
      assert.ok(
        loopback.requests.some((request) => request.provider === 'pubmed-summary' && new URL(request.path, 'http://l').searchParams.get('id') === '9500320'),
      );
      for (const provider of ['crossref', 'pubmed']) {
        const alone = await search({ query: '10.1016/s0140-6736(97)11096-0', search_mode: 'doi', providers: [provider] });
        assert.equal(alone.structuredContent.results[0]?.retracted, true, `${provider} alone flags it`);
      }
    });
  });

  it('search_mode doi: a hostile DOI stays in its path segment on every constant host', async () => {
    await withServer(async ({ search }, loopback) => {
      const result = await search({ query: '10.1000/../../admin?x=1#frag', search_mode: 'doi' });
      assert.equal(result.isError, undefined);
      const hosts = {
        openalex: 'api.openalex.org',
        semantic_scholar: 'api.semanticscholar.org',
        crossref: 'api.crossref.org',
        pubmed: 'eutils.ncbi.nlm.nih.gov',
      };
      assert.deepEqual(Object.fromEntries(loopback.requests.map((request) => [request.provider, request.host])), hosts);
      const pathOf = (provider: string) => loopback.requests.find((request) => request.provider === provider)!.path;
      assert.ok(pathOf('openalex').startsWith('/works/doi:10.1000%2F..%2F..%2Fadmin%3Fx%3D1%23frag'), pathOf('openalex'));
      assert.ok(pathOf('crossref').startsWith('/works/10.1000%2F..%2F..%2Fadmin%3Fx%3D1%23frag'), pathOf('crossref'));
      assert.ok(pathOf('semantic_scholar').startsWith('/graph/v1/paper/DOI:10.1000%2F..%2F..%2Fadmin%3Fx%3D1%23frag?fields='), pathOf('semantic_scholar'));
      assert.deepEqual(result.structuredContent.results, []);
    });
  });

  it('venue_filter: keeps exactly the records whose normalised venue contains the filter', async () => {
    await withServer(async ({ search }, loopback) => {
      const { results } = (await search({ query: QUERY, venue_filter: '  methods in ECOLOGY ' })).structuredContent;
      const wanted = (record: any) => record.venue === 'Methods in Ecology and Evolution';
      assert.ok(
        BEFORE.results.some((record) => record.venue !== undefined && !wanted(record)),
        'other venues exist',
      );
      assert.ok(results.length > 0);
      assert.deepEqual(results.map(keyOf), BEFORE.results.filter(wanted).map(keyOf));
      assert.ok(
        loopback.requests.every((request) => !decodeURIComponent(request.path).toLowerCase().includes('ecology')),
        'the venue is filtered here, not sent',
      );
    });
  });

  it('include_abstracts: abstracts only when asked, at most 2,000 characters, OpenAlex rebuilt from its inverted index', async () => {
    await withServer(async ({ search }, loopback) => {
      const { results } = (await search({ query: QUERY, include_abstracts: true })).structuredContent;
      assert.ok(paramsSeenBy(loopback, 'semantic_scholar').get('fields')?.split(',').includes('abstract'));
      const withAbstract = results.filter((record: any) => record.abstract !== undefined);
      assert.ok(withAbstract.length > 10);
      assert.ok(withAbstract.every((record: any) => record.abstract.length > 0 && [...record.abstract].length <= 2000));
      assert.ok(
        withAbstract.some((record: any) => [...record.abstract].length === 2000 && record.abstract.endsWith('…')),
        'a long Crossref abstract is cut',
      );
      assert.ok(
        withAbstract.every((record: any) => !/<\/?jats:|\s{2}/u.test(record.abstract)),
        'no JATS markup, whitespace collapsed',
      );
      for (const work of OPENALEX_LIST.results) {
        const record = results.find((candidate: any) => candidate.title === work.display_name);
        assert.equal(record.abstract, invertedIndexWords(work.abstract_inverted_index).replace(/\s+/gu, ' ').trim());
      }
      for (const record of results.filter((candidate: any) => candidate.provider === 'pubmed')) assert.equal(record.abstract, undefined, 'PubMed has none');
      assert.deepEqual(results.map(withoutNewFields), BEFORE.results.map(withoutNewFields), 'the same records otherwise');
    });
  });

  it('sort newest and most_cited: the relevance records, stably reordered, unknown values last', async () => {
    await withServer(async ({ search }) => {
      const relevance = (await search({ query: QUERY })).structuredContent.results;
      const newest = (await search({ query: QUERY, sort: 'newest' })).structuredContent.results;
      const mostCited = (await search({ query: QUERY, sort: 'most_cited' })).structuredContent.results;
      assert.deepEqual(newest.map(keyOf), stableSortedBy(relevance, (record) => record.year).map(keyOf));
      assert.deepEqual(mostCited.map(keyOf), stableSortedBy(relevance, (record) => record.cited_by_count).map(keyOf));
      assert.notDeepEqual(newest.map(keyOf), relevance.map(keyOf));
      assert.notDeepEqual(mostCited.map(keyOf), newest.map(keyOf));
      assert.ok(mostCited.at(-1).cited_by_count === undefined, 'unknown counts come last');
    });
  });

  it('refuses bad steering arguments with static errors the v1 client accepts, before any provider is asked', async () => {
    await withServer(async ({ search }, loopback) => {
      const cases: [Record<string, unknown>, string][] = [
        [{ from_year: 'CANARY-1999' }, 'from_year must be a four-digit year'],
        [{ to_year: 999 }, 'to_year must be between 1000 and 9999'],
        [{ from_year: 2024, to_year: 2020 }, 'from_year must be less than or equal to to_year'],
        [{ search_mode: 'doi' }, 'doi search_mode needs a DOI query'],
        [{ sort: 'CANARY' }, 'unsupported sort'],
      ];
      for (const [extra, message] of cases) {
        const result = await search({ query: QUERY, ...extra });
        const error = toolErrorOf(result);
        assert.equal(error.message, message);
        assert.ok(!JSON.stringify(result).includes('CANARY'), 'nothing given is echoed');
      }
      assert.equal(loopback.requests.length, 0);
    });
  });

  it('never lets a provider key reach a result', async () => {
    await withServer(async ({ search }) => {
      const result = await search({ query: QUERY, include_abstracts: true, search_mode: 'title', from_year: 2000 });
      for (const key of Object.values(CANARY_KEYS)) assert.ok(!JSON.stringify(result).includes(key));
    });
  });
});
