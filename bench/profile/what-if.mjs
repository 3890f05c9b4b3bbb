#!/usr/bin/env node
// What-if experiments: how much would the optimisations suggested by the profile buy? Each
// variant is a COPY of dist/bundle/ in a temporary directory with one textual patch applied to
// the bundled code (src/ is never touched), measured with the benchmark's own suites next to an
// unpatched copy. Patches are anchored on the current bundle text; a patch whose anchor is
// missing (the code changed) is reported as skipped, not applied.
//
//   node bench/profile/what-if.mjs [--requests 20000] [--runs 5] [--cold-runs 10] [--out bench/WHAT-IF.md]

import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { bundleOptions } from '../../scripts/bundle-options.mjs';
import { captureFixture, writeFixture } from '../lib/fixture.mjs';
import { describeMachine, loadAverage } from '../lib/machine.mjs';
import { DEFAULT_BUNDLE, REPO_ROOT, serverSpecs } from '../lib/servers.mjs';
import { summarise } from '../lib/stats.mjs';
import { runColdSession } from '../suites/cold-session.mjs';
import { runThroughput } from '../suites/throughput.mjs';
import { performance } from 'node:perf_hooks';
import { cpuMillis } from '../lib/process-stats.mjs';
import { ServerProcess } from '../lib/server-process.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '5' },
    'cold-runs': { type: 'string', default: '10' },
    out: { type: 'string', default: join(REPO_ROOT, 'bench', 'WHAT-IF.md') },
  },
});
const requests = Number(values.requests);
const runs = Number(values.runs);
const coldRuns = Number(values['cold-runs']);
const work = mkdtempSync(join(tmpdir(), 'qiongli-what-if-'));
const log = (text) => process.stdout.write(`${text}\n`);

/**
 * A patch: replace `anchor` — a string, or a RegExp when esbuild may rename identifiers — which
 * must occur exactly once, by `replacement` (`$1`… refer to RegExp groups).
 */
const patch = (anchor, replacement) => ({ anchor, replacement });

// Patches for the code as of commit 8ab4d34 (per-frame back-pressure, copy-on-write memoised
// redaction and lazy AbortController are already in; earlier what-ifs measured those).
const PATCHES = {
  'previewRoute builds its object with Object.assign instead of a spread': [
    patch(
      /return \{ \.\.\.previewFlags, request: (\w+)\.request, platform: \1\.platform \};/,
      'return Object.assign({}, previewFlags, { request: $1.request, platform: $1.platform });',
    ),
  ],
  'parseArguments parses without an error map first (the map only on failure)': [
    patch(
      'const parsed = schema.safeParse(args, { error: () => GENERIC_INVALID_ARGUMENTS });\n  if (parsed.success) return succeed(parsed.data);',
      'const fast = schema.safeParse(args);\n  if (fast.success) return succeed(fast.data);\n  const parsed = schema.safeParse(args, { error: () => GENERIC_INVALID_ARGUMENTS });\n  if (parsed.success) return succeed(parsed.data);',
    ),
  ],
  'encodeFrame without the raw-newline scan (JSON.stringify never emits one)': [
    patch('const oneLine = payload.includes("\\n") ? payload.replaceAll("\\n", " ") : payload;', 'const oneLine = payload;'),
  ],
  'skip redaction entirely (upper bound of a static "no credential keys in this output schema" proof)': [
    patch(
      'function redactCredentials(value, rule = "standard") {\n  return redactValue(value, rule);',
      'function redactCredentials(value, rule = "standard") {\n  return value;',
    ),
  ],
};
PATCHES['all three of: Object.assign preview, error map only on failure, no newline scan'] = [
  ...PATCHES['previewRoute builds its object with Object.assign instead of a spread'],
  ...PATCHES['parseArguments parses without an error map first (the map only on failure)'],
  ...PATCHES['encodeFrame without the raw-newline scan (JSON.stringify never emits one)'],
];

