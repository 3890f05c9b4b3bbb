import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MockAgent } from 'undici';
import { ProviderHttp } from '../../../src/adapters/provider-client/provider-http.js';
import { FakeClock } from './fake-clock.js';
import { TEST_VERSION } from './mock-providers.js';

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
  return { http: new ProviderHttp({ version: TEST_VERSION, dispatcher: agent, clock }), clock, agent };
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
    const http = new ProviderHttp({ version: TEST_VERSION, dispatcher: agent, clock: new FakeClock() });
    const step = await http.fetchText({
      get: { url: 'https://www.ebi.ac.uk/big', headers: {} },
      lane: 'europepmc',
      intervalMs: 0,
      deadline: http.deadlineFromNow(),
      signal: new AbortController().signal,
      maxBodyBytes: 1024,
    });
    assert.deepEqual(step, { ok: false, kind: 'decode_error' });
    await agent.close();
  });

  it('refuses a version that cannot be sent in a header', () => {
    assert.throws(() => new ProviderHttp({ version: 'bad version' }), /invalid provider client version/);
  });
});
