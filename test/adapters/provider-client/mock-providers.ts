import { afterEach } from 'node:test';
import { MockAgent } from 'undici';
import type { UndiciProviderClient } from '../../../src/adapters/provider-client/undici-provider-client.js';
import type { ProviderClock } from '../../../src/adapters/provider-http/clock.js';
import { FakeClock } from '../provider-http/fake-clock.js';
import { searchClient } from '../../support/provider-http.js';

/** The constant origins of the five providers (docs/providers.md#requests). */
export const ORIGINS = {
  openalex: 'https://api.openalex.org',
  semantic_scholar: 'https://api.semanticscholar.org',
  crossref: 'https://api.crossref.org',
  pubmed: 'https://eutils.ncbi.nlm.nih.gov',
  arxiv: 'https://export.arxiv.org',
} as const;

/** The version every test client sends, so interceptors can require the User-Agent. */
export const TEST_VERSION = '9.8.7-test';

/** A MockAgent that refuses real connections, a fake clock and a client wired to both. */
export function mockedClient(options: { clock?: ProviderClock; cacheEntries?: number } = {}): {
  agent: MockAgent;
  clock: FakeClock;
  client: UndiciProviderClient;
} {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const clock = new FakeClock();
  const client = searchClient({
    version: TEST_VERSION,
    dispatcher: agent,
    clock: options.clock ?? clock,
    ...(options.cacheEntries === undefined ? {} : { cacheEntries: options.cacheEntries }),
  });
  return { agent, clock, client };
}

/** Headers every provider request must carry. */
export const CLIENT_HEADERS = { 'user-agent': `qiongli/${TEST_VERSION}` } as const;

/** Response headers of a JSON answer. */
export const JSON_HEADERS = { headers: { 'content-type': 'application/json' } } as const;

/**
 * Registers an `afterEach` that checks every tracked MockAgent used all its interceptors and
 * closes it; returns `track`, which a test wraps around each `mockedClient()` setup.
 */
export function trackMockAgents(): <T extends { agent: MockAgent }>(setup: T) => T {
  let agents: MockAgent[] = [];
  afterEach(async () => {
    for (const agent of agents) {
      agent.assertNoPendingInterceptors();
      await agent.close();
    }
    agents = [];
  });
  return (setup) => {
    agents.push(setup.agent);
    return setup;
  };
}
