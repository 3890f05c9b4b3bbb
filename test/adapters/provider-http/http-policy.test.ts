import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Agent, EnvHttpProxyAgent, ProxyAgent } from 'undici';
import { MAX_BODY_BYTES, sharedAgent } from '../../../src/adapters/provider-http/http-policy.js';
import { fixtureText } from '../provider-client/fixtures.js';
import { JSON_HEADERS, ORIGINS, mockedClient, trackMockAgents } from '../provider-client/mock-providers.js';
import { searchRequest } from '../provider-client/search-request.js';
import { testHttp } from '../../support/provider-http.js';

const CANARY = 'CANARY-KEY-0b7f31';
const anyPath = { path: () => true, method: 'GET' } as const;
const track = trackMockAgents();

describe('HTTP policy: retry on 429/503 (docs/providers.md#requests)', () => {
  it('retries a 429 once after a Retry-After in seconds that fits the budget, then succeeds', async () => {
    const { agent, client, clock } = track(mockedClient());
    const pool = agent.get(ORIGINS.semantic_scholar);
    pool.intercept(anyPath).reply(429, fixtureText('semanticscholar-429.json'), { headers: { 'retry-after': '2' } });
    pool.intercept(anyPath).reply(200, fixtureText('semanticscholar-paper-search-empty.json'), JSON_HEADERS);
    const outcome = await client.search(searchRequest('semantic_scholar', { credentials: { apiKey: CANARY } }));
    assert.deepEqual(outcome, { ok: true, value: { records: [], cached: false } });
    assert.deepEqual(clock.sleeps, [2000]);
  });

  it('retries after a Retry-After HTTP date that fits the budget', async () => {
    const { agent, client, clock } = track(mockedClient());
    const pool = agent.get(ORIGINS.openalex);
    const at = new Date(clock.now() + 5000).toUTCString();
    pool.intercept(anyPath).reply(503, 'busy', { headers: { 'retry-after': at } });
    pool.intercept(anyPath).reply(200, fixtureText('openalex-works-empty-page.json'), JSON_HEADERS);
    const outcome = await client.search(searchRequest('openalex'));
    assert.ok(outcome.ok);
    assert.deepEqual(clock.sleeps, [5000]);
  });

  it('answers rate_limited for a 429 without Retry-After, or with one beyond the 15 s budget', async () => {
    for (const headers of [{}, { 'retry-after': '30' }, { 'retry-after': 'soon' }]) {
      const { agent, client } = track(mockedClient());
      agent.get(ORIGINS.semantic_scholar).intercept(anyPath).reply(429, fixtureText('semanticscholar-429.json'), { headers });
      assert.deepEqual(await client.search(searchRequest('semantic_scholar')), { ok: false, error: { kind: 'rate_limited' } });
    }
  });

  it('retries only once: a second 429 is rate_limited and a second 503 is http_error', async () => {
    for (const [status, kind] of [
      [429, 'rate_limited'],
      [503, 'http_error'],
    ] as const) {
      const { agent, client } = track(mockedClient());
      agent
        .get(ORIGINS.openalex)
        .intercept(anyPath)
        .reply(status, 'again', { headers: { 'retry-after': '1' } })
        .times(2);
      assert.deepEqual(await client.search(searchRequest('openalex')), { ok: false, error: { kind } });
    }
  });

  it('answers http_error for a 503 without Retry-After', async () => {
    const { agent, client } = track(mockedClient());
    agent.get(ORIGINS.crossref).intercept(anyPath).reply(503, 'down');
    assert.deepEqual(await client.search(searchRequest('crossref')), { ok: false, error: { kind: 'http_error' } });
  });
});