/** Copies the bundle folder and applies a patch set; returns the copy's entry or a skip reason. */
function variant(name, patches) {
  const dir = join(work, name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40));
  cpSync(join(DEFAULT_BUNDLE, '..'), dir, { recursive: true });
  const entry = join(dir, 'qiongli.mjs');
  let text = readFileSync(entry, 'utf8');
  for (const { anchor, replacement } of patches) {
    const count = typeof anchor === 'string' ? text.split(anchor).length - 1 : (text.match(new RegExp(anchor.source, 'g')) ?? []).length;
    const shown = typeof anchor === 'string' ? anchor.split('\n')[0].slice(0, 60) : anchor.source.slice(0, 60);
    if (count !== 1) return { name, skipped: `anchor found ${count} times: ${shown}` };
    text = typeof anchor === 'string' ? text.replace(anchor, () => replacement) : text.replace(anchor, replacement);
  }
  writeFileSync(entry, text);
  return { name, entry };
}

/**
 * Fresh builds of bin/qiongli.ts with the project's bundle settings (scripts/bundle-options.mjs),
 * starting from neither minification nor the English-only zod locales; `extra` adds them back.
 */
async function freshBuild(name, extra) {
  const outdir = join(work, name);
  await build({ ...bundleOptions(outdir, { minify: false }), plugins: [], logLevel: 'error', ...extra });
  return { name, entry: join(outdir, 'qiongli.mjs') };
}

const fixturePath = join(work, 'fixture.json');
const fixture = await captureFixture(serverSpecs({ bundle: DEFAULT_BUNDLE, fixturePath }).qiongli);
writeFixture(fixture, fixturePath);
const specOf = (entry) => serverSpecs({ bundle: entry, fixturePath }).qiongli;

const fmt0 = (stats) =>
  stats === undefined
    ? '–'
    : `${Math.round(stats.median).toLocaleString('en-US')} (${Math.round(stats.min).toLocaleString('en-US')}–${Math.round(stats.max).toLocaleString('en-US')})`;
const fmt1 = (stats) => (stats === undefined ? '–' : `${stats.median.toFixed(1)} (${stats.min.toFixed(1)}–${stats.max.toFixed(1)})`);

/**
 * Runs every (variant, scenario) pair `runs` times, interleaved run by run (variant order
 * rotated), so drift in machine load spreads evenly over the variants.
 */
async function interleaved(variants, scenarios) {
  const results = new Map();
  for (let r = 0; r < runs; r++) {
    for (const { era, method } of scenarios) {
      const order = variants.map((_, index) => variants[(index + r) % variants.length]);
      for (const v of order) {
        if (v.skipped) continue;
        const key = `${v.name}|${era}|${method}`;
        if (!results.has(key)) results.set(key, []);
        results.get(key).push(await runThroughput(specOf(v.entry), { era, method, count: requests, fixture, timeoutMs: 300_000 }));
      }
    }
  }
  return (v, era, method) => {
    const list = results.get(`${v.name}|${era}|${method}`) ?? [];
    return {
      rate: summarise(list.map((run) => run.perSecond)),
      peak: summarise(list.map((run) => run.peakKiB / 1024)),
      cpu: summarise(list.map((run) => run.cpuMsPerK)),
      complete: list.every((run) => run.complete),
    };
  };
}

const loadStart = loadAverage();
const sections = [];

