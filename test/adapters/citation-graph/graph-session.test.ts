import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { MockAgent } from 'undici';
import { UndiciCitationGraphClient } from '../../../src/adapters/citation-graph/index.js';
import { UndiciProviderClient } from '../../../src/adapters/provider-client/undici-provider-client.js';
import type { GraphAccess, GraphSourceId, WorkIdentifier } from '../../../src/ports/citation-graph.port.js';
import { FakeClock } from '../provider-http/fake-clock.js';
import { graphFixture, providerFixture } from '../../support/graph-world.js';
import { searchRequest } from '../provider-client/search-request.js';
import { TIER_INTERVALS_MS } from '../../../src/adapters/provider-http/tier-pacing.js';
import { testHttp } from '../../support/provider-http.js';

const JSON_REPLY = { headers: { 'content-type': 'application/json' } } as const;
const ORIGIN: Record<GraphSourceId, string> = {
  openalex: 'https://api.openalex.org',
  semantic_scholar: 'https://api.semanticscholar.org',
  opencitations: 'https://api.opencitations.net',
  crossref: 'https://api.crossref.org',
};

let agents: MockAgent[] = [];
afterEach(async () => {
  for (const agent of agents) await agent.close();
  agents = [];
});

/** A client over a MockAgent that records every request path (and answers with `reply`), on a clock that never waits. */
function client(reply: (origin: string, path: string) => { status: number; body?: string } = () => ({ status: 404 }), cacheEntries?: number) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const seen: { origin: string; path: string; headers: Record<string, string> }[] = [];
  for (const origin of Object.values(ORIGIN)) {
    agent
      .get(origin)
      .intercept({ path: () => true, method: 'GET' })
      .reply((options) => {
        seen.push({ origin, path: options.path, headers: options.headers as Record<string, string> });
        const answer = reply(origin, options.path);
        return { statusCode: answer.status, data: answer.body ?? '', responseOptions: JSON_REPLY };
      })
      .persist();
  }
  const clock = new FakeClock();
  const http = testHttp({ version: '1.0.0-test', dispatcher: agent, clock });
  return { seen, clock, http, graph: new UndiciCitationGraphClient({ http, ...(cacheEntries === undefined ? {} : { cacheEntries }) }) };
}

const access = (extra: Partial<GraphAccess> = {}): GraphAccess => ({ credentials: {}, signal: new AbortController().signal, ...extra });

describe('graph sessions: hostile identifiers never change a host or a path prefix', () => {
  const hostile: WorkIdentifier[] = [
    { kind: 'openalex', value: 'W1/../../x' },
    { kind: 'openalex', value: 'W1|W2' },
    { kind: 'semantic_scholar', value: '../../graph/v1/author/1' },
    { kind: 'semantic_scholar', value: 'CorpusId:1/../x' },
    { kind: 'pmid', value: '1/../x' },
    { kind: 'arxiv', value: '../../x' },
    { kind: 'doi', value: '10.1/../../../x' },
    { kind: 'doi', value: `10.1/${'%2F..'.repeat(500)}` },
    { kind: 'doi', value: '10.1/a\u0000b' },
    { kind: 'doi', value: `10.1/${'x'.repeat(2100)}` },
  ];

  it('sends nothing for an identifier outside its closed form, and keeps every DOI one path segment', async () => {
    const { seen, graph } = client();
    for (const source of ['openalex', 'semantic_scholar', 'crossref'] as const) {
      for (const work of hostile) {
        const step = await graph.session(source, access()).resolve(work);
        assert.ok(step.ok, `${source} ${work.kind}`);
        assert.equal(step.value, undefined);
      }
    }
    for (const request of seen) {
      const url = new URL(request.path, request.origin);
      assert.equal(url.pathname, request.path.split('?')[0], 'no dot segment resolved');
      const prefix = {
        'https://api.semanticscholar.org': '/graph/v1/paper/DOI:',
        'https://api.openalex.org': '/works/doi:',
        'https://api.crossref.org': '/works/',
      }[request.origin];
      assert.ok(prefix !== undefined && url.pathname.startsWith(prefix), request.path);
      assert.ok(!url.pathname.includes('/../') && !url.pathname.endsWith('/..'));
    }
    // Only two DOIs were sent to each source (the one with dot segments, as one %2F-joined segment, and the NUL one, %00);
    // the two over 2 KiB were not.
    assert.equal(seen.length, 2 * 3);
    const oc = graph.session('opencitations', access());
    assert.deepEqual(await oc.chunk('references', { doi: '10.1/../x' }, 0), { ok: true, value: { edges: [], last: true, total: 0 } });
    assert.equal(oc.cost().requests, 1);
    assert.equal(seen.at(-1)!.path, '/index/v2/references/doi:10.1%2F..%2Fx');
    const s2 = graph.session('semantic_scholar', access());
    assert.deepEqual(await s2.chunk('citations', { semantic_scholar: '../x' }, 0), { ok: true, value: { edges: [], last: true } });
    const openAlex = graph.session('openalex', access());
    assert.deepEqual(await openAlex.chunk('citations', {}, 0), { ok: true, value: { edges: [], last: true } });
    assert.deepEqual([s2.cost().requests, openAlex.cost().requests], [0, 0]);
  });

  it('percent-encodes a hostile next_cursor from a provider and never sends a referenced id outside the W pattern', async () => {
    const work = JSON.stringify({
      id: 'https://openalex.org/W1',
      display_name: 'T',
      referenced_works: ['https://openalex.org/W2', 'W3|cites:W4', 'https://openalex.org/W5'],
    });
    const { seen, graph } = client((_origin, path) => {
      if (path.startsWith('/works/W1?')) return { status: 200, body: work };
      if (path.includes('cursor=*'))
        return { status: 200, body: '{"meta":{"count":250,"next_cursor":"x&api_key=stolen/../#"},"results":[{"display_name":"A"}]}' };
      return { status: 200, body: '{"meta":{"count":0},"results":[]}' };
    });
    const session = graph.session('openalex', access());
    await session.chunk('references', { openalex: 'W1' }, 0);
    assert.match(seen.at(-1)!.path, /^\/works\?filter=openalex%3AW2%7CW5&per_page=100&select=/u);
    await session.chunk('citations', { openalex: 'W1' }, 1);
    assert.match(seen.at(-1)!.path, /^\/works\?filter=cites%3AW1&per_page=100&cursor=x%26api_key%3Dstolen%2F..%2F%23&select=/u);
  });
});

