// Part of measurement (d): the longest event-loop block while a provider body is parsed or a
// bulk export is built, in process, on the compiled sources (dist/src, dist/test — `npm run
// build` makes both). Bodies and the probe are the fault-injection suite's own
// (test/fault-injection/provider-*.ts); the contract is 50 ms (docs/provider-data.md). Each body
// is probed a few times; the rows give the median, min and max over the runs of the worst body.

import { REPO_ROOT } from '../lib/servers.mjs';

const load = (path) => import(`${REPO_ROOT}${path}`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Longest event-loop blocks of every provider parser on its hostile 4 MiB bodies and on a
 * realistic page, and of the two bulk exports at their bounds.
 * @returns {Promise<Array<{name:string, value:number, min:number, max:number, unit:string, target:string}>>}
 */
export async function runProviderLag({ smoke = false } = {}) {
  const { allProviderBodies } = await load('dist/test/fault-injection/provider-hostile-bodies.js');
  const { probeLag } = await load('dist/test/fault-injection/provider-lag-probe.js');
  const parsing = await load('dist/test/support/provider-parsing.js');
  const parsers = {
    arxiv: parsing.parseArxivResponse,
    openalex: parsing.parseOpenAlexResponse,
    semantic_scholar: parsing.parseSemanticScholarResponse,
    crossref: parsing.parseCrossrefResponse,
    'crossref-work': async (body, _rows, options) => {
      const { crossrefWorkRecords } = await load('dist/src/adapters/provider-client/crossref.js');
      return parsing.inSlices(crossrefWorkRecords(body, 1, options));
    },
    'pubmed-search': parsing.parsePubMedSearchResponse,
    'pubmed-summary': parsing.parsePubMedSummaryResponse,
  };
  const runs = smoke ? 1 : 5;
  const worst = new Map(); // row name → the runs of its worst body
  for (const named of allProviderBodies()) {
    if (smoke && !(named.parser === 'arxiv' && named.name === 'minimal entries')) continue; // smoke: one body keeps the harness honest
    const body = named.build();
    const blocks = [];
    for (let run = 0; run < runs + 1; run++) blocks.push((await probeLag(() => parsers[named.parser](body, 200, named.options))).longestBlockMs);
    blocks.shift(); // the first run warms the JIT
    const name = `${named.parser}: ${named.realistic ? named.name : 'worst hostile 4 MiB body'}`;
    if (!worst.has(name) || median(blocks) > median(worst.get(name).blocks)) worst.set(name, { blocks, body: named.name });
  }
  const rows = [...worst].map(([name, { blocks, body }]) => ({
    name: `longest event-loop block, ${name}${name.includes('worst') ? ` (${body})` : ''}`,
    value: median(blocks),
    min: Math.min(...blocks),
    max: Math.max(...blocks),
    unit: 'ms',
    target: '≤ 50',
  }));
  return [...rows, ...(await exportLag(probeLag, runs, smoke))];
}

/** Longest blocks of the two bulk tools at their bounds, argument checks to encoded answer. */
async function exportLag(probeLag, runs, smoke) {
  const { runCall } = await load('dist/src/adapters/mcp/tool-call.js');
  const { createContainer, ToolRegistryId } = await load('dist/src/index.js');
  const { TimeSlicesId } = await load('dist/src/ports/time-slices.port.js');
  const container = createContainer('lite');
  const registry = container.get(ToolRegistryId);
  const slices = container.get(TimeSlicesId);
  const exportEvidenceTool = registry.find('qiongli_literature_export_evidence');
  const zoteroExportTool = registry.find('qiongli_zotero_export_import_files');
  const record = (index) => ({
    title: `A study of thing ${index}: results and methods`,
    providers: ['crossref'],
    doi: `10.1000/abc.${index}`,
    year: 2020,
    authors: Array.from({ length: 8 }, (_, author) => ({ family: `Family${author}`, given: `Given ${author}` })),
  });
  const wide = Array.from({ length: 1000 }, (_, item) => Object.fromEntries(Array.from({ length: 95 }, (_, key) => [`k${item}_${key}`, key])));
  const cases = [
    ['evidence export, 1,000 records', exportEvidenceTool, { results: Array.from({ length: 1000 }, (_, index) => record(index)) }],
    ['evidence export, 1,000 results × 95 keys (the value bound)', exportEvidenceTool, { results: wide }],
    ['Zotero export, 1,000 records', zoteroExportTool, { records: Array.from({ length: 1000 }, (_, index) => record(index)) }],
  ];
  const context = { signal: new AbortController().signal, reportProgress() {} };
  const rows = [];
  for (const [name, tool, args] of smoke ? cases.slice(0, 1) : cases) {
    const blocks = [];
    for (let run = 0; run < runs + 1; run++) blocks.push((await probeLag(() => runCall({ tool, args }, '2025-06-18', context, '{}', slices))).longestBlockMs);
    blocks.shift();
    rows.push({
      name: `longest event-loop block, ${name}, checked to encoded`,
      value: median(blocks),
      min: Math.min(...blocks),
      max: Math.max(...blocks),
      unit: 'ms',
      target: '≤ 50',
    });
  }
  return rows;
}
