import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MockAgent } from 'undici';
import { fixtureText } from './fixtures.js';
import { CLIENT_HEADERS, JSON_HEADERS, ORIGINS, mockedClient, trackMockAgents } from './mock-providers.js';
import { searchRequest } from './search-request.js';

const CANARY = 'CANARY-KEY-7c4e9a';
const track = trackMockAgents();

describe('UndiciProviderClient success paths (MockAgent, no network)', () => {
  it('searches OpenAlex with api_key (and no mailto) in the query and the qiongli User-Agent (docs/providers.md#providers-and-readiness, docs/providers.md#requests)', async () => {
    const { agent, client } = track(mockedClient());
    agent
      .get(ORIGINS.openalex)
      .intercept({ path: '/works?search=llm%20chemistry&per_page=25&api_key=oa-key', method: 'GET', headers: CLIENT_HEADERS })
      .reply(200, fixtureText('openalex-works-title-search.json'), JSON_HEADERS);
    const outcome = await client.search(
      searchRequest('openalex', { query: 'llm chemistry', limit: 25, credentials: { apiKey: 'oa-key', email: 'me@example.org' } }),
    );
    assert.ok(outcome.ok);
    assert.equal(outcome.value.cached, false);
    assert.equal(outcome.value.records.length, 2);
    assert.equal(outcome.value.records[0]?.identifiers?.openalex, 'W4396723768');
  });

  it('searches Semantic Scholar with the key in x-api-key and never in the URL (docs/providers.md#providers-and-readiness)', async () => {
    const { agent, client } = track(mockedClient());
    const seenPaths: string[] = [];
    agent
      .get(ORIGINS.semantic_scholar)
      .intercept({
        path: (path) => {
          seenPaths.push(path);
          return path.startsWith('/graph/v1/paper/search?');
        },
        method: 'GET',
        headers: { ...CLIENT_HEADERS, 'x-api-key': CANARY },
      })
      .reply(200, fixtureText('semanticscholar-paper-search.json'), JSON_HEADERS);
    const outcome = await client.search(searchRequest('semantic_scholar', { query: 'turing', limit: 100, credentials: { apiKey: CANARY } }));
    assert.ok(outcome.ok);
    assert.equal(outcome.value.records.length, 100);
    assert.ok(seenPaths.length > 0);
    assert.ok(seenPaths.every((path) => !path.includes(CANARY)));
    assert.ok(!JSON.stringify(outcome).includes(CANARY));
  });

  it('searches Crossref with the contact email as mailto (docs/providers.md#providers-and-readiness)', async () => {
    const { agent, client } = track(mockedClient());
    agent
      .get(ORIGINS.crossref)
      .intercept({ path: '/works?query=ecology&rows=2&mailto=me%40example.org', method: 'GET', headers: CLIENT_HEADERS })
      .reply(200, fixtureText('crossref-works-query.json'), JSON_HEADERS);
    const outcome = await client.search(searchRequest('crossref', { query: 'ecology', limit: 2, credentials: { email: 'me@example.org' } }));
    assert.ok(outcome.ok);
    assert.deepEqual(
      outcome.value.records.map((record) => record.title),
      ['Communicating Ecology', 'Chemical Ecology'],
    );
  });

  it('searches PubMed with esearch then esummary for the returned ids, comma-joined (docs/providers.md#requests)', async () => {
    const { agent, client } = track(mockedClient());
    const pool = agent.get(ORIGINS.pubmed);
    pool
      .intercept({ path: '/entrez/eutils/esearch.fcgi?db=pubmed&term=APC&retmode=json&sort=relevance&retmax=100', method: 'GET', headers: CLIENT_HEADERS })
      .reply(200, fixtureText('pubmed-esearch.json'), JSON_HEADERS);
    const summaryIds: string[] = [];
    pool
      .intercept({
        path: (path) => {
          const ids = new URL(path, ORIGINS.pubmed).searchParams.get('id') ?? '';
          summaryIds.push(ids);
          return path.startsWith('/entrez/eutils/esummary.fcgi?') && path.endsWith('&retmode=json');
        },
        method: 'GET',
        headers: CLIENT_HEADERS,
      })
      .reply(200, fixtureText('pubmed-esummary.json'), JSON_HEADERS);
    const outcome = await client.search(searchRequest('pubmed', { query: 'APC', limit: 100 }));
    assert.ok(outcome.ok);
    assert.deepEqual(
      outcome.value.records.map((record) => record.identifiers?.pmid),
      ['26622191', '17918089'],
    );
    const ids = summaryIds.at(-1)?.split(',') ?? [];
    assert.equal(ids.length, 100);
    assert.equal(ids[0], '42555032');
  });

  it('skips esummary when esearch returns no ids', async () => {
    const { agent, client } = track(mockedClient());
    agent
      .get(ORIGINS.pubmed)
      .intercept({ path: (path) => path.startsWith('/entrez/eutils/esearch.fcgi?'), method: 'GET' })
      .reply(200, '{"esearchresult": {"count": "0", "idlist": []}}', JSON_HEADERS);
    assert.deepEqual(await client.search(searchRequest('pubmed')), { ok: true, value: { records: [], cached: false } });
  });

  it('searches arXiv asking for Atom and maps the feed (docs/providers.md#requests)', async () => {
    const { agent, client } = track(mockedClient());
    agent
      .get(ORIGINS.arxiv)
      .intercept({
        path: '/api/query?search_query=all:testing&start=0&max_results=10&sortBy=relevance&sortOrder=descending',
        method: 'GET',
        headers: { ...CLIENT_HEADERS, accept: 'application/atom+xml' },
      })
      .reply(200, fixtureText('arxiv-search-atom.xml'), { headers: { 'content-type': 'application/atom+xml' } });
    const outcome = await client.search(searchRequest('arxiv', { query: '  testing  ', limit: 10 }));
    assert.ok(outcome.ok);
    assert.equal(outcome.value.records.length, 10);
    assert.equal(outcome.value.records[9]?.record_type, 'preprint');
  });
});

