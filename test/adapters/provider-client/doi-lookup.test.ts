import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixtureText } from './fixtures.js';
import { CLIENT_HEADERS, JSON_HEADERS, ORIGINS, mockedClient, trackMockAgents } from './mock-providers.js';
import { searchRequest } from './search-request.js';

const track = trackMockAgents();

/** Each single-work provider: its constant path prefix and the query it always sends after the DOI. */
const LOOKUPS = [
  { provider: 'openalex', prefix: '/works/doi:', search: '' },
  {
    provider: 'semantic_scholar',
    prefix: '/graph/v1/paper/DOI:',
    search: '?fields=title,year,venue,externalIds,authors,url,citationCount,openAccessPdf,publicationTypes',
  },
  { provider: 'crossref', prefix: '/works/', search: '' },
] as const;

/** DOIs built to leave their path segment, reach another host, add a query or split the request. */
const HOSTILE_DOIS = [
  '10.1000/../../members',
  '10.1000/./x',
  '10.1000/..',
  '10.1000/%2e%2e/%2E%2E/members',
  '10.1000/%2F..%2F..%2Fx',
  '10.1000/x?api_key=stolen&rows=1000',
  '10.1000/x#fragment',
  '10.1000/x@evil.example',
  '10.1000//evil.example/x',
  '10.1000/x\\..\\..\\y',
  '10.1000/x\r\nHost: evil.example\r\n\r\nGET /',
  '10.1000/\u0000\u001f\u007f',
  '10.1000/ x y',
  '10.1000/café;a=b:c',
  `10.1000/${'a'.repeat(2000)}`,
];