describe('HTTP policy: error kinds (docs/providers.md#requests)', () => {
  it('answers http_error for 500 and for the real 400 error bodies', async () => {
    const cases = [
      ['crossref', 500, 'internal'],
      ['openalex', 400, fixtureText('openalex-error-400.json')],
      ['crossref', 400, fixtureText('crossref-error-400.json')],
      ['arxiv', 400, fixtureText('arxiv-error-400-atom.xml')],
    ] as const;
    for (const [provider, status, body] of cases) {
      const { agent, client } = track(mockedClient());
      agent.get(ORIGINS[provider]).intercept(anyPath).reply(status, body);
      assert.deepEqual(await client.search(searchRequest(provider)), { ok: false, error: { kind: 'http_error' } });
    }
  });

  it('does not follow a redirect: a 301 is http_error', async () => {
    const { agent, client } = track(mockedClient());
    agent
      .get(ORIGINS.openalex)
      .intercept(anyPath)
      .reply(301, '', { headers: { location: 'https://api.openalex.org/elsewhere' } });
    assert.deepEqual(await client.search(searchRequest('openalex')), { ok: false, error: { kind: 'http_error' } });
  });

  it('answers decode_error for malformed JSON and malformed XML with status 200', async () => {
    const cases = [
      ['openalex', '{"results": [ {'],
      ['semantic_scholar', 'not json'],
      ['crossref', '{"status":"ok"'],
      ['pubmed', '<html>'],
      ['arxiv', '<feed><entry><title>x</feed>'],
    ] as const;
    for (const [provider, body] of cases) {
      const { agent, client } = track(mockedClient());
      agent.get(ORIGINS[provider]).intercept(anyPath).reply(200, body);
      assert.deepEqual(await client.search(searchRequest(provider)), { ok: false, error: { kind: 'decode_error' } });
    }
  });

  it('answers rate_limited for arXiv\'s HTTP 200 body "Rate exceeded."', async () => {
    const { agent, client } = track(mockedClient());
    agent
      .get(ORIGINS.arxiv)
      .intercept(anyPath)
      .reply(200, 'Rate exceeded.\n', { headers: { 'content-type': 'text/plain' } });
    assert.deepEqual(await client.search(searchRequest('arxiv')), { ok: false, error: { kind: 'rate_limited' } });
  });

  it('answers rate_limited for the real NCBI rate-limit body, and stops before esummary', async () => {
    const { agent, client } = track(mockedClient());
    agent.get(ORIGINS.pubmed).intercept(anyPath).reply(200, fixtureText('pubmed-error-rate-limit.json'), JSON_HEADERS);
    assert.deepEqual(await client.search(searchRequest('pubmed')), { ok: false, error: { kind: 'rate_limited' } });
  });

  it('answers decode_error, without reading, when content-length declares more than 4 MiB', async () => {
    const { agent, client } = track(mockedClient());
    agent
      .get(ORIGINS.crossref)
      .intercept(anyPath)
      .reply(200, fixtureText('crossref-works-query.json'), { headers: { 'content-length': String(MAX_BODY_BYTES + 1) } });
    assert.deepEqual(await client.search(searchRequest('crossref')), { ok: false, error: { kind: 'decode_error' } });
  });

  it('answers decode_error when a body without a declared length grows past 4 MiB', async () => {
    const { agent, client } = track(mockedClient());
    // Valid JSON padded with whitespace: only the size cap can refuse it.
    const padded = `{"message": {"items": []}}${' '.repeat(MAX_BODY_BYTES)}`;
    agent.get(ORIGINS.crossref).intercept(anyPath).reply(200, padded);
    assert.deepEqual(await client.search(searchRequest('crossref')), { ok: false, error: { kind: 'decode_error' } });
  });

  it('keeps the API key out of every outcome, success or failure (docs/providers.md#requests)', async () => {
    const replies = [
      [200, fixtureText('semanticscholar-paper-search.json')],
      [429, CANARY],
      [500, `error for ${CANARY}`],
      [200, `{"oops": "${CANARY}"`],
      [301, ''],
    ] as const;
    for (const [status, body] of replies) {
      const { agent, client } = track(mockedClient());
      agent
        .get(ORIGINS.semantic_scholar)
        .intercept(anyPath)
        .reply(status, body, { headers: { location: `https://x/?k=${CANARY}` } });
      const outcome = await client.search(searchRequest('semantic_scholar', { credentials: { apiKey: CANARY } }));
      assert.ok(!JSON.stringify(outcome).includes(CANARY));
    }
  });
});

