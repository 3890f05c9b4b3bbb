#!/usr/bin/env node
// Profiles Qiongli (a readable build of the bundle's sources, see below) with `node --cpu-prof` under the benchmark's
// pipelined loads and in a cold session, measures start-up pieces (import time of the bundle's
// heavy dependencies, bundle composition), and writes a Markdown summary (bench/PROFILE.md by
// default). Profiles are kept in --dir for a closer look (Chrome DevTools → Performance → load).
//
//   node bench/profile/profile-qiongli.mjs [--requests 20000] [--interval-us 100] [--dir DIR] [--out PATH]

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
import { renderSummary, summariseProfile } from './summarise-cpuprofile.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    'interval-us': { type: 'string', default: '100' },
    dir: { type: 'string' },
    out: { type: 'string', default: join(REPO_ROOT, 'bench', 'PROFILE.md') },
    bundle: { type: 'string', default: DEFAULT_BUNDLE },
    top: { type: 'string', default: '20' },
    'import-runs': { type: 'string', default: '7' },
  },
});
const requests = Number(values.requests);
const top = Number(values.top);
const dir = values.dir ?? mkdtempSync(join(tmpdir(), 'qiongli-profile-'));
mkdirSync(dir, { recursive: true });
const log = (text) => process.stdout.write(`${text}\n`);

// The shipped bundle is minified into one line, which leaves nothing to attribute samples to:
// profiles and the composition are taken from a readable build of the same sources (the same
// esbuild options, not minified). A --bundle given by hand is profiled as it is.
let profiledBundle = values.bundle;
if (values.bundle === DEFAULT_BUNDLE) {
  const readable = join(dir, 'readable');
  await build(bundleOptions(readable, { minify: false }));
  profiledBundle = join(readable, 'qiongli.mjs');
}

const plain = serverSpecs({ bundle: profiledBundle, fixturePath: join(dir, 'fixture.json') });
const fixture = await captureFixture(plain.qiongli);
writeFixture(fixture, join(dir, 'fixture.json'));

/** The Qiongli spec with --cpu-prof writing `<name>.cpuprofile` into dir. */
const profiled = (name) =>
  serverSpecs({
    bundle: profiledBundle,
    fixturePath: join(dir, 'fixture.json'),
    nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-name', `${name}.cpuprofile`, '--cpu-prof-interval', values['interval-us']],
  }).qiongli;

const sections = [];
const loadStart = loadAverage();
const scenarios = [
  { era: 'legacy', method: 'tools/call' },
  { era: 'modern', method: 'tools/call' },
  { era: 'legacy', method: 'tools/list' },
];
for (const { era, method } of scenarios) {
  const name = `pipelined-${method.replace('/', '-')}-${era}`;
  const run = await runThroughput(profiled(name), { era, method, count: requests, fixture, timeoutMs: 300_000 });
  log(`${name}: ${run.perSecond?.toFixed(0)} req/s under the profiler, complete ${run.complete}`);
  const summary = summariseProfile(join(dir, `${name}.cpuprofile`));
  sections.push(
    renderSummary(summary, {
      top,
      title: `${requests.toLocaleString('en-US')} pipelined ${method} (${era}) — ${run.perSecond?.toFixed(0)} req/s with the profiler on`,
    }),
  );
}

const cold = await runColdSession(profiled('cold-session'), { fixture, timeoutMs: 60_000 });
log(`cold session: ${cold.wallMs?.toFixed(1)} ms under the profiler`);
sections.push(
  renderSummary(summariseProfile(join(dir, 'cold-session.cpuprofile')), {
    top,
    title: `cold session (spawn, initialize, one call, end of input) — ${cold.wallMs?.toFixed(1)} ms with the profiler on`,
  }),
);

