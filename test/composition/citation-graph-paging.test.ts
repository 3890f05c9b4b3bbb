import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AesGcmSealedTokens } from '../../src/adapters/sealed-token/index.js';
import { UndiciCitationGraphClient } from '../../src/adapters/citation-graph/index.js';
import { SEED, SyntheticWorld, worldWork } from '../support/graph-world.js';
import { graphResult, startGraphServer } from '../support/graph-server.js';
import { toolErrorOf } from '../support/messages.js';
import { testHttp } from '../support/provider-http.js';

const CITATIONS = 'qiongli_literature_citations';
const CURSOR_MESSAGE = 'cursor is invalid or has expired; call again without cursor';

/** 0..n-1 in a deterministic shuffled order (a linear congruential permutation). */
const shuffled = (n: number, step: number): number[] => Array.from({ length: n }, (_, i) => (i * step + 7) % n);

/** A 250-citation work: OpenAlex lists 240 (cursor pages), S2 230 in another order (offsets), OpenCitations 200 in a third (one list). */
function world250(): SyntheticWorld {
  const all = shuffled(250, 83);
  return new SyntheticWorld({
    openalex: all.filter((i) => i % 25 !== 3).slice(0, 240),
    semantic_scholar: shuffled(250, 59)
      .filter((i) => i % 12 !== 5)
      .slice(0, 230),
    opencitations: shuffled(250, 37).filter((i) => i % 5 !== 1),
  });
}

async function crawl(server: Awaited<ReturnType<typeof startGraphServer>>, args: Record<string, unknown>): Promise<any[]> {
  const pages: any[] = [];
  let cursor: string | undefined;
  do {
    const page = graphResult(await server.call(CITATIONS, { ...args, ...(cursor === undefined ? {} : { cursor }) }));
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor !== undefined && pages.length < 10);
  return pages;
}

