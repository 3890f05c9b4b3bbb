import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { performance } from 'node:perf_hooks';
import { MockAgent } from 'undici';
import { createContainer } from '../../src/composition/create-container.js';
import { ALL_CAPABILITY_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { initialize, request } from '../support/messages.js';
import { fulltextFixture } from '../support/fulltext-sources.js';
import { hostileBodies } from './fulltext-hostile-bodies.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';

/** The ping contract: a ping sent while a request is being worked on is answered within this. */
const PING_CONTRACT_MS = 100;
const PING_EVERY_MS = 10;

/**
 * Reads a paper whose Europe PMC full text is `body` (a MockAgent: no network) through the
 * composed server, while a client sends a ping every 10 ms by its own clock until the read is
 * answered; the latency of each ping sent after the document was served (as in
 * provider-ping-during-parse.test.ts).
 */
async function pingWhileReading(body: Buffer): Promise<{ latencies: number[]; outcome: string }> {
  const agent = new MockAgent();
  agent.disableNetConnect();
  let servedAt = Number.POSITIVE_INFINITY;
  const europe = agent.get('https://www.ebi.ac.uk');
  europe
    .intercept({ path: (path) => path.includes('/search?') })
    .reply(200, fulltextFixture('europepmc-search-core-oa.json'), { headers: { 'content-type': 'application/json' } });
  europe.intercept({ path: (path) => path.endsWith('/fullTextXML') }).reply(
    200,
    () => {
      servedAt = performance.now();
      return body;
    },
    { headers: { 'content-type': 'application/xml' } },
  );
  const container = createContainer('lite', { configSource: FakeConfigSource.defaults(), dispatcher: agent, grants: new Set(ALL_CAPABILITY_GROUPS) });
  const transport = new FakeTransport();
  mcpConnection(container, transport, { finished: () => undefined, failed: () => undefined }).start();
  transport.receive(initialize(0, '2025-06-18'));
  transport.receive(request(1, 'tools/call', { name: 'qiongli_literature_read_fulltext', arguments: { work: 'PMCID:PMC12311175' } }));
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

describe('a ping during a full-text read is answered within 100 ms (end to end)', { timeout: 180_000 }, () => {
  for (const name of ['JATS: 4 MiB of empty paragraphs', 'JATS: an entity bomb (4 MiB of character references)']) {
    it(`answers pings within ${PING_CONTRACT_MS} ms while ${name} is read`, async (t) => {
      const body = hostileBodies()
        .find((candidate) => candidate.name === name)!
        .build();
      const attempts: { latencies: number[]; outcome: string }[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const seen = await pingWhileReading(body);
        attempts.push(seen);
        if (Math.max(...seen.latencies) <= PING_CONTRACT_MS) break;
      }
      const summary = attempts.map((seen) => `${Math.max(...seen.latencies).toFixed(1)} ms max over ${seen.latencies.length} pings`);
      t.diagnostic(`${summary.join('; ')}; ${attempts.at(-1)!.outcome}`);
      const last = attempts.at(-1)!;
      assert.ok(last.latencies.length >= 5, `pings were sent while the document was read: ${summary.join('; ')}`);
      assert.ok(Math.max(...last.latencies) <= PING_CONTRACT_MS, summary.join('; '));
    });
  }
});