describe('DOI lookups through the single-work endpoints (MockAgent, no network)', () => {
  for (const { provider, prefix, search } of LOOKUPS) {
    it(`${provider}: a hostile DOI stays inside its path segment on the constant host (docs/providers.md#steered-requests)`, async () => {
      const { agent, client } = track(mockedClient({ cacheEntries: 0 }));
      const seen: string[] = [];
      agent
        .get(ORIGINS[provider])
        .intercept({ path: () => true, method: 'GET', headers: CLIENT_HEADERS })
        .reply((options) => {
          seen.push(options.path);
          return { statusCode: 404, data: 'Resource not found.' };
        })
        .times(HOSTILE_DOIS.length);
      for (const doi of HOSTILE_DOIS) {
        const outcome = await client.search(searchRequest(provider, { query: doi, searchBy: 'doi' }));
        assert.deepEqual(outcome, { ok: true, value: { records: [], cached: false } }, JSON.stringify(doi));
      }
      assert.equal(seen.length, HOSTILE_DOIS.length);
      seen.forEach((path, index) => {
        const doi = HOSTILE_DOIS[index]!;
        assert.ok(path.startsWith(prefix), path);
        const queryAt = path.indexOf('?');
        const segment = path.slice(prefix.length, queryAt < 0 ? undefined : queryAt);
        assert.equal(queryAt < 0 ? '' : path.slice(queryAt), search, path);
        assert.equal(decodeURIComponent(segment), doi, path);
        assert.doesNotMatch(segment, /[?#\s\\@\x00-\x1f\x7f]/u, path);
        assert.ok(
          segment.split('/').every((part) => part !== '.' && part !== '..' && !/^(%2e|\.){1,2}$/iu.test(part)),
          path,
        );
      });
    });
  }

  it('answers a 404 as "no record" and a 500 as http_error', async () => {
    const { agent, client } = track(mockedClient());
    const pool = agent.get(ORIGINS.crossref);
    pool.intercept({ path: '/works/10.1000/missing', method: 'GET' }).reply(404, 'Resource not found.');
    pool.intercept({ path: '/works/10.1000/broken', method: 'GET' }).reply(500, 'oops');
    assert.deepEqual(await client.search(searchRequest('crossref', { query: '10.1000/missing', searchBy: 'doi' })), {
      ok: true,
      value: { records: [], cached: false },
    });
    assert.deepEqual(await client.search(searchRequest('crossref', { query: '10.1000/broken', searchBy: 'doi' })), {
      ok: false,
      error: { kind: 'http_error' },
    });
  });

  it('keeps a 404 of a list search an http_error (only lookups mean "no record")', async () => {
    const { agent, client } = track(mockedClient());
    agent.get(ORIGINS.crossref).intercept({ path: '/works?query=ecology&rows=10', method: 'GET' }).reply(404, 'Not found');
    assert.deepEqual(await client.search(searchRequest('crossref', { query: 'ecology' })), { ok: false, error: { kind: 'http_error' } });
  });

  it('maps the one work of each single-work answer to one record', async () => {
    const { agent, client } = track(mockedClient());
    agent
      .get(ORIGINS.openalex)
      .intercept({ path: '/works/doi:10.1038/s42256-024-00832-8', method: 'GET' })
      .reply(200, fixtureText('openalex-work-doi.json'), JSON_HEADERS);
    agent
      .get(ORIGINS.semantic_scholar)
      .intercept({ path: (path) => path.startsWith('/graph/v1/paper/DOI:10.48550/arxiv.2503.23674?fields='), method: 'GET' })
      .reply(200, fixtureText('semanticscholar-paper-doi.json'), JSON_HEADERS);
    agent.get(ORIGINS.crossref).intercept({ path: '/works/10.1111/ele.14024', method: 'GET' }).reply(200, fixtureText('crossref-work-doi.json'), JSON_HEADERS);
    const openalex = await client.search(searchRequest('openalex', { query: '10.1038/s42256-024-00832-8', searchBy: 'doi' }));
    const s2 = await client.search(searchRequest('semantic_scholar', { query: '10.48550/arxiv.2503.23674', searchBy: 'doi' }));
    const crossref = await client.search(searchRequest('crossref', { query: '10.1111/ele.14024', searchBy: 'doi' }));
    assert.ok(openalex.ok && s2.ok && crossref.ok);
    assert.deepEqual(
      openalex.value.records.map((record) => [record.title, record.cited_by_count]),
      [['Augmenting large language models with chemistry tools', 236]],
    );
    assert.deepEqual(
      s2.value.records.map((record) => [record.title, record.doi]),
      [['Large Language Models Pass the Turing Test', '10.48550/arXiv.2503.23674']],
    );
    assert.deepEqual(
      crossref.value.records.map((record) => [record.doi, record.cited_by_count]),
      [['10.1111/ele.14024', 26]],
    );
  });

  it('does not ask arXiv at all (no DOI lookup): no records, no request', async () => {
    const { client } = track(mockedClient());
    assert.deepEqual(await client.search(searchRequest('arxiv', { query: '10.48550/arxiv.2503.23674', searchBy: 'doi' })), {
      ok: true,
      value: { records: [], cached: false },
    });
  });

  it('asks PubMed esearch for the [doi] field, then esummary', async () => {
    const { agent, client } = track(mockedClient());
    const pool = agent.get(ORIGINS.pubmed);
    pool
      .intercept({
        path: '/entrez/eutils/esearch.fcgi?db=pubmed&term=10.1186%2Fs13321-016-0181-z%5Bdoi%5D&retmode=json&sort=relevance&retmax=10',
        method: 'GET',
      })
      .reply(200, '{"esearchresult":{"count":"1","idlist":["27933103"]}}', JSON_HEADERS);
    pool
      .intercept({ path: '/entrez/eutils/esummary.fcgi?db=pubmed&id=27933103&retmode=json', method: 'GET' })
      .reply(200, fixtureText('pubmed-esummary-compact-single.json'), JSON_HEADERS);
    const outcome = await client.search(searchRequest('pubmed', { query: '10.1186/s13321-016-0181-z', searchBy: 'doi' }));
    assert.ok(outcome.ok);
    assert.deepEqual(
      outcome.value.records.map((record) => record.doi),
      ['10.1186/s13321-016-0181-z'],
    );
  });
});

describe('the answer cache and abstracts', () => {
  it('does not answer a search with abstracts from a cached search without them', async () => {
    const { agent, client } = track(mockedClient());
    const pool = agent.get(ORIGINS.crossref);
    for (let i = 0; i < 2; i++)
      pool.intercept({ path: '/works?query=ecology&rows=20', method: 'GET' }).reply(200, fixtureText('crossref-works-query-author.json'), JSON_HEADERS);
    const plain = await client.search(searchRequest('crossref', { query: 'ecology', limit: 20 }));
    const withAbstracts = await client.search(searchRequest('crossref', { query: 'ecology', limit: 20, includeAbstracts: true }));
    const again = await client.search(searchRequest('crossref', { query: 'ecology', limit: 20, includeAbstracts: true }));
    assert.ok(plain.ok && withAbstracts.ok && again.ok);
    assert.equal(plain.value.records.filter((record) => record.abstract !== undefined).length, 0);
    assert.equal(withAbstracts.value.cached, false);
    assert.equal(withAbstracts.value.records.filter((record) => record.abstract !== undefined).length, 15);
    assert.equal(again.value.cached, true);
  });
});