// Throughput variants, measured interleaved with the unpatched copy.
const baseline = variant('baseline (unpatched copy)', []);
const callVariants = [baseline, ...Object.entries(PATCHES).map(([name, patches]) => variant(name, patches))];
const callOf = await interleaved(callVariants, [
  { era: 'legacy', method: 'tools/call' },
  { era: 'modern', method: 'tools/call' },
]);
const callRows = [];
for (const v of callVariants) {
  if (v.skipped) {
    callRows.push(`| ${v.name} | skipped: ${v.skipped} | | | |`);
    continue;
  }
  const legacy = callOf(v, 'legacy', 'tools/call');
  const modern = callOf(v, 'modern', 'tools/call');
  log(`${v.name}: legacy ${legacy.rate?.median.toFixed(0)} req/s, modern ${modern.rate?.median.toFixed(0)} req/s`);
  callRows.push(
    `| ${v.name} | ${fmt0(legacy.rate)} | ${fmt0(modern.rate)} | ${fmt1(legacy.cpu)} / ${fmt1(modern.cpu)} | ${fmt1(legacy.peak)} / ${fmt1(modern.peak)} |${legacy.complete && modern.complete ? '' : ' **incomplete**'}`,
  );
}
sections.push(
  `## tools/call, ${requests.toLocaleString('en-US')} pipelined, median (min–max) of ${runs} interleaved runs`,
  '',
  '| variant | legacy req/s | modern req/s | server CPU ms per 1,000 (legacy / modern) | peak RSS MiB (legacy / modern) |',
  '| --- | --- | --- | --- | --- |',
  ...callRows,
  '',
);

// The big-output scenario: tools/list, unpatched against the newline-scan patch.
const noScan = variant('encodeFrame without the raw-newline scan', PATCHES['encodeFrame without the raw-newline scan (JSON.stringify never emits one)']);
const listOf = await interleaved([baseline, noScan], [{ era: 'legacy', method: 'tools/list' }]);
const listRows = [];
for (const v of [baseline, noScan]) {
  if (v.skipped) {
    listRows.push(`| ${v.name} | skipped: ${v.skipped} | | |`);
    continue;
  }
  const list = listOf(v, 'legacy', 'tools/list');
  log(`${v.name}: tools/list ${list.rate?.median.toFixed(0)} req/s, peak ${list.peak?.median.toFixed(0)} MiB`);
  listRows.push(`| ${v.name} | ${fmt0(list.rate)} | ${fmt1(list.cpu)} | ${fmt1(list.peak)} |${list.complete ? '' : ' **incomplete**'}`);
}
sections.push(
  `## Legacy tools/list (${JSON.stringify(fixture.legacyListResult).length.toLocaleString('en-US')}-byte results), ${requests.toLocaleString('en-US')} pipelined, median (min–max) of ${runs} interleaved runs`,
  '',
  '| variant | req/s | server CPU ms per 1,000 | peak RSS MiB |',
  '| --- | --- | --- | --- |',
  ...listRows,
  '',
);

// The write path alone: the same responses written as strings (as now) or as Buffers around one
// pre-encoded result (bench/profile/write-path-writer.mjs), read and counted by the harness.
const resultPath = join(work, 'tools-list-result.json');
writeFileSync(resultPath, JSON.stringify(fixture.legacyListResult));
const writeStrategies = ['string', 'string-no-scan', 'buffer'];
const writeResults = new Map(writeStrategies.map((strategy) => [strategy, []]));
for (let r = 0; r < runs; r++) {
  for (const strategy of writeStrategies.map((_, index) => writeStrategies[(index + r) % writeStrategies.length])) {
    const writer = new ServerProcess({
      name: strategy,
      command: process.execPath,
      args: [join(REPO_ROOT, 'bench', 'profile', 'write-path-writer.mjs'), strategy, String(requests), resultPath],
    });
    const tracker = writer.track(1, requests);
    const cpuBefore = cpuMillis(writer.pid);
    const start = performance.now();
    writer.send('go\n');
    await Promise.race([tracker.done, writer.exited]);
    const cpu = cpuMillis(writer.pid);
    const peak = writer.memory()?.hwmKiB;
    await writer.end();
    writeResults.get(strategy).push({
      perSecond: tracker.answered === requests ? requests / ((tracker.lastAt - start) / 1000) : undefined,
      cpuMsPerK: cpu === undefined || cpuBefore === undefined ? undefined : ((cpu - cpuBefore) * 1000) / requests,
      peakMiB: peak === undefined ? undefined : peak / 1024,
      complete: tracker.complete,
    });
  }
}
const writeRows = writeStrategies.map((strategy) => {
  const list = writeResults.get(strategy);
  return `| ${strategy} | ${fmt0(summarise(list.map((run) => run.perSecond)))} | ${fmt1(summarise(list.map((run) => run.cpuMsPerK)))} | ${fmt1(summarise(list.map((run) => run.peakMiB)))} |${list.every((run) => run.complete) ? '' : ' **incomplete**'}`;
});
log(`write path: ${writeRows.join(' ')}`);
sections.push(
  `## Write path alone: ${requests.toLocaleString('en-US')} responses around the tools/list result, median (min–max) of ${runs} runs`,
  '',
  'A child process writes the responses (no reading, no parsing), the harness counts them. `string` = what the frame writer does now (per-response string + `\\n` scan, ≥ 256 KiB string writes); `buffer` = the result pre-encoded once, each response written as [header, shared result Buffer, tail] under cork/uncork. Both stop at 1 MiB queued and resume on drain.',
  '',
  '| strategy | responses/s | writer CPU ms per 1,000 | peak RSS MiB |',
  '| --- | --- | --- | --- |',
  ...writeRows,
  '',
);

