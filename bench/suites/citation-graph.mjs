// Measurement (g) of issue 18: the citation graph beside the search path, in process, on the
// compiled sources (dist/src, dist/test/support — `npm run build` makes both):
//   1. merge + dedupe + sort of 1,000 edges from four sources (the crawl's round merge, the
//      page's records, sorted by most cited), beside the search's dedupe + rank + sort of 1,000
//      records; median after warm-up; target < 5 ms.
//   2. a 3-page crawl of a 250-citation work against loopback sources answering after 100 ms,
//      through tools/call and real undici with the program's own clients (real pacing), beside
//      the literature search against the five loopback providers of (d).
//
//   node bench/suites/citation-graph.mjs [--smoke]      # prints the section as Markdown

import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../lib/servers.mjs';
import { judgeCitationGraph, renderCitationGraph } from '../lib/graph-report.mjs';
import { searchWallTimes } from './search-bulk.mjs';

const load = (path) => import(`${REPO_ROOT}${path}`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (values) => ({ value: median(values), min: Math.min(...values), max: Math.max(...values) });
const DELAY_MS = 100;

/** Four sources × 250 edges over works s·100 … s·100+249 (550 distinct), in rounds of 100. */
function graphRounds() {
  const sources = ['openalex', 'semantic_scholar', 'opencitations', 'crossref'];
  const edge = (source, index) =>
    source === 'opencitations'
      ? { doi: `10.5555/w.${index}`, year: 2000 + (index % 25) }
      : {
          record: {
            title: `Edge work ${index} on evidence platform governance`,
            doi: `10.5555/W.${index}`,
            year: 2000 + (index % 25),
            venue: 'Journal of Research Infrastructure',
            authors: [{ literal: 'Jane Doe' }, { literal: 'John Roe' }, { literal: 'Research Data Alliance' }],
            identifiers: source === 'openalex' ? { openalex: `W${index}` } : { semantic_scholar: String(index).padStart(40, 'a') },
            cited_by_count: (index * 37) % 1000,
          },
          ...(source === 'semantic_scholar'
            ? { contexts: ['As shown in [4], the method holds.'], intents: ['methodology'], influential: index % 7 === 0 }
            : {}),
        };
  return [0, 1, 2].map((round) =>
    sources.map((source, s) => ({
      source,
      edges: Array.from({ length: round < 2 ? 100 : 50 }, (_, i) => edge(source, s * 100 + round * 100 + i)),
    })),
  );
}

function searchBatches() {
  const providers = ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'];
  return providers.map((provider, p) => ({
    provider,
    records: Array.from({ length: 200 }, (_, i) => ({
      title: `Edge work ${p * 100 + i} on evidence platform governance`,
      doi: `10.5555/w.${p * 100 + i}`,
      year: 2000 + (i % 25),
      venue: 'Journal of Research Infrastructure',
      authors: [{ literal: 'Jane Doe' }, { literal: 'John Roe' }, { literal: 'Research Data Alliance' }],
      cited_by_count: (i * 37) % 1000,
    })),
  }));
}

async function mergeTimes(iterations) {
  const { emptyCrawl, mergeRound } = await load('dist/src/domain/citation-graph/edge-merge.js');
  const { sortPage, toGraphEdge } = await load('dist/src/domain/citation-graph/graph-page.js');
  const { finishNow } = await load('dist/src/domain/shared/stepwise.js');
  const { mergeSearchResults } = await load('dist/src/domain/literature-search/merge-search-results.js');
  const rounds = graphRounds();
  const graph = () => {
    const crawl = emptyCrawl();
    for (const round of rounds) finishNow(mergeRound(crawl, round, {}, undefined));
    return sortPage(crawl.visible.slice(0, 1000).map(toGraphEdge), 'most_cited').length;
  };
  const batches = searchBatches();
  const search = () => mergeSearchResults(batches, 'evidence platform governance', 1000, { sort: 'most_cited' }).length;
  const measure = (work) => {
    const count = work();
    for (let warm = 0; warm < 30; warm++) work();
    const times = [];
    for (let iteration = 0; iteration < iterations; iteration++) {
      const started = performance.now();
      work();
      times.push(performance.now() - started);
    }
    return { count, times };
  };
  const g = measure(graph);
  const s = measure(search);
  return [
    { path: 'graph', name: `merge + dedupe + sort of 1,000 edges from four sources (${g.count} kept)`, unit: 'ms', target: '< 5', ...summary(g.times) },
    { path: 'search', name: `dedupe + rank + sort of 1,000 records from five providers (${s.count} kept)`, unit: 'ms', target: '< 5', ...summary(s.times) },
  ];
}

/** Wall time of each page of a 3-page crawl (fresh container per run) and the requests each sent. */
async function crawlTimes(runs, smoke) {
  const { startGraphServer, graphResult } = await load('dist/test/support/graph-server.js');
  const { SEED, SyntheticWorld } = await load('dist/test/support/graph-world.js');
  const shuffled = (n, step) => Array.from({ length: n }, (_, i) => (i * step + 7) % n);
  const pages = [[], [], []];
  const requests = [[], [], []];
  for (let run = 0; run < runs + 1; run++) {
    const world = new SyntheticWorld({
      openalex: shuffled(250, 83)
        .filter((i) => i % 25 !== 3)
        .slice(0, 240),
      semantic_scholar: shuffled(250, 59)
        .filter((i) => i % 12 !== 5)
        .slice(0, 230),
      opencitations: shuffled(250, 37).filter((i) => i % 5 !== 1),
    });
    // A smoke run only keeps the harness working: no real pacing waits, answers at once.
    const server = await startGraphServer(world.route, smoke ? { delayMs: 1 } : { programClient: true, delayMs: DELAY_MS });
    try {
      let cursor;
      for (let page = 0; page < 3; page++) {
        const started = performance.now();
        const result = graphResult(await server.call('qiongli_literature_citations', { work: SEED.doi, limit: 100, ...(cursor ? { cursor } : {}) }));
        const elapsed = performance.now() - started;
        cursor = result.next_cursor;
        const sources = Object.values(result.diagnostics.providers);
        if (run > 0) {
          pages[page].push(elapsed); // the first run loads undici and warms the JIT
          requests[page].push(`${sources.reduce((sum, source) => sum + source.requests, 0)} (${result.diagnostics.providers.openalex.list_calls})`);
        }
      }
    } finally {
      await server.close();
    }
  }
  // Page 1: S2 resolves, then reads chunk 0 one keyless pacing gap later; pages 2 and 3: one S2
  // chunk each, a gap after the previous S2 request (the harness sets no key: keyless pacing).
  const { TIER_INTERVALS_MS } = await load('dist/src/adapters/provider-http/tier-pacing.js');
  const gap = TIER_INTERVALS_MS.semantic_scholar.keyless;
  const floors = [gap + DELAY_MS, gap + DELAY_MS, gap + DELAY_MS];
  return pages.map((times, page) => ({
    path: 'graph',
    name: `crawl page ${page + 1} of 3 (100 edges a page)`,
    unit: 'ms',
    floorMs: floors[page],
    requests: requests[page][0],
    ...summary(times),
  }));
}

/**
 * One pass of measurement (g).
 * @returns {Promise<{implemented: true, delayMs: number, runs: number, merge: object[], crawl: object[]}>}
 */
export async function runCitationGraph({ smoke = false } = {}) {
  const runs = smoke ? 1 : 5;
  const merge = await mergeTimes(smoke ? 10 : 300);
  const crawl = await crawlTimes(runs, smoke);
  const search = await searchWallTimes(runs + 1, smoke ? 1 : DELAY_MS);
  crawl.push({
    path: 'search',
    name: 'literature search, five loopback providers (PubMed = 2 round trips)',
    unit: 'ms',
    floorMs: 2 * DELAY_MS,
    ...summary(search),
  });
  return { implemented: true, delayMs: DELAY_MS, runs, merge, crawl };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { describeMachine, loadAverage } = await import('../lib/machine.mjs');
  const load0 = loadAverage();
  const graph = await runCitationGraph({ smoke: process.argv.includes('--smoke') });
  const machine = describeMachine();
  const targets = judgeCitationGraph(graph).map((row) => `| ${row.target} | ${row.measured} | ${row.met ? '**met**' : '**not met**'} |`);
  process.stdout.write(
    [
      `Generated by \`node bench/suites/citation-graph.mjs\` on ${new Date().toISOString()}: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryMiB.toLocaleString('en-US')} MiB, ${machine.os}, Node ${machine.node}; load average ${load0.join(' / ')} at start, ${loadAverage().join(' / ')} at end.`,
      '',
      '| target | measured | verdict |',
      '| --- | --- | --- |',
      ...targets,
      '',
      renderCitationGraph(graph),
      '',
    ].join('\n'),
  );
}
