import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { MockAgent } from 'undici';
import { createContainer } from '../../src/composition/create-container.js';
import { ALL_CAPABILITY_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { fulltextFixture } from '../support/fulltext-sources.js';
import { connectInMemory } from '../support/in-memory-session.js';
import { request } from '../support/messages.js';

/** The ping contract: a ping sent while a request is being worked on is answered within this. */
export const PING_CONTRACT_MS = 100;
const PING_EVERY_MS = 10;

/** What the pings saw while one read ran. */
export interface PingRun {
  /** Latency of each ping sent after the hostile body was served. */
  readonly latencies: number[];
  /** The read's status and attempts. */
  readonly outcome: string;
}

/**
 * Reads `work` through the composed server with the full-text sources answered by `agent` (a
 * MockAgent: no network; the caller intercepts, calling `served()` when it hands over the hostile
 * body), while a client sends a ping every 10 ms by its own clock until the read is answered;
 * the latency of each ping sent after the body was served.
 */
export async function pingWhileReading(work: string, intercept: (agent: MockAgent, served: () => void) => void): Promise<PingRun> {
  const agent = new MockAgent();
  agent.disableNetConnect();
  let servedAt = Number.POSITIVE_INFINITY;
  intercept(agent, () => {
    servedAt = performance.now();
  });
  const container = createContainer('lite', { configSource: FakeConfigSource.defaults(), dispatcher: agent, grants: new Set(ALL_CAPABILITY_GROUPS) });
  const transport = connectInMemory(container);
  transport.receive(request(1, 'tools/call', { name: 'qiongli_literature_read_fulltext', arguments: { work } }));
  const latencies: number[] = [];
  const start = performance.now();
  let next = 0;
  while (transport.responseTo(1) === undefined) {
    const wait = start + next * PING_EVERY_MS - performance.now();
    await new Promise((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve)));
    for (const now = performance.now(); start + next * PING_EVERY_MS <= now; next++) {
      const due = start + next * PING_EVERY_MS;
      transport.receive(request(`ping-${next}`, 'ping'));
      assert.deepEqual(transport.responseTo(`ping-${next}`)?.result, {});
      if (due > servedAt + PING_EVERY_MS) latencies.push(performance.now() - due);
    }
  }
  await agent.close();
  const result = transport.responseTo(1).result.structuredContent;
  return { latencies, outcome: `${result.status}: ${JSON.stringify(result.attempts)}` };
}

/** Up to five runs of `run`, stopping at the first whose pings all met the contract (a loaded machine may deschedule one run). */
export async function pingRuns(run: () => Promise<PingRun>): Promise<{ last: PingRun; summary: string }> {
  const runs: PingRun[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    const seen = await run();
    runs.push(seen);
    if (Math.max(...seen.latencies) <= PING_CONTRACT_MS) break;
  }
  const summary = runs.map((seen) => `${Math.max(...seen.latencies).toFixed(1)} ms max over ${seen.latencies.length} pings`).join('; ');
  return { last: runs.at(-1)!, summary };
}

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