// Start-up pieces: each measured in fresh processes, median of --import-runs.
const importRuns = Number(values['import-runs']);
const timeImport = (specifier) => {
  const code = `const t = performance.now(); await import(${JSON.stringify(specifier)}); process.stdout.write(String(performance.now() - t));`;
  const times = [];
  for (let i = 0; i < importRuns; i++) {
    times.push(Number(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: REPO_ROOT, encoding: 'utf8' })));
  }
  return summarise(times);
};
const timeProcess = (args) => {
  const times = [];
  for (let i = 0; i < importRuns; i++) {
    const start = performance.now();
    execFileSync(process.execPath, args, { cwd: REPO_ROOT, stdio: 'ignore' });
    times.push(performance.now() - start);
  }
  return summarise(times);
};
const fmt = (stats) => (stats === undefined ? '–' : `${stats.median.toFixed(1)} (${stats.min.toFixed(1)}–${stats.max.toFixed(1)})`);
const startupRows = [
  ['`node -e 0` (bare Node start-up, whole process)', timeProcess(['-e', '0'])],
  ['`node dist/bundle/qiongli.mjs --version` (load + evaluate the bundle, whole process)', timeProcess([values.bundle, '--version'])],
  ['`import("zod")` from node_modules (in-process)', timeImport('zod')],
  ['`import("inversify")` (in-process)', timeImport('inversify')],
  ['`import("reflect-metadata")` (in-process)', timeImport('reflect-metadata')],
  ['`import("undici")` (in-process; Qiongli loads it lazily)', timeImport('undici')],
  ['`import("@modelcontextprotocol/server")` (in-process, for reference)', timeImport('@modelcontextprotocol/server')],
].map(([label, stats]) => `| ${label} | ${fmt(stats)} |`);

// Bundle composition: bytes of each package / src folder in each bundle file.
const composition = [];
const bundleDir = join(profiledBundle, '..');
const bundleFiles = [profiledBundle, ...readdirSync(join(bundleDir, 'chunks')).map((file) => join(bundleDir, 'chunks', file))];
for (const file of bundleFiles) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const sizes = new Map();
  let current = '(prelude)';
  for (const line of lines) {
    const match = /^\/\/ ((?:src|bin|node_modules)\/\S+)$/.exec(line);
    if (match) {
      const parts = match[1].split('/');
      current = parts[0] === 'node_modules' ? (parts[1].startsWith('@') ? `${parts[1]}/${parts[2]}` : parts[1]) : parts.slice(0, 3).join('/');
    }
    sizes.set(current, (sizes.get(current) ?? 0) + line.length + 1);
  }
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  const rows = [...sizes.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
  composition.push(
    `**${file.startsWith(REPO_ROOT) ? file.slice(REPO_ROOT.length) : file.slice(bundleDir.length + 1)}** — ${(total / 1024).toFixed(0)} KiB${profiledBundle === values.bundle ? '' : ' unminified'}: ${rows.map(([name, size]) => `${name} ${(size / 1024).toFixed(0)} KiB`).join(', ')}`,
  );
}

const machine = describeMachine();
const text = [
  '# Qiongli CPU profiles',
  '',
  `Generated by \`node bench/profile/profile-qiongli.mjs\` on ${new Date().toISOString()} — ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; load average at start ${loadStart.join(' / ')}. Sampling interval ${values['interval-us']} µs; profiles in \`${dir}\`. Summaries come from \`bench/profile/summarise-cpuprofile.mjs\`; bundle code is attributed to its original module through esbuild's \`// path\` comments (and line-level ticks for top-level code). Profiles and the composition are of ${profiledBundle === values.bundle ? `\`${values.bundle}\`` : "a readable (not minified) build of the shipped bundle's sources"}; start-up pieces time the shipped bundle.`,
  '',
  '## Start-up pieces (ms, median (min–max) of fresh processes)',
  '',
  '| what | ms |',
  '| --- | --- |',
  ...startupRows,
  '',
  '## Bundle composition',
  '',
  ...composition.map((line) => `- ${line}`),
  '',
  '## Profiles',
  '',
  ...sections.flatMap((section) => [section, '']),
].join('\n');
writeFileSync(values.out, text);
log(`wrote ${values.out}; profiles in ${dir}`);
