// Rendering and targets of measurement (f), the steered search of issue 12 (bench/suites/steered-search.mjs).

/** The response bound of docs/protocol.md: 8 MiB per response. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** Target of issue 12: dedupe + rank + sort of 1,000 records with the new fields, median, ms. */
const STEERED_MERGE_TARGET_MS = 5;

/** The targets rows of measurement (f): every response within the bound, every merge variant under 5 ms. */
export function judgeSteeredSearch(steered) {
  if (steered?.implemented !== true) return [];
  const largest = steered.sizes.reduce((max, row) => (row.resultBytes > max.resultBytes ? row : max));
  const slowest = steered.rows.reduce((max, row) => (row.value > max.value ? row : max));
  return [
    {
      target: 'largest search (1,000 records, 2,000-character abstracts) within the 8 MiB response bound, every script',
      measured: `largest ${(largest.resultBytes / 2 ** 20).toFixed(2)} MiB (${largest.script}, ${largest.revision})`,
      met: steered.sizes.every((row) => !row.replaced && row.resultBytes <= MAX_RESPONSE_BYTES),
    },
    {
      target: `dedupe + rank + sort of 1,000 records with the new fields < ${STEERED_MERGE_TARGET_MS} ms (median, slowest variant)`,
      measured: `${slowest.value.toFixed(2)} ms`,
      met: slowest.value < STEERED_MERGE_TARGET_MS,
    },
  ];
}

/** The Markdown section of measurement (f). */
export function renderSteeredSearch(steered) {
  const mib = (bytes) => (bytes / 2 ** 20).toFixed(2);
  const fmt = (value) => value.toFixed(2);
  return [
    '## (f) Steered search (issue 12)',
    '',
    'In process, on the compiled sources. Response size: one `qiongli_literature_search` tools/call through the composed server (fake provider client answering 5 × 200 records with distinct DOIs, each with a 2,000-character abstract, citation count, open-access link, every 50th retracted; `include_abstracts: true`, `per_provider_limit: 200`, `total_limit: 1000`), the whole response frame in UTF-8 bytes. 2025-06-18 and later send the result twice (content text and structuredContent); 2025-03-26 sends the text only. Bound: 8 MiB (8,388,608 bytes) per response; a larger one is replaced by `tool-output-too-large`.',
    '',
    '| abstracts | revision | result in the response, bytes | MiB | share of 8 MiB | results | response sent |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...steered.sizes.map(
      (row) =>
        `| ${row.script} | ${row.revision} | ${row.resultBytes.toLocaleString('en-US')} | ${mib(row.resultBytes)} | ${((100 * row.resultBytes) / MAX_RESPONSE_BYTES).toFixed(0)} % | ${row.results} | ${row.replaced ? `**replaced by tool-output-too-large** (${row.bytes} bytes)` : `${row.bytes.toLocaleString('en-US')} bytes`} |`,
    ),
    '',
    'Dedupe + filter + rank + sort of the same 1,000 records (English abstracts, cleaning included), median of many iterations after warm-up:',
    '',
    '| measure | median | min–max | unit | target |',
    '| --- | --- | --- | --- | --- |',
    ...steered.rows.map((row) => `| ${row.name} | ${fmt(row.value)} | ${fmt(row.min)}–${fmt(row.max)} | ${row.unit} | ${row.target} |`),
  ].join('\n');
}
