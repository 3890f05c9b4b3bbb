import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProviderHttp } from '../../src/adapters/provider-client/provider-http.js';
import { UndiciFullTextClient } from '../../src/adapters/fulltext-client/index.js';
import type { FullTextOutcome } from '../../src/ports/fulltext-client.port.js';
import { FakeClock } from '../adapters/provider-client/fake-clock.js';
import { loopbackDispatcher, startLoopback } from '../adapters/provider-client/loopback.js';
import { fulltextFixture } from '../support/fulltext-sources.js';
import { HOSTILE_BYTES, hostileBodies, type HostileBody } from './fulltext-hostile-bodies.js';
import { CONTRACT_MS, describeSamples, probeUntilWithin } from './provider-lag-probe.js';

/** Most the process may grow (resident set, peak over the start of the read) while one 4 MiB body is read. */
const MEMORY_BOUND_MIB = 256;

/**
 * Reads `body` as the full-text client would from its source, over a loopback socket (so the body
 * arrives in the chunks a network delivers), with a fake clock (no pacing wait).
 */
async function readHostile(body: HostileBody, bytes: Buffer): Promise<FullTextOutcome> {
  const server = await startLoopback((request, response) => {
    const path = request.url ?? '';
    const answer = path.startsWith('/oai?')
      ? fulltextFixture('arxiv-oai-getrecord.xml')
      : path.includes('/search?')
        ? fulltextFixture('europepmc-search-core-oa.json')
        : bytes;
    const type = body.source === 'arxiv' ? 'text/html; charset=utf-8' : 'application/xml';
    response.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(answer) });
    response.end(answer);
  });
  const { dispatcher, agent } = loopbackDispatcher(server.origin);
  const http = new ProviderHttp({ version: '1.0.0-test', dispatcher, clock: new FakeClock() });
  const reader = new UndiciFullTextClient({ http, cacheEntries: 0 });
  const sources = { europepmc: true, pmc: undefined, arxiv: true };
  try {
    const work = body.source === 'arxiv' ? ({ kind: 'arxiv', arxiv: '2609.04321' } as const) : ({ kind: 'pmcid', pmcid: 'PMC12311175' } as const);
    return await reader.read({ work, sources, signal: new AbortController().signal });
  } finally {
    await agent.close();
    await server.close();
  }
}

/** Runs `work` while sampling the resident set size at every turn of the loop; the peak growth in MiB. */
async function peakGrowthMiB<T>(work: () => Promise<T>): Promise<{ result: T; growthMiB: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  let running = true;
  const sample = (): void => {
    peak = Math.max(peak, process.memoryUsage.rss());
    if (running) setImmediate(sample);
  };
  setImmediate(sample);
  const result = await work();
  running = false;
  return { result, growthMiB: (Math.max(peak, process.memoryUsage.rss()) - start) / (1024 * 1024) };
}

/** What a hostile body must come to: refused (`decode_error`), or read to a bounded document. */
function outcomeOf(outcome: FullTextOutcome): string {
  const attempt = outcome.attempts[0]!;
  return attempt.outcome === 'failed' ? `failed: ${attempt.errorKind}` : `${attempt.outcome} (${outcome.document?.blocks.length ?? 0} passages)`;
}

describe(`full-text readers never block the event loop over ${CONTRACT_MS} ms, on hostile 4 MiB documents, in bounded memory`, { timeout: 600_000 }, () => {
  for (const body of hostileBodies()) {
    it(`${body.source}: ${body.name}`, async (t) => {
      const bytes = body.build();
      assert.ok(bytes.length <= HOSTILE_BYTES && (bytes.length > HOSTILE_BYTES - 64 * 1024 || body.name.startsWith('100,000')));
      let outcome: FullTextOutcome | undefined;
      let growth = 0;
      const samples = await probeUntilWithin(async () => {
        const measured = await peakGrowthMiB(() => readHostile(body, bytes));
        outcome = measured.result;
        growth = Math.max(growth, measured.growthMiB);
      });
      t.diagnostic(`longest block ${describeSamples(samples)}; peak growth ${growth.toFixed(0)} MiB; ${outcomeOf(outcome!)}`);
      assert.ok(samples.at(-1)!.longestBlockMs <= CONTRACT_MS, `longest block ${describeSamples(samples)}`);
      assert.ok(growth <= MEMORY_BOUND_MIB, `peak growth ${growth.toFixed(0)} MiB`);
      const attempt = outcome!.attempts[0]!;
      assert.ok(attempt.outcome !== 'failed' || attempt.errorKind === 'decode_error', outcomeOf(outcome!));
      for (const block of outcome!.document?.blocks ?? []) assert.ok(block.text.length <= 2000 && !block.text.includes('lollol'));
    });
  }
});
