// The XML reader (issue 23 item 5, issue 29 row 2), in process on the compiled sources
// (dist/src; `npm run build` makes them): saxes fed 16 KiB a step, the reader every XML body goes
// through (arXiv Atom, arXiv OAI-PMH records, JATS from Europe PMC and PubMed Central). Each
// case is read once to warm up, then `--runs` times; the rows give the median total time, the
// longest single step (one `next()` of the stepwise reader: what the 50 ms step contract bounds)
// and the steps taken. With `--baseline <root>`, a build of an older commit (its
// dist/src/adapters/provider-client/xml-reader.js, the hand-written reader) is measured on the
// same inputs beside it.
//
//   node bench/suites/xml-reader.mjs [--runs 5] [--baseline /path/to/older/checkout] [--smoke]

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../lib/servers.mjs';

const MIB = 1024 * 1024;
const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index < 0 ? fallback : process.argv[index + 1];
};
const smoke = process.argv.includes('--smoke');
const runs = Number(argument('--runs', smoke ? 1 : 5));
const baseline = argument('--baseline', undefined);

/** The inputs: a real JATS article grown to 16 MiB, and the hostile single values of issue 29 row 2. */
function inputs(scale) {
  const jats = readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'fulltext', 'europepmc-fulltext-PMC12311175.xml'), 'utf8');
  const start = jats.indexOf('<body>') + 6;
  const end = jats.indexOf('</body>');
  const grow = (bytes) => jats.slice(0, start) + jats.slice(start, end).repeat(Math.ceil((bytes - jats.length) / (end - start)) + 1) + jats.slice(end);
  const wrap = (inner) => `<article><body><sec><p>${inner}</p></sec></body></article>`;
  return [
    ['JATS article, 16 MiB (PMC12311175, body repeated)', grow(16 * MIB * scale), true],
    ['one CDATA section, 12 MiB', wrap(`<![CDATA[${'x '.repeat(6 * MIB * scale)}]]>`), false],
    ['one tex-math text of `$`, 12 MiB', wrap(`<tex-math>${'$'.repeat(12 * MIB * scale)}</tex-math>`), false],
    ['one alttext attribute, 12 MiB', wrap(`<math alttext="${'x'.repeat(12 * MIB * scale)}"/>`), false],
    ['entity-dense text, 4 MiB', wrap('&amp;'.repeat((4 * MIB * scale) / 5)), false],
    ['empty elements, 4 MiB', wrap('<a/>'.repeat(MIB * scale)), false],
  ];
}

/**
 * One read: total ms, longest step ms (wall clock) and the CPU time of the step that took most of
 * it (process CPU, GC threads included: on a loaded machine the wall clock of a step also counts
 * the time other processes had the CPU), steps.
 */
function measure(readXml, text, options) {
  const events = { attributes: new Set(['alttext', 'href']), open() {}, text() {}, close() {} };
  const task = readXml(text, events, options);
  let longest = 0;
  let longestCpu = 0;
  let steps = 0;
  const started = performance.now();
  for (;;) {
    const cpu = process.cpuUsage();
    const before = performance.now();
    const step = task.next();
    longest = Math.max(longest, performance.now() - before);
    const used = process.cpuUsage(cpu);
    longestCpu = Math.max(longestCpu, (used.user + used.system) / 1000);
    steps += 1;
    if (step.done) break;
  }
  return { total: performance.now() - started, longest, longestCpu, steps };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function readerOf(root, path) {
  return (await import(pathToFileURL(join(root, path)).href)).readXml;
}

const readers = [['saxes (this build)', await readerOf(REPO_ROOT, 'dist/src/adapters/provider-http/xml-reader.js'), {}]];
if (baseline !== undefined)
  readers.push(['hand-written (baseline)', await readerOf(baseline, 'dist/src/adapters/provider-client/xml-reader.js'), { textInPieces: true }]);

const load = () => (process.platform === 'linux' ? readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ') : 'n/a');
console.log(`Load average at start: ${load()}; Node ${process.version}.\n`);
console.log(`| input | reader | total (median of ${runs}) | longest step, wall (max) | longest step, CPU (max) | steps |`);
console.log('|---|---|---:|---:|---:|---:|');
for (const [name, text, isJats] of inputs(smoke ? 1 / 64 : 1)) {
  for (const [label, readXml, extra] of readers) {
    const options = { ...extra, ...(isJats ? { doctype: 'external', maxDepth: 256 } : { maxDepth: 256 }) };
    let outcome = 'read';
    const results = [];
    for (let run = 0; run <= runs; run++) {
      try {
        results.push(measure(readXml, text, options));
      } catch {
        outcome = 'refused';
        break;
      }
    }
    results.shift(); // the first run warms the JIT
    if (results.length === 0) console.log(`| ${name} | ${label} | ${outcome} | | | |`);
    else
      console.log(
        `| ${name} | ${label} | ${median(results.map((r) => r.total)).toFixed(0)} ms | ${median(results.map((r) => r.longest)).toFixed(1)} ms (max ${Math.max(...results.map((r) => r.longest)).toFixed(1)}) | ${median(results.map((r) => r.longestCpu)).toFixed(1)} ms (max ${Math.max(...results.map((r) => r.longestCpu)).toFixed(1)}) | ${results[0].steps} |`,
      );
  }
}
console.log(`\nLoad average at end: ${load()}.`);
