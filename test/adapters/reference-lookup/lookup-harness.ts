import { MockAgent } from 'undici';
import { UndiciReferenceLookup } from '../../../src/adapters/reference-lookup/index.js';
import type { ProviderHttp } from '../../../src/adapters/provider-http/provider-http.js';
import type { LookupAccess, ReferenceSourceId } from '../../../src/ports/reference-lookup.port.js';
import { FakeClock } from '../provider-http/fake-clock.js';
import { testHttp } from '../../support/provider-http.js';
import { CLIENT_HEADERS, ORIGINS, TEST_VERSION } from '../provider-client/mock-providers.js';

export { CLIENT_HEADERS, ORIGINS, trackMockAgents } from '../provider-client/mock-providers.js';
export { fixtureJson, fixtureText } from '../provider-client/fixtures.js';

/** A MockAgent refusing real connections, a fake clock, the kernel over both, and the lookup over the kernel. */
export function mockedLookup(options: { cacheEntries?: number; requestMs?: number } = {}): {
  agent: MockAgent;
  clock: FakeClock;
  http: ProviderHttp;
  lookup: UndiciReferenceLookup;
} {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const clock = new FakeClock();
  const timeouts = options.requestMs === undefined ? {} : { timeouts: { requestMs: options.requestMs } };
  const http = testHttp({ version: TEST_VERSION, dispatcher: agent, clock, ...timeouts });
  return {
    agent,
    clock,
    http,
    lookup: new UndiciReferenceLookup({ http, ...(options.cacheEntries === undefined ? {} : { cacheEntries: options.cacheEntries }) }),
  };
}

/** What a session is opened with: credentials (none by default) and a signal that never aborts unless given. */
export const access = (credentials: LookupAccess['credentials'] = {}, signal: AbortSignal = new AbortController().signal): LookupAccess => ({
  credentials,
  signal,
});

/** Intercepts one GET to `source`'s constant origin whose path (with query) is `path`, answered with `body`. */
export function answer(
  agent: MockAgent,
  source: ReferenceSourceId,
  path: string,
  body: string | object,
  status = 200,
  headers: Record<string, string> = {},
): void {
  agent
    .get(ORIGINS[source])
    .intercept({ path, method: 'GET', headers: CLIENT_HEADERS })
    .reply(status, typeof body === 'string' ? body : JSON.stringify(body), { headers: { 'content-type': 'application/json', ...headers } });
}
