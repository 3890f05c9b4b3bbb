import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MockAgent } from 'undici';
import { ProviderHttp } from '../../../src/adapters/provider-http/provider-http.js';
import { FakeClock } from './fake-clock.js';
import { TEST_VERSION } from '../provider-client/mock-providers.js';
import { testHttp } from '../../support/provider-http.js';

/** A ProviderHttp over a MockAgent that answers every GET of the origin with `ok`. */
function policyOver(origin: string, answers: number): { http: ProviderHttp; clock: FakeClock; agent: MockAgent } {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agent
    .get(origin)
    .intercept({ path: () => true, method: 'GET' })
    .reply(200, 'ok', { headers: { 'content-type': 'text/plain' } })
    .times(answers);
  const clock = new FakeClock();
  return { http: testHttp({ version: TEST_VERSION, dispatcher: agent, clock }), clock, agent };
}

describe('the shared HTTP policy (docs/providers.md#requests)', () => {
  it('paces request starts per lane, whichever client sends them, and lanes apart from each other', async () => {
    const { http, clock, agent } = policyOver('https://api.opencitations.net', 3);
    const signal = new AbortController().signal;
    const deadline = http.deadlineFromNow();
    const get = (path: string) => ({ get: { url: `https://api.opencitations.net${path}`, headers: {} }, intervalMs: 1000, deadline, signal });
    assert.deepEqual(await http.fetchText({ ...get('/a'), lane: 'opencitations' }), { ok: true, value: 'ok' });
    assert.deepEqual(await http.fetchText({ ...get('/b'), lane: 'opencitations' }), { ok: true, value: 'ok' });
    assert.deepEqual(await http.fetchText({ ...get('/c'), lane: 'another' }), { ok: true, value: 'ok' });
    assert.deepEqual(clock.sleeps, [1000]);
    agent.assertNoPendingInterceptors();
    await agent.close();
  });

  it('takes a caller body bound below the default and refuses a body past it as decode_error', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('https://www.ebi.ac.uk')
      .intercept({ path: '/big', method: 'GET' })
      .reply(200, 'x'.repeat(2048), { headers: { 'content-type': 'text/plain' } });
    const http = testHttp({ version: TEST_VERSION, dispatcher: agent, clock: new FakeClock() });
    const step = await http.fetchText({
      get: { url: 'https://www.ebi.ac.uk/big', headers: {} },
      lane: 'europepmc',
      intervalMs: 0,
      deadline: http.deadlineFromNow(),
      signal: new AbortController().signal,
      maxBodyBytes: 1024,
    });
    assert.deepEqual(step, { ok: false, error: { kind: 'decode_error' } });
    await agent.close();
  });

  it('refuses a version that cannot be sent in a header', () => {
    assert.throws(() => testHttp({ version: 'bad version' }), /invalid provider client version/);
  });
});

/** A clock that only moves when the test says so; sleeps end when it passes them or their signal aborts. */
class ManualClock {
  private current = 0;
  private readonly sleepers: { until: number; wake: () => void }[] = [];
  now(): number {
    return this.current;
  }
  sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const sleeper = { until: this.current + ms, wake: resolve };
      this.sleepers.push(sleeper);
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }
  get pendingSleeps(): number {
    return this.sleepers.length;
  }
}

/** An error as Node's net module raises it for a refused connection (only the code is read). */
const refused = () => Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' });

describe('connection failures (issue 19)', () => {
  it('requests that never reached the provider do not pace the ones queued behind them, and say why they failed', { timeout: 10_000 }, async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('https://export.arxiv.org')
      .intercept({ path: () => true, method: 'GET' })
      .replyWithError(refused())
      .times(4);
    const clock = new ManualClock();
    const http = testHttp({ version: TEST_VERSION, dispatcher: agent, clock });
    const signal = new AbortController().signal;
    const deadline = http.deadlineFromNow();
    const get = { url: 'https://export.arxiv.org/api/query?search_query=all:x', headers: {} };
    // Four searches queued at once on the arXiv lane (one start every 3 s): all four end while
    // the clock stands still, since each failed start is given back to the next.
    const steps = await Promise.all([0, 1, 2, 3].map(() => http.fetchText({ get, lane: 'arxiv', intervalMs: 3000, deadline, signal })));
    assert.deepEqual(steps, Array(4).fill({ ok: false, error: { kind: 'transport_error', cause: 'connection refused' } }));
    assert.equal(clock.now(), 0);
    await agent.close();
  });

  it('classifies connection errors by code only: name resolution, refused, unreachable, TLS, timeout, proxy, reset', async () => {
    const { transportFailure } = await import('../../../src/adapters/provider-http/transport-cause.js');
    const coded = (code: string) => Object.assign(new Error('secret-host.example:443 /path?api_key=K'), { code });
    assert.deepEqual(transportFailure(coded('ENOTFOUND')), { cause: 'name resolution', reachedProvider: false });
    assert.deepEqual(transportFailure(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')])), {
      cause: 'connection refused',
      reachedProvider: false,
    });
    assert.deepEqual(transportFailure(Object.assign(new TypeError('fetch failed'), { cause: coded('ENETUNREACH') })), {
      cause: 'network unreachable',
      reachedProvider: false,
    });
    assert.deepEqual(transportFailure(coded('CERT_HAS_EXPIRED')), { cause: 'TLS', reachedProvider: false });
    assert.deepEqual(transportFailure(coded('ERR_TLS_CERT_ALTNAME_INVALID')), { cause: 'TLS', reachedProvider: false });
    assert.deepEqual(transportFailure(coded('ETIMEDOUT')), { cause: 'timeout', reachedProvider: false });
    assert.deepEqual(transportFailure(new Error('Proxy response (407) !== 200 when HTTP Tunneling')), { cause: 'proxy', reachedProvider: false });
    assert.deepEqual(transportFailure(coded('ECONNRESET')), { cause: 'connection reset', reachedProvider: true });
    assert.deepEqual(transportFailure(coded('EWHATEVER')), { cause: undefined, reachedProvider: true });
  });
});