describe('UndiciProviderClient answer cache (docs/providers.md#requests)', () => {
  const arxivReply = (agent: MockAgent, times = 1): void => {
    agent
      .get(ORIGINS.arxiv)
      .intercept({ path: (path) => path.startsWith('/api/query?'), method: 'GET' })
      .reply(200, fixtureText('arxiv-search-atom.xml'))
      .times(times);
  };

  it('answers a repeated search from the cache without reaching the network, marked cached', async () => {
    const { agent, client } = track(mockedClient());
    arxivReply(agent);
    const first = await client.search(searchRequest('arxiv', { query: 'testing' }));
    const second = await client.search(searchRequest('arxiv', { query: ' testing ' }));
    assert.ok(first.ok && second.ok);
    assert.equal(first.value.cached, false);
    assert.equal(second.value.cached, true);
    assert.deepEqual(second.value.records, first.value.records);
  });

  it('asks again after ten minutes', async () => {
    const { agent, client, clock } = track(mockedClient());
    arxivReply(agent, 2);
    await client.search(searchRequest('arxiv', { query: 'testing' }));
    clock.advance(10 * 60 * 1000);
    const later = await client.search(searchRequest('arxiv', { query: 'testing' }));
    assert.ok(later.ok);
    assert.equal(later.value.cached, false);
  });

  it('keys answers by limit and credentials, so a different key or limit is asked again', async () => {
    const { agent, client } = track(mockedClient());
    agent
      .get(ORIGINS.openalex)
      .intercept({ path: (path) => path.startsWith('/works?'), method: 'GET' })
      .reply(200, fixtureText('openalex-works-empty-page.json'))
      .times(3);
    const outcomes = [
      await client.search(searchRequest('openalex', { limit: 5, credentials: { apiKey: 'key-a' } })),
      await client.search(searchRequest('openalex', { limit: 5, credentials: { apiKey: 'key-b' } })),
      await client.search(searchRequest('openalex', { limit: 6, credentials: { apiKey: 'key-a' } })),
      await client.search(searchRequest('openalex', { limit: 5, credentials: { apiKey: 'key-a' } })),
    ];
    assert.deepEqual(
      outcomes.map((outcome) => outcome.ok && outcome.value.cached),
      [false, false, false, true],
    );
  });

  it('does not cache failures', async () => {
    const { agent, client } = track(mockedClient());
    const pool = agent.get(ORIGINS.crossref);
    pool.intercept({ path: (path) => path.startsWith('/works?'), method: 'GET' }).reply(500, 'oops');
    pool.intercept({ path: (path) => path.startsWith('/works?'), method: 'GET' }).reply(200, fixtureText('crossref-works-query.json'));
    assert.deepEqual(await client.search(searchRequest('crossref')), { ok: false, error: { kind: 'http_error' } });
    const retried = await client.search(searchRequest('crossref'));
    assert.ok(retried.ok);
    assert.equal(retried.value.cached, false);
  });

  it('evicts the least recently used answer beyond the bound', async () => {
    const { agent, client } = track(mockedClient({ cacheEntries: 2 }));
    arxivReply(agent, 4);
    const cachedFlags: boolean[] = [];
    for (const query of ['a', 'b', 'a', 'c', 'b', 'a']) {
      const outcome = await client.search(searchRequest('arxiv', { query }));
      cachedFlags.push(outcome.ok && outcome.value.cached);
    }
    // c evicts b (a was used more recently); b then evicts a.
    assert.deepEqual(cachedFlags, [false, false, true, false, false, false]);
  });
});

