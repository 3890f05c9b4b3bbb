#!/usr/bin/env node
// Summarises a V8 .cpuprofile (from `node --cpu-prof`): top functions by self time, top
// functions by inclusive ("total") time, and self time per source module. Code from an esbuild
// bundle is attributed to its original module through the `// path` comments esbuild writes
// before each module (src/… files, node_modules/<package>).
//
//   node bench/profile/summarise-cpuprofile.mjs <file.cpuprofile> [--top 25]

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const moduleMaps = new Map();

/** Start lines (1-based) of the modules inside a bundle file, from esbuild's `// path` comments. */
function moduleMapOf(url) {
  if (moduleMaps.has(url)) return moduleMaps.get(url);
  let map = [];
  if (url.startsWith('file://')) {
    try {
      const lines = readFileSync(fileURLToPath(url), 'utf8').split('\n');
      lines.forEach((line, index) => {
        const match = /^\/\/ ((?:src|bin|node_modules)\/\S+\.(?:ts|js|mjs|cjs|json))$/.exec(line);
        if (match) map.push({ line: index + 1, module: match[1] });
      });
    } catch {
      map = [];
    }
  }
  moduleMaps.set(url, map);
  return map;
}

/** The module of a 1-based line of a bundle file, from its module map. */
function moduleAtLine(map, line) {
  let found = '(bundle prelude)';
  for (const entry of map) {
    if (entry.line > line) break;
    found = entry.module;
  }
  return packageOf(found);
}

/** The original module of a call frame: a src/… path, `zod`, `inversify`, `node:…`, … */
function moduleOf(callFrame) {
  const { url, lineNumber } = callFrame;
  if (url === '') return callFrame.functionName.startsWith('(') ? callFrame.functionName : '(native/builtin)';
  if (url.startsWith('node:')) return url;
  const map = moduleMapOf(url);
  if (map.length > 0) return moduleAtLine(map, lineNumber + 1);
  const nodeModules = url.lastIndexOf('/node_modules/');
  if (nodeModules >= 0) return packageOf(url.slice(nodeModules + 1));
  return url.replace(/^file:\/\/.*?\/(bench|dist|src)\//, '$1/');
}

/** `node_modules/zod/v4/core/x.js` → `zod`; `node_modules/@inversifyjs/core/…` → `@inversifyjs/core`. */
function packageOf(path) {
  if (!path.startsWith('node_modules/')) return path;
  const parts = path.split('/');
  return parts[1].startsWith('@') ? `${parts[1]}/${parts[2]}` : parts[1];
}

/**
 * Reads a profile and aggregates it.
 * @returns {{ totalMs:number, samples:number, self:Array, inclusive:Array, modules:Array }}
 */
export function summariseProfile(path) {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = new Map();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url === '' ? '' : ` ${moduleOf(node.callFrame)}:${lineNumber + 1}`;
    keyOf.set(node.id, { key: `${functionName || '(anonymous)'}${where}`, module: moduleOf(node.callFrame) });
  }
  // A bundle's top-level function holds the top-level code of every module it inlines; its
  // positionTicks (line-level hits) split its self time between those modules.
  const moduleShares = new Map();
  for (const node of profile.nodes) {
    const map = moduleMapOf(node.callFrame.url);
    const ticks = node.positionTicks ?? [];
    if (map.length === 0 || ticks.length === 0) continue;
    const total = ticks.reduce((sum, tick) => sum + tick.ticks, 0);
    const shares = new Map();
    for (const tick of ticks) {
      const module = moduleAtLine(map, tick.line);
      shares.set(module, (shares.get(module) ?? 0) + tick.ticks / total);
    }
    moduleShares.set(node.id, shares);
  }
  const self = new Map();
  const inclusive = new Map();
  const modules = new Map();
  let totalUs = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const delta = Math.max(0, deltas[i] ?? 0);
    totalUs += delta;
    const id = samples[i];
    const { key, module } = keyOf.get(id);
    self.set(key, (self.get(key) ?? 0) + delta);
    const shares = moduleShares.get(id);
    if (shares === undefined) modules.set(module, (modules.get(module) ?? 0) + delta);
    else for (const [name, share] of shares) modules.set(name, (modules.get(name) ?? 0) + delta * share);
    const seen = new Set();
    for (let node = id; node !== undefined; node = parent.get(node)) {
      const frameKey = keyOf.get(node).key;
      if (seen.has(frameKey)) continue;
      seen.add(frameKey);
      inclusive.set(frameKey, (inclusive.get(frameKey) ?? 0) + delta);
    }
  }
  const rows = (map) => [...map.entries()].map(([name, us]) => ({ name, ms: us / 1000, share: totalUs === 0 ? 0 : us / totalUs })).sort((a, b) => b.ms - a.ms);
  return { totalMs: totalUs / 1000, samples: samples.length, self: rows(self), inclusive: rows(inclusive), modules: rows(modules) };
}

const IDLE = new Set(['(idle)', '(root)', '(program)']);

/** Markdown tables of a summary. `inclusiveFilter` keeps the inclusive table to interesting frames. */
export function renderSummary(summary, { top = 25, title = 'profile' } = {}) {
  const pct = (share) => `${(share * 100).toFixed(1)} %`;
  const table = (rows, header) =>
    [
      `| ${header} | ms | share |`,
      '| --- | --- | --- |',
      ...rows.map((row) => `| \`${row.name.replaceAll('|', '\\|')}\` | ${row.ms.toFixed(1)} | ${pct(row.share)} |`),
    ].join('\n');
  const idle = summary.self.filter((row) => row.name === '(idle)').reduce((sum, row) => sum + row.ms, 0);
  const busyInclusive = summary.inclusive.filter((row) => !IDLE.has(row.name) && !row.name.startsWith('(root)'));
  return [
    `### ${title}`,
    '',
    `${summary.samples} samples, ${summary.totalMs.toFixed(1)} ms profiled, of which ${idle.toFixed(1)} ms idle.`,
    '',
    `Top ${top} functions by self time:`,
    '',
    table(summary.self.slice(0, top), 'function (module:line)'),
    '',
    `Top ${top} functions by inclusive time:`,
    '',
    table(busyInclusive.slice(0, top), 'function (module:line)'),
    '',
    'Self time by module (esbuild bundle sections; node: internals; V8 pseudo-frames):',
    '',
    table(summary.modules.slice(0, top), 'module'),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string' } } });
  for (const path of positionals) {
    process.stdout.write(`${renderSummary(summariseProfile(path), { top: Number(values.top ?? 25), title: path })}\n\n`);
  }
}