describe('graph sessions: credentials, cache, pacing and failures', () => {
  it('puts the OpenAlex key in api_key and the Semantic Scholar key in x-api-key only; keyless without one', async () => {
    const { seen, graph } = client();
    await graph.session('openalex', access({ credentials: { apiKey: 'oa-KEY' } })).resolve({ kind: 'openalex', value: 'W9' });
    assert.match(seen.at(-1)!.path, /^\/works\/W9\?select=.*&api_key=oa-KEY$/u);
    await graph.session('semantic_scholar', access({ credentials: { apiKey: 's2-KEY' } })).resolve({ kind: 'pmid', value: '123' });
    assert.equal(seen.at(-1)!.headers['x-api-key'], 's2-KEY');
    assert.ok(!seen.at(-1)!.path.includes('s2-KEY'));
    assert.match(seen.at(-1)!.path, /^\/graph\/v1\/paper\/PMID:123\?fields=/u);
    await graph.session('semantic_scholar', access()).resolve({ kind: 'arxiv', value: 'hep-th/9901001' });
    assert.equal(seen.at(-1)!.headers['x-api-key'], undefined);
    assert.match(seen.at(-1)!.path, /^\/graph\/v1\/paper\/ARXIV:hep-th%2F9901001\?/u);
    await graph.session('openalex', access()).resolve({ kind: 'arxiv', value: '2101.00001' });
    assert.match(seen.at(-1)!.path, /^\/works\/doi:10\.48550\/arxiv\.2101\.00001\?select=[^&]*$/u);
  });

  it('answers a second session from the cache (no request, cached) and keeps abstracts apart', async () => {
    const { seen, graph } = client(() => ({ status: 200, body: providerFixture('openalex-work-doi.json') }));
    const once = graph.session('openalex', access());
    const first = await once.resolve({ kind: 'doi', value: '10.1038/s42256-024-00832-8' });
    const again = graph.session('openalex', access());
    const second = await again.resolve({ kind: 'doi', value: '10.1038/s42256-024-00832-8' });
    assert.ok(first.ok && second.ok);
    assert.deepEqual(second.value, first.value);
    assert.deepEqual(once.cost(), { requests: 1, listCalls: 0 });
    assert.deepEqual(again.cost(), { requests: 0, listCalls: 0 });
    await graph.session('openalex', access({ includeAbstracts: true })).resolve({ kind: 'doi', value: '10.1038/s42256-024-00832-8' });
    assert.equal(seen.length, 2);
    assert.match(seen[1]!.path, /abstract_inverted_index/u);
  });

  it('paces a graph request and a keyless search request to Semantic Scholar in one lane, its keyless interval apart', async () => {
    const { clock, http, graph } = client((_origin, path) =>
      path.startsWith('/graph/v1/paper/search') ? { status: 200, body: providerFixture('semanticscholar-paper-search-empty.json') } : { status: 404 },
    );
    const search = new UndiciProviderClient({ http });
    await graph.session('semantic_scholar', access()).resolve({ kind: 'doi', value: '10.1/x' });
    await search.search(searchRequest('semantic_scholar', { query: 'q' }));
    await graph.session('opencitations', access()).chunk('citations', { doi: '10.1/x' }, 0);
    assert.deepEqual(
      clock.sleeps,
      [TIER_INTERVALS_MS.semantic_scholar.keyless],
      'the search waited for the graph request; OpenCitations has a lane of its own',
    );
  });

  it('maps failures to kinds: 404 of a list is http_error, a bad index too, an aborted signal cancelled', async () => {
    const { graph } = client();
    assert.deepEqual(await graph.session('openalex', access()).chunk('citations', { openalex: 'W1' }, 0), { ok: false, error: { kind: 'http_error' } });
    assert.deepEqual(await graph.session('openalex', access()).chunk('citations', { openalex: 'W1' }, -1), { ok: false, error: { kind: 'http_error' } });
    const aborted = new AbortController();
    aborted.abort();
    assert.deepEqual(await graph.session('crossref', access({ signal: aborted.signal })).resolve({ kind: 'doi', value: '10.1/x' }), {
      ok: false,
      error: { kind: 'cancelled' },
    });
  });

  it('turns anything a source throws into transport_error, never a rejection', async () => {
    const broken = {
      now: () => {
        throw new Error('clock broke');
      },
      sleep: () => Promise.resolve(),
    };
    const graph = new UndiciCitationGraphClient({ http: testHttp({ version: '1.0.0-test', clock: broken }) });
    assert.deepEqual(await graph.session('crossref', access()).resolve({ kind: 'doi', value: '10.1/x' }), { ok: false, error: { kind: 'transport_error' } });
  });

  it('has no lookup at Semantic Scholar or OpenCitations, no resolving at OpenCitations, and no citations at Crossref, all without a request', async () => {
    const { seen, graph } = client();
    assert.deepEqual(await graph.session('semantic_scholar', access()).lookup('10.1/x'), { ok: true, value: undefined });
    assert.deepEqual(await graph.session('opencitations', access()).lookup('10.1/x'), { ok: true, value: undefined });
    assert.deepEqual(await graph.session('opencitations', access()).resolve({ kind: 'doi', value: '10.1/x' }), { ok: true, value: undefined });
    assert.deepEqual(await graph.session('crossref', access()).chunk('citations', { doi: '10.1/x' }, 0), { ok: true, value: { edges: [], last: true } });
    assert.equal(seen.length, 0);
  });

  it('looks a DOI up at Crossref and reads its references in chunks of 100 from one answer', async () => {
    const references = Array.from({ length: 150 }, (_, i) => ({ key: `r${i}`, DOI: `10.9/${i}` }));
    const body = JSON.stringify({ message: { DOI: '10.1/x', title: ['A work'], reference: references } });
    const { seen, graph } = client(() => ({ status: 200, body }));
    const session = graph.session('crossref', access({ credentials: { email: 'lab@example.org' } }));
    const first = await session.chunk('references', { doi: '10.1/x' }, 0);
    const second = await session.chunk('references', { doi: '10.1/x' }, 1);
    assert.ok(first.ok && second.ok);
    assert.deepEqual(
      [first.value.edges.length, first.value.last, second.value.edges.length, second.value.last, second.value.total],
      [100, false, 50, true, 150],
    );
    assert.equal((await session.lookup('10.1/x')).ok, true);
    assert.deepEqual(
      seen.map((request) => request.path),
      ['/works/10.1/x?mailto=lab%40example.org'],
    );
    assert.equal(session.cost().requests, 1);
    assert.deepEqual(await graph.session('crossref', access()).chunk('references', {}, 0), { ok: true, value: { edges: [], last: true } });
    assert.equal(seen.length, 1);
  });

  it('reads the recorded OpenCitations body from the v2 endpoint, keyless, and slices it', async () => {
    const { seen, graph } = client(() => ({ status: 200, body: graphFixture('opencitations-citations.json') }));
    const step = await graph.session('opencitations', access({ credentials: { apiKey: 'never-sent' } })).chunk('citations', { pmid: '33817056' }, 0);
    assert.ok(step.ok);
    assert.equal(step.value.edges.length, 3);
    assert.equal(seen[0]!.path, '/index/v2/citations/pmid:33817056');
    assert.ok(!JSON.stringify(seen[0]).includes('never-sent'));
  });
});