describe('UndiciProviderClient pacing (docs/providers.md#requests)', () => {
  it('starts arXiv requests at least 3 s apart', async () => {
    const { agent, client, clock } = track(mockedClient());
    agent
      .get(ORIGINS.arxiv)
      .intercept({ path: (path) => path.startsWith('/api/query?'), method: 'GET' })
      .reply(200, fixtureText('arxiv-empty-atom.xml'))
      .times(2);
    await client.search(searchRequest('arxiv', { query: 'one' }));
    await client.search(searchRequest('arxiv', { query: 'two' }));
    assert.deepEqual(clock.sleeps, [3000]);
  });

  it('starts Crossref requests at least 1 s apart', async () => {
    const { agent, client, clock } = track(mockedClient());
    agent
      .get(ORIGINS.crossref)
      .intercept({ path: (path) => path.startsWith('/works?'), method: 'GET' })
      .reply(200, fixtureText('crossref-works-query.json'))
      .times(2);
    await client.search(searchRequest('crossref', { query: 'one' }));
    clock.advance(400);
    await client.search(searchRequest('crossref', { query: 'two' }));
    assert.deepEqual(clock.sleeps, [600]);
  });

  it('paces PubMed to 3 request starts per second without a key and 10 with one', async () => {
    for (const [credentials, gap] of [
      [{}, 334],
      [{ apiKey: 'ncbi' }, 100],
    ] as const) {
      const { agent, client, clock } = track(mockedClient());
      const pool = agent.get(ORIGINS.pubmed);
      pool.intercept({ path: (path) => path.includes('esearch.fcgi'), method: 'GET' }).reply(200, fixtureText('pubmed-esearch.json'));
      pool.intercept({ path: (path) => path.includes('esummary.fcgi'), method: 'GET' }).reply(200, fixtureText('pubmed-esummary-compact-single.json'));
      const outcome = await client.search(searchRequest('pubmed', { credentials }));
      assert.ok(outcome.ok);
      assert.deepEqual(clock.sleeps, [gap]);
    }
  });

  it('answers rate_limited without a request when the pacing slot falls beyond the 15 s budget', async () => {
    // Time stands still, so all seven searches queue against the same 15 s deadline.
    const frozen = { now: () => Date.parse('2026-03-01T12:00:00Z'), sleep: async () => {} };
    const { agent, client } = track(mockedClient({ clock: frozen }));
    agent
      .get(ORIGINS.arxiv)
      .intercept({ path: (path) => path.startsWith('/api/query?'), method: 'GET' })
      .reply(200, fixtureText('arxiv-empty-atom.xml'))
      .times(6);
    const searches = ['q0', 'q1', 'q2', 'q3', 'q4', 'q5', 'q6'].map((query) => client.search(searchRequest('arxiv', { query })));
    const outcomes = await Promise.all(searches);
    assert.deepEqual(outcomes[6], { ok: false, error: { kind: 'rate_limited' } });
    assert.ok(outcomes[0]?.ok);
  });
});
