import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startHostileProxy, type ProxyBehaviour } from '../../support/hostile-proxies.js';
import { testHttp } from '../../support/provider-http.js';

/** One GET to a constant https endpoint through `proxy`, with the given limits; how long it took and what it gave. */
async function fetchThrough(proxy: string, timeouts: { connectMs: number; requestMs: number }) {
  const http = testHttp({ environment: { HTTPS_PROXY: proxy }, timeouts });
  const started = performance.now();
  const result = await http.fetchText({
    get: { url: 'https://api.crossref.org/works?query=budget', headers: {} },
    lane: 'crossref',
    intervalMs: 0,
    deadline: http.deadlineFromNow(),
    signal: new AbortController().signal,
  });
  return { result, ms: performance.now() - started };
}

const PROXY_FAILURE = { ok: false, error: { kind: 'transport_error', cause: 'proxy' } };

describe('a hostile proxy never holds a request past its budget (issue 24, rows 1 and 2)', () => {
  for (const behaviour of ['tarpit', 'drip'] as const satisfies readonly ProxyBehaviour[]) {
    it(`gives up a ${behaviour} proxy at the connect limit, with the proxy cause, and closes its socket`, { timeout: 20_000 }, async () => {
      const proxy = await startHostileProxy(behaviour);
      try {
        const { result, ms } = await fetchThrough(proxy.url, { connectMs: 400, requestMs: 10_000 });
        assert.deepEqual(result, PROXY_FAILURE);
        assert.ok(ms >= 350 && ms < 1500, `answered after ${Math.round(ms)} ms`);
        assert.ok(await proxy.allClosed(2000), `${proxy.open()} connection(s) to the proxy still open`);
        assert.ok(proxy.connections() <= 2, `${proxy.connections()} connections`);
      } finally {
        await proxy.close();
      }
    });
  }

  it('answers at the whole-request budget when it ends before the connect limit', { timeout: 20_000 }, async () => {
    const proxy = await startHostileProxy('tarpit');
    try {
      const { result, ms } = await fetchThrough(proxy.url, { connectMs: 5000, requestMs: 300 });
      assert.deepEqual(result, { ok: false, error: { kind: 'timeout' } });
      assert.ok(ms >= 250 && ms < 1000, `answered after ${Math.round(ms)} ms`);
    } finally {
      await proxy.close();
    }
  });

  it('dials a proxy that closes after CONNECT a handful of times at most, and answers transport_error (proxy)', { timeout: 20_000 }, async () => {
    const proxy = await startHostileProxy('closer');
    try {
      const { result, ms } = await fetchThrough(proxy.url, { connectMs: 3000, requestMs: 15_000 });
      assert.deepEqual(result, PROXY_FAILURE);
      assert.ok(ms < 1000, `answered after ${Math.round(ms)} ms`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.ok(proxy.connections() <= 3, `${proxy.connections()} connections for one request`);
    } finally {
      await proxy.close();
    }
  });

  it('keeps concurrent requests through a closing proxy bounded too', { timeout: 20_000 }, async () => {
    const proxy = await startHostileProxy('closer');
    try {
      const results = await Promise.all(Array.from({ length: 4 }, () => fetchThrough(proxy.url, { connectMs: 3000, requestMs: 15_000 })));
      assert.deepEqual(
        results.map(({ result }) => result),
        Array(4).fill(PROXY_FAILURE),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.ok(proxy.connections() <= 12, `${proxy.connections()} connections for four requests`);
    } finally {
      await proxy.close();
    }
  });
});