describe('HTTP policy: cancellation and the dispatcher (docs/providers.md#requests)', () => {
  it('answers cancelled without any request when the signal is already aborted', async () => {
    const { client } = track(mockedClient());
    const controller = new AbortController();
    controller.abort();
    assert.deepEqual(await client.search(searchRequest('arxiv', { signal: controller.signal })), { ok: false, error: { kind: 'cancelled' } });
  });

  it('answers cancelled when the signal aborts during a pacing wait', async () => {
    let wake: (() => void) | undefined;
    const waitingClock = {
      now: () => Date.parse('2026-03-01T12:00:00Z'),
      sleep: (_ms: number, signal: AbortSignal) =>
        new Promise<void>((resolve) => {
          wake = resolve;
          signal.addEventListener('abort', () => resolve(), { once: true });
        }),
    };
    const { agent, client } = track(mockedClient({ clock: waitingClock }));
    agent.get(ORIGINS.arxiv).intercept(anyPath).reply(200, fixtureText('arxiv-empty-atom.xml'));
    assert.ok((await client.search(searchRequest('arxiv', { query: 'first' }))).ok);
    const controller = new AbortController();
    const second = client.search(searchRequest('arxiv', { query: 'second', signal: controller.signal }));
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(wake !== undefined);
    controller.abort();
    assert.deepEqual(await second, { ok: false, error: { kind: 'cancelled' } });
  });

  it('answers cancelled when the signal aborts during a Retry-After wait', async () => {
    const controller = new AbortController();
    const abortingClock = {
      now: () => Date.parse('2026-03-01T12:00:00Z'),
      sleep: async () => controller.abort(),
    };
    const { agent, client } = track(mockedClient({ clock: abortingClock }));
    agent
      .get(ORIGINS.openalex)
      .intercept(anyPath)
      .reply(429, '', { headers: { 'retry-after': '1' } });
    assert.deepEqual(await client.search(searchRequest('openalex', { signal: controller.signal })), { ok: false, error: { kind: 'cancelled' } });
  });

  it('answers cancelled when the signal aborts while the response is awaited', async () => {
    const { agent, client } = track(mockedClient());
    agent.get(ORIGINS.crossref).intercept(anyPath).reply(200, fixtureText('crossref-works-query.json')).delay(5000);
    const controller = new AbortController();
    const pending = client.search(searchRequest('crossref', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    assert.deepEqual(await pending, { ok: false, error: { kind: 'cancelled' } });
  });

  it('uses a plain undici Agent by default, and the proxy agent only when a proxy variable is set (docs/configuration.md#proxies)', () => {
    const limits = { connectMs: 3000, requestMs: 15000 };
    const dispatcher = sharedAgent(limits, {});
    assert.ok(dispatcher instanceof Agent);
    assert.ok(!(dispatcher instanceof EnvHttpProxyAgent));
    assert.ok(!(dispatcher instanceof ProxyAgent));
    assert.equal(sharedAgent(limits, { NO_PROXY: 'example.org' }), dispatcher, 'NO_PROXY alone changes nothing');
    const proxied = sharedAgent(limits, { HTTPS_PROXY: 'http://127.0.0.1:3128' });
    assert.ok(proxied instanceof EnvHttpProxyAgent);
    assert.equal(sharedAgent(limits, { HTTPS_PROXY: 'http://127.0.0.1:3128' }), proxied, 'one shared agent per proxy setting');
  });

  it('refuses to build a client whose version cannot be sent in a header, with a static message', () => {
    assert.throws(() => testHttp({ version: '1.0\r\nx: y' }), { name: 'TypeError', message: 'invalid provider client version' });
  });
});
