import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SEED, SyntheticWorld, worldWork } from '../support/graph-world.js';
import { graphResult, startGraphServer } from '../support/graph-server.js';

/**
 * SPEC §13 (issue 26, item 4): a graph page with default arguments is under 40,000 characters of
 * text content, with the maximum arguments (limit 200, abstracts) under 100,000 — the page is cut
 * by its characters in crawl order and continued exactly by its cursor. Measured on the text
 * content, for a work with 200 references and 200 citations, every source describing each.
 */
const DEFAULT_BOUND = 40_000;
const MAXIMUM_BOUND = 100_000;

const all = Array.from({ length: 200 }, (_, i) => i);
const lists = { openalex: all, semantic_scholar: [...all].reverse(), opencitations: all.filter((i) => i % 2 === 0) };
const world = (): SyntheticWorld => new SyntheticWorld(lists, { ...lists, crossref: all });

describe('graph pages fit SPEC §13 bounds and continue exactly (issue 26, item 4)', { timeout: 120_000 }, () => {
  for (const tool of ['qiongli_literature_references', 'qiongli_literature_citations'] as const) {
    for (const [name, args, bound] of [
      ['default arguments', {}, DEFAULT_BOUND],
      ['limit 200 with abstracts', { limit: 200, include_abstracts: true }, MAXIMUM_BOUND],
      ['limit 200, newest first', { limit: 200, sort: 'newest' }, MAXIMUM_BOUND],
    ] as const) {
      it(`${tool}, ${name}: every page < ${bound} characters, every edge once`, async (t) => {
        const server = await startGraphServer(world().route);
        try {
          const sizes: number[] = [];
          const pages: any[] = [];
          let cursor: string | undefined;
          do {
            const response = await server.call(tool, { work: SEED.doi, ...args, ...(cursor === undefined ? {} : { cursor }) });
            sizes.push(response.result.content[0].text.length);
            pages.push(graphResult(response));
            cursor = pages.at(-1).next_cursor;
          } while (cursor !== undefined && pages.length < 40);
          t.diagnostic(`${pages.length} pages of ${pages.map((page) => page.edges.length).join(', ')} edges; sizes ${sizes.join(', ')}`);
          assert.ok(Math.max(...sizes) < bound, `longest page ${Math.max(...sizes)}`);
          const dois = pages.flatMap((page) => page.edges.map((edge: any) => edge.record.doi));
          assert.deepEqual([...dois].sort(), all.map((i) => worldWork(i).doi).sort(), 'every edge exactly once');
          if ('sort' in args)
            for (const page of pages) {
              const years = page.edges.map((edge: any) => edge.record.year);
              assert.deepEqual(
                years,
                [...years].sort((a, b) => b - a),
                'each page in the asked order',
              );
            }
        } finally {
          await server.close();
        }
      });
    }
  }
});
