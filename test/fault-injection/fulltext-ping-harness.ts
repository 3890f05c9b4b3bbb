import { performance } from 'node:perf_hooks';
import { MockAgent } from 'undici';
import { createContainer } from '../../src/composition/create-container.js';
import { ALL_CAPABILITY_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { fulltextFixture } from '../support/fulltext-sources.js';
import { PING_EVERY_MS, pingDuringCall, type PingRun } from '../support/ping-during-call.js';

/**
 * Reads `work` through the composed server with the full-text sources answered by `agent` (a
 * MockAgent: no network; the caller intercepts, calling `served()` when it hands over the hostile
 * body), pinging as test/support/ping-during-call.ts does; pings count from one ping period after
 * the body was served.
 */
export async function pingWhileReading(work: string, intercept: (agent: MockAgent, served: () => void) => void): Promise<PingRun> {
  const agent = new MockAgent();
  agent.disableNetConnect();
  let servedAt = Number.POSITIVE_INFINITY;
  intercept(agent, () => {
    servedAt = performance.now();
  });
  const container = createContainer('lite', { configSource: FakeConfigSource.defaults(), dispatcher: agent, grants: new Set(ALL_CAPABILITY_GROUPS) });
  const run = await pingDuringCall(container, { name: 'qiongli_literature_read_fulltext', arguments: { work } }, () => servedAt + PING_EVERY_MS);
  await agent.close();
  return run;
}

/** The read's status and attempts, as a run's diagnostic shows them. */
export const readOutcome = (run: PingRun): string => {
  const result = run.answer.result.structuredContent;
  return `${result.status}: ${JSON.stringify(result.attempts)}`;
};

/** Reads PMC12311175, whose Europe PMC full text is `body` (the search answer is the real one). */
export const readEuropePmcServing = (body: string | Buffer): Promise<PingRun> =>
  pingWhileReading('PMCID:PMC12311175', (agent, served) => {
    const europe = agent.get('https://www.ebi.ac.uk');
    europe
      .intercept({ path: (path) => path.includes('/search?') })
      .reply(200, fulltextFixture('europepmc-search-core-oa.json'), { headers: { 'content-type': 'application/json' } });
    europe.intercept({ path: (path) => path.endsWith('/fullTextXML') }).reply(
      200,
      () => {
        served();
        return body;
      },
      { headers: { 'content-type': 'application/xml' } },
    );
  });
