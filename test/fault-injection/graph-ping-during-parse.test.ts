import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { performance } from 'node:perf_hooks';
import { MockAgent } from 'undici';
import { createContainer } from '../../src/composition/create-container.js';
import { LITE_DEFAULT_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { FakeConfigSource, settingsWith } from '../fakes/config-source.fake.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { initialize, request } from '../support/messages.js';
import { hostileBody } from '../support/graph-world.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';

const PING_CONTRACT_MS = 100;
const PING_EVERY_MS = 10;

/** The hostile answers: each source's costliest shape at the 4 MiB bound, one source at a time. */
const HOSTILE: Record<string, { origin: string; body: () => string }> = {
  opencitations: {
    origin: 'https://api.opencitations.net',
    body: () => hostileBody('[', (i) => `{"citing":"omid:br/1 doi:10.1/${i} openalex:W${i}","creation":"2020-01-01"}`, ']'),
  },
  crossref: {
    origin: 'https://api.crossref.org',
    body: () => hostileBody('{"message":{"title":["T"],"reference":[', (i) => `{"DOI":"10.1/${i}","unstructured":"U ${i}"}`, ']}}'),
  },
};

/**
 * Serves one graph call whose source answers with a hostile 4 MiB body (a MockAgent: no network)
 * through the composed server, while a client sends a ping every 10 ms by its own clock; the
 * latency of each ping sent after the body was served is measured (docs/provider-data.md).
 */
async function pingWhileParsing(source: keyof typeof HOSTILE): Promise<{ latencies: number[]; status: string }> {
  const agent = new MockAgent();
  agent.disableNetConnect();
  let servedAt = Number.POSITIVE_INFINITY;
  const body = HOSTILE[source]!.body();
  agent
    .get(HOSTILE[source]!.origin)
    .intercept({ path: () => true, method: 'GET' })
    .reply(
      200,
      () => {
        servedAt = performance.now();
        return body;
      },
      { headers: { 'content-type': 'application/json' } },
    );
  const settings = settingsWith({ crossref: { enabled: source === 'crossref' } });
  const container = createContainer('lite', {
    configSource: FakeConfigSource.available({ ...settings, sources: { ...settings.sources, opencitations: { enabled: source === 'opencitations' } } }),
    dispatcher: agent,
    grants: new Set([...LITE_DEFAULT_GROUPS, 'graph']),
  });
  const transport = new FakeTransport();
  const connection = mcpConnection(container, transport, {
    finished: () => undefined,
    failed: () => undefined,
  });
  connection.start();
  transport.receive(initialize(0, '2025-06-18'));
  transport.receive(request(1, 'tools/call', { name: 'qiongli_literature_references', arguments: { work: '10.5555/hostile', limit: 200 } }));
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
      if (due > servedAt) latencies.push(performance.now() - due);
    }
  }
  await agent.close();
  return { latencies, status: transport.responseTo(1).result.structuredContent.diagnostics.providers[source].status };
}

describe('a ping during a citation-graph parse is answered within 100 ms (end to end)', { timeout: 120_000 }, () => {
  for (const source of Object.keys(HOSTILE)) {
    it(`answers pings within ${PING_CONTRACT_MS} ms while a hostile 4 MiB ${source} answer is parsed and merged`, async (t) => {
      const attempts: { latencies: number[]; status: string }[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const seen = await pingWhileParsing(source);
        attempts.push(seen);
        if (Math.max(...seen.latencies) <= PING_CONTRACT_MS) break;
      }
      const summary = attempts.map((seen) => `${Math.max(...seen.latencies).toFixed(1)} ms max over ${seen.latencies.length} pings`);
      t.diagnostic(summary.join('; '));
      const last = attempts.at(-1)!;
      assert.equal(last.status, 'ok', 'the answer was read, not refused');
      assert.ok(last.latencies.length >= 3, `pings were sent while the body was parsed: ${summary.join('; ')}`);
      assert.ok(Math.max(...last.latencies) <= PING_CONTRACT_MS, summary.join('; '));
    });
  }
});
