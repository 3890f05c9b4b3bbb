// Rendering of measurement (h), reading full-text documents (bench/suites/fulltext-parse.mjs, issue 20).

/** What each case measures, as the table says it. */
const CASE_LABELS = {
  'jats-read': 'JATS: parse + sections + passage ids + SHA-256, at once',
  'jats-sliced': 'JATS: the same in 8 ms time slices (as the server runs it)',
  'jats-json-string': 'JSON.parse of the same JATS bytes as one JSON string',
  'html-read': 'arXiv HTML: parse + sections + passage ids + SHA-256, at once',
  'html-sliced': 'arXiv HTML: the same in 8 ms time slices (as the server runs it)',
  'html-json-string': 'JSON.parse of the same HTML bytes as one JSON string',
  'records-json': 'JSON.parse of real Europe PMC search records, about the same size',
};

/** The Markdown section of measurement (h). */
export function renderFullTextParse(parse) {
  const fmt = (value) => (value === undefined ? '–' : value.toFixed(1));
  const result = (row) =>
    typeof row.result === 'object'
      ? `${row.result.sections.toLocaleString('en-US')} sections, ${row.result.passages.toLocaleString('en-US')} passages`
      : `${row.result.toLocaleString('en-US')} ${row.name === 'records-json' ? 'records' : 'characters'}`;
  const base = (name) => parse.rows.find((row) => row.name === name);
  const ratio = (row) => {
    const json = base(`${row.name.split('-')[0]}-json-string`);
    return row.name.endsWith('json-string') || json === undefined || row.name === 'records-json'
      ? ''
      : ` (${(row.warmMs / json.warmMs).toFixed(0)}× the JSON string)`;
  };
  return [
    '## (h) Reading full text (issue 20)',
    '',
    `In process, on the compiled sources, ${parse.smoke ? 'every case once in one child process (a smoke run)' : `each case in ${parse.processes} fresh child processes`}: one cold run (peak resident-set growth over the resident set just before it: getrusage maxrss), then ${parse.warm} warm runs (median time of all). JATS: the real Europe PMC article PMC12311175 with its body repeated to ${parse.smoke ? 'at least 256 KiB (a smoke run)' : '2 MiB'}; arXiv HTML: the LaTeXML page of test/fixtures/fulltext with its sections repeated likewise. "At once" is the reader's whole work after the body arrived; the sliced run is how the server runs it (longest event-loop block, the worst of the processes).`,
    '',
    '| case | input, bytes | result | cold, ms | warm median, ms | peak RSS growth, MiB | longest block, ms |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...parse.rows.map(
      (row) =>
        `| ${CASE_LABELS[row.name]} | ${row.bytes.toLocaleString('en-US')} | ${result(row)} | ${fmt(row.coldMs)} | ${fmt(row.warmMs)}${ratio(row)} | ${fmt(row.peakGrowthMiB)} | ${fmt(row.blockMs)} |`,
    ),
  ].join('\n');
}
