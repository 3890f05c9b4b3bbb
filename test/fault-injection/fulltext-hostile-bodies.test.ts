import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runInSlices } from '../../src/adapters/scheduling/time-slices.js';
import { readJatsDocument, readLatexmlDocument } from '../../src/adapters/fulltext-client/document-readers.js';
import { readDocument } from '../../src/adapters/fulltext-client/source-reads.js';
import { UndiciFullTextClient } from '../../src/adapters/fulltext-client/index.js';
import type { FullTextOutcome } from '../../src/ports/fulltext-client.port.js';
import { FakeClock } from '../adapters/provider-http/fake-clock.js';
import { loopbackDispatcher, startLoopback } from '../adapters/provider-client/loopback.js';
import { fulltextFixture } from '../support/fulltext-sources.js';
import { HOSTILE_BYTES, hostileBodies, longValueBodies, type HostileBody } from './fulltext-hostile-bodies.js';
import { CONTRACT_MS, describeSamples, probeUntilWithin } from './provider-lag-probe.js';
import { testHttp } from '../support/provider-http.js';

/**
 * The whole read over a socket, measured as a ping would see it (docs/provider-data.md#2-parsing-without-blocking-the-event-loop):
 * besides the reader's steps it holds the HTTP layer's work on a 4 MiB body, whose decoded text
 * is one string (on the 2-core test VM, where first-touched memory is slow, making a 4 MiB
 * string costs 20–45 ms, 8 MiB of two-byte text twice that).
 */
const READ_CONTRACT_MS = 100;

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
  const http = testHttp({ version: '1.0.0-test', dispatcher, clock: new FakeClock() });
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

/** Reads a document already decoded to text, as the client does, in time slices: the reader's steps alone. */
async function readSteps(body: HostileBody, text: string): Promise<string> {
  const reader = body.source === 'arxiv' ? readLatexmlDocument : readJatsDocument;
  const facts = { provider: body.source, url: 'https://example.org/hostile' } as const;
  try {
    const { document } = await runInSlices(readDocument<unknown>({ text, sha256: '0'.repeat(64), bytes: 0 }, reader, facts, () => []));
    return `${document.blocks.length} passages`;
  } catch {
    return 'refused';
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

describe(`full-text readers never block the event loop over ${CONTRACT_MS} ms a step, on hostile 4 MiB documents, in bounded memory`, {
  timeout: 600_000,
}, () => {
  for (const body of [...hostileBodies(), ...longValueBodies()]) {
    it(`${body.source}: ${body.name}`, async (t) => {
      const bytes = body.build();
      const bound = body.bytes ?? HOSTILE_BYTES;
      assert.ok(bytes.length <= bound && (bytes.length > bound - 64 * 1024 || body.name.startsWith('100,000')));
      // The reader's steps, on the text the HTTP layer hands over (invalid bytes become U+FFFD).
      const text = new TextDecoder('utf-8').decode(bytes);
      let read = '';
      const steps = await probeUntilWithin(async () => {
        read = await readSteps(body, text);
      });
      // The whole read over a loopback socket: fetch, decode, read; and the memory it takes.
      let outcome: FullTextOutcome | undefined;
      let growth = 0;
      const whole = await probeUntilWithin(async () => {
        const measured = await peakGrowthMiB(() => readHostile(body, bytes));
        outcome = measured.result;
        growth = Math.max(growth, measured.growthMiB);
      }, READ_CONTRACT_MS);
      t.diagnostic(
        `steps: longest block ${describeSamples(steps)} (${read}); whole read: longest block ${describeSamples(whole)}; peak growth ${growth.toFixed(0)} MiB; ${outcomeOf(outcome!)}`,
      );
      assert.ok(steps.at(-1)!.longestBlockMs <= CONTRACT_MS, `steps: longest block ${describeSamples(steps)}`);
      assert.ok(whole.at(-1)!.longestBlockMs <= READ_CONTRACT_MS, `whole read: longest block ${describeSamples(whole)}`);
      assert.ok(growth <= MEMORY_BOUND_MIB, `peak growth ${growth.toFixed(0)} MiB`);
      const attempt = outcome!.attempts[0]!;
      assert.ok(attempt.outcome !== 'failed' || attempt.errorKind === 'decode_error', outcomeOf(outcome!));
      assert.equal(read === 'refused', attempt.outcome === 'failed', 'the steps alone and the whole read agree');
      for (const block of outcome!.document?.blocks ?? []) assert.ok(block.text.length <= 2000 && !block.text.includes('lollol'));
    });
  }
});