describe('paging the citation graph (docs/decisions.md#paging-the-citation-graph)', () => {
  it('returns every edge of a 250-citation work exactly once over the pages, across cursor, offset and whole-list paging', async (t) => {
    const world = world250();
    const server = await startGraphServer(world.route);
    try {
      const pages = await crawl(server, { work: SEED.doi, limit: 100 });
      const counts = pages.map((page) => page.edges.length);
      const dois = pages.flatMap((page) => page.edges.map((edge: any) => edge.record.doi));
      t.diagnostic(`pages ${counts.join(' + ')} = ${dois.length} edges, ${new Set(dois).size} distinct`);
      t.diagnostic(`OpenAlex list calls per page: ${pages.map((page) => page.diagnostics.providers.openalex.list_calls).join(', ')}`);
      t.diagnostic(
        `requests per page: ${pages.map((page) => Object.values(page.diagnostics.providers).reduce((sum: number, source: any) => sum + source.requests, 0)).join(', ')}`,
      );
      // Pages hold at most `limit` edges, fewer when their characters reach the page's bound (SPEC §13).
      assert.equal(counts[0], 100);
      assert.ok(counts.every((count) => count <= 100) && counts.reduce((sum, count) => sum + count, 0) === 250);
      assert.equal(new Set(dois).size, 250);
      assert.deepEqual([...dois].sort(), Array.from({ length: 250 }, (_, i) => worldWork(i).doi).sort());
      assert.equal(pages[2].next_cursor, undefined);
      assert.equal(pages[0].diagnostics.providers.openalex.total, 240);
      assert.equal(pages[0].diagnostics.providers.opencitations.total, 200);
      // Every OpenAlex page is asked for once over the whole crawl (3 pages of 100 = 3 list calls), the rest comes from the cache.
      assert.equal(
        pages.reduce((sum, page) => sum + page.diagnostics.providers.openalex.list_calls, 0),
        3,
      );
      // Provenance is what the sources had said by the page that returned the edge: an edge in
      // the first hundred of all three lists carries all three.
      const firstHundreds = (['openalex', 'semantic_scholar', 'opencitations'] as const).map((source) => new Set(world.citations[source]!.slice(0, 100)));
      const inAll = pages[0].edges.filter((edge: any) => firstHundreds.every((hundred) => hundred.has(Number(edge.record.doi.slice(-4)))));
      t.diagnostic(`page 1: ${inAll.length} edges in the first hundred of all three lists`);
      assert.ok(inAll.length > 0);
      assert.ok(inAll.every((edge: any) => edge.providers.join() === 'openalex,semantic_scholar,opencitations'));
    } finally {
      await server.close();
    }
  });

  it('refuses a tampered, foreign or expired cursor with one static message, and serves again without it', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const server = await startGraphServer(world250().route, { sealedTokens: new AesGcmSealedTokens(() => now) });
    const other = await startGraphServer(world250().route);
    try {
      const first = graphResult(await server.call(CITATIONS, { work: SEED.doi, limit: 10 }));
      const cursor: string = first.next_cursor;
      const flipped = cursor.slice(0, -2) + (cursor.at(-2) === 'A' ? 'B' : 'A') + cursor.at(-1);
      const foreign = graphResult(await other.call(CITATIONS, { work: SEED.doi, limit: 10 })).next_cursor;
      for (const args of [
        { work: SEED.doi, cursor: flipped },
        { work: SEED.doi, cursor: foreign },
        { work: worldWork(1).doi, cursor },
        { work: SEED.doi, cursor, providers: ['openalex'] },
        { work: SEED.doi, cursor, sort: 'newest' },
        { work: SEED.doi, cursor, from_year: 2001 },
        { work: SEED.doi, cursor: 'q1.' + 'A'.repeat(64) },
        { work: SEED.doi, cursor: 'x'.repeat(5000) },
      ]) {
        const error = toolErrorOf((await server.call(CITATIONS, args)).result);
        assert.deepEqual(
          error,
          { status: 'error', error_kind: 'invalid_arguments', reason_code: 'invalid-arguments', message: CURSOR_MESSAGE },
          JSON.stringify(args).slice(0, 80),
        );
      }
      const references = await server.call('qiongli_literature_references', { work: SEED.doi, cursor });
      assert.equal(toolErrorOf(references.result).message, CURSOR_MESSAGE);
      assert.equal(graphResult(await server.call(CITATIONS, { work: SEED.doi, cursor, limit: 10 })).edges.length, 10, 'the genuine cursor still opens');
      now += 31 * 60 * 1000;
      assert.equal(toolErrorOf((await server.call(CITATIONS, { work: SEED.doi, cursor })).result).message, CURSOR_MESSAGE);
    } finally {
      await server.close();
      await other.close();
    }
  });

  it('refuses the cursor when the lists behind the earlier pages changed (read again without a cache), instead of repeating or skipping', async () => {
    const world = new SyntheticWorld({ openalex: Array.from({ length: 30 }, (_, i) => i) });
    const server = await startGraphServer(world.route, {
      citationGraphClient: (dispatcher) => new UndiciCitationGraphClient({ http: testHttp({ version: '0.0.0-test', dispatcher }), cacheEntries: 0 }),
    });
    try {
      const first = graphResult(await server.call(CITATIONS, { work: SEED.doi, limit: 10, providers: ['openalex'] }));
      assert.equal(first.diagnostics.providers.openalex.cached, undefined);
      const same = graphResult(await server.call(CITATIONS, { work: SEED.doi, limit: 10, providers: ['openalex'], cursor: first.next_cursor }));
      assert.deepEqual(
        same.edges.map((edge: any) => edge.record.doi),
        Array.from({ length: 10 }, (_, i) => worldWork(i + 10).doi),
      );
      (world.citations.openalex as number[]).unshift(99);
      const changed = await server.call(CITATIONS, { work: SEED.doi, limit: 10, providers: ['openalex'], cursor: same.next_cursor });
      assert.equal(toolErrorOf(changed.result).message, CURSOR_MESSAGE);
    } finally {
      await server.close();
    }
  });

  it('stops reading a source that failed mid-crawl, so later pages neither repeat nor skip what the others give', async () => {
    const world = new SyntheticWorld({ openalex: Array.from({ length: 150 }, (_, i) => i), semantic_scholar: Array.from({ length: 150 }, (_, i) => 149 - i) });
    const server = await startGraphServer(world.route);
    try {
      const first = graphResult(await server.call(CITATIONS, { work: SEED.doi, limit: 150 }));
      world.faults.set('api.openalex.org', 'rate_limited');
      const rest = await crawl(server, { work: SEED.doi, limit: 150, cursor: first.next_cursor });
      const dois = [first, ...rest].flatMap((page) => page.edges.map((edge: any) => edge.record.doi));
      assert.equal(dois.length, new Set(dois).size, 'no edge repeats');
      assert.equal(new Set(dois).size, 150);
      const openalex = rest[0].diagnostics.providers.openalex;
      assert.equal(openalex.status, 'error');
      assert.equal(openalex.error_kind, 'rate_limited');
      assert.equal(rest[0].status, 'warning');
    } finally {
      await server.close();
    }
  });
});