// Start-up: fresh builds from the current source, plain and minified.
// zod's `z` namespace re-exports every locale (≈ 360 KiB of the bundle) though only `en` is
// used; this plugin keeps `en` and drops the rest, to measure what parsing them costs.
const onlyEnglishZodLocales = {
  name: 'only-english-zod-locales',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: join(args.path, '..'),
      loader: 'js',
    }));
  },
};
const builds = [
  await freshBuild('fresh-build', {}),
  await freshBuild('fresh-build-minified', { minify: true }),
  await freshBuild('fresh-build-en-locale-only', { plugins: [onlyEnglishZodLocales] }),
  await freshBuild('fresh-build-minified-en-locale-only', { minify: true, plugins: [onlyEnglishZodLocales] }),
];
const coldRows = [];
const coldResults = new Map(builds.map((b) => [b.name, []]));
for (let r = 0; r < coldRuns; r++) {
  for (const b of builds.map((_, index) => builds[(index + r) % builds.length]))
    coldResults.get(b.name).push(await runColdSession(specOf(b.entry), { fixture, timeoutMs: 60_000 }));
}
for (const b of builds) {
  const results = coldResults.get(b.name);
  const size = readFileSync(b.entry).length;
  coldRows.push(
    `| ${b.name} (${Math.round(size / 1024)} KiB entry) | ${fmt1(summarise(results.map((run) => run.wallMs)))} | ${fmt1(summarise(results.map((run) => run.firstAnswerMs)))} | ${fmt1(summarise(results.map((run) => run.cpuMs)))} | ${fmt1(summarise(results.map((run) => run.peakKiB / 1024)))} |${results.every((run) => run.complete) ? '' : ' **incomplete**'}`,
  );
}
sections.push(
  `## Cold session of fresh builds of the current source, median (min–max) of ${coldRuns} runs`,
  '',
  '| build | wall ms | spawn → initialize answered ms | CPU ms (user+sys) | peak RSS MiB |',
  '| --- | --- | --- | --- | --- |',
  ...coldRows,
  '',
);

const machine = describeMachine();
writeFileSync(
  values.out,
  [
    '# What-if experiments on the Qiongli bundle',
    '',
    `Generated by \`node bench/profile/what-if.mjs\` on ${new Date().toISOString()} — ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; load average ${loadStart.join(' / ')} at start, ${loadAverage().join(' / ')} at end. Each variant is a patched copy of \`dist/bundle/\` (src/ untouched); see the patch texts in \`bench/profile/what-if.mjs\`.`,
    '',
    ...sections,
  ].join('\n'),
);
log(`wrote ${values.out}`);
