// Rendering and targets of measurement (g), the citation graph of issue 18 (bench/suites/citation-graph.mjs).

/** Target of issue 18: merge + dedupe + sort of 1,000 edges from four sources, median, ms (as the search's merge). */
const GRAPH_MERGE_TARGET_MS = 5;

/** The target rows of measurement (g). */
export function judgeCitationGraph(graph) {
  if (graph?.implemented !== true) return [];
  const merge = graph.merge.find((row) => row.path === 'graph');
  const pages = graph.crawl.filter((row) => row.path === 'graph');
  return [
    {
      target: `graph merge + dedupe + sort of 1,000 edges from four sources < ${GRAPH_MERGE_TARGET_MS} ms (median)`,
      measured: `${merge.value.toFixed(2)} ms`,
      met: merge.value < GRAPH_MERGE_TARGET_MS,
    },
    {
      target: 'every page of a 3-page crawl ≤ 1.2 × its paced floor (Semantic Scholar keyless: one request every 3 s)',
      measured: pages.map((row) => `${row.value.toFixed(0)} / ${row.floorMs} ms`).join(', '),
      met: pages.every((row) => row.value <= 1.2 * row.floorMs),
    },
  ];
}

/** The Markdown section of measurement (g). */
export function renderCitationGraph(graph) {
  const fmt = (value) => value.toFixed(2);
  const row = (r) => `| ${r.path} | ${r.name} | ${fmt(r.value)} | ${fmt(r.min)}–${fmt(r.max)} | ${r.unit} | ${r.target ?? ''} |`;
  return [
    '## (g) Citation graph (issue 18)',
    '',
    'In process, on the compiled sources, the graph path beside the search path in the same run. Merge: the graph crawl’s merge of 1,000 edges (four sources × 250, chunks of 100 over three rounds, 550 distinct works; OpenCitations edges DOI-only), the page built and sorted by most cited; beside it the search’s dedupe + rank + sort of 1,000 records (five providers × 200, sort most_cited). Median of many iterations after warm-up.',
    '',
    '| path | measure | median | min–max | unit | target |',
    '| --- | --- | --- | --- | --- | --- |',
    ...graph.merge.map(row),
    '',
    `Network: a 3-page crawl (\`limit: 100\`) of a 250-citation work through \`tools/call\`, the composed server and real undici with the program's own clients (real pacing), every source a loopback answering after ${graph.delayMs} ms (OpenAlex 240 citing works in cursor pages, Semantic Scholar 230 in offset pages, OpenCitations 200 in one list); beside it the literature search of (d) against the five loopback providers (same delay). ${graph.runs} runs each, a fresh container per run. The paced floor of a page is what its requests must wait: Semantic Scholar's requests start one second apart, each answer takes ${graph.delayMs} ms.`,
    '',
    '| path | measure | median | min–max | unit | paced floor | requests (OpenAlex list calls) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...graph.crawl.map(
      (r) => `| ${r.path} | ${r.name} | ${fmt(r.value)} | ${fmt(r.min)}–${fmt(r.max)} | ${r.unit} | ${r.floorMs ?? ''} | ${r.requests ?? ''} |`,
    ),
  ].join('\n');
}
