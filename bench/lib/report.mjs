import { existsSync, readFileSync } from 'node:fs';
// Renders the collected measurements as bench/RESULTS.md and judges the targets of issue 5.

import { ratio, summarise } from './stats.mjs';
import { SERVER_LABELS, SERVER_NAMES } from './servers.mjs';
import { judgeBinary, renderBinaryCold } from './binary-report.mjs';
import { judgeSteeredSearch, renderSteeredSearch } from './steered-report.mjs';
import { judgeCitationGraph, renderCitationGraph } from './graph-report.mjs';
import { judgeReferenceCheck, renderReferenceCheck } from './reference-report.mjs';
import { renderFullTextParse } from './fulltext-report.mjs';
import { renderContextBudget } from './context-report.mjs';

/** The targets of issue 5 §2 that suites (a)–(c) can judge. */
const TARGETS = {
  throughputVsFloor: 0.5,
  throughputVsSdk: 5,
  peakRssMiB: 100,
  coldVsFloor: 1.5,
  /** "No RSS growth 10k → 100k": growth above this share of the 10k reading counts as growth. */
  rssGrowthTolerance: 0.05,
};

const MiB = 1024;
const fmtInt = (value) => (value === undefined ? '–' : Math.round(value).toLocaleString('en-US'));
const fmt1 = (value) => (value === undefined ? '–' : value.toFixed(1));
const fmt2 = (value) => (value === undefined ? '–' : value.toFixed(2));
const cell = (stats, format) => {
  if (stats === undefined) return '–';
  const partial = stats.n < stats.of ? ` [${stats.n}/${stats.of} runs]` : '';
  return `${format(stats.median)} (${format(stats.min)}–${format(stats.max)})${partial}`;
};
const verdict = (met) => (met === undefined ? 'n/a' : met ? '**met**' : '**not met**');

/**
 * Relative growth of the RSS floor over a memory run: the lowest reading of the last three
 * chunks against the lowest of the first three. A single reading lands anywhere in the GC
 * saw-tooth; the lowest of three is close to the live heap after a collection, so a leak shows
 * and garbage does not. With `skip`, the first readings (heap still growing to its working
 * size) are left out.
 */
function floorTrend(run, skip = 0) {
  const readings = run.rssKiB.filter((value) => Number.isFinite(value)).slice(skip);
  if (readings.length < 2) return undefined;
  const window = Math.max(1, Math.min(3, Math.floor(readings.length / 2)));
  const first = Math.min(...readings.slice(0, window));
  const last = Math.min(...readings.slice(-window));
  return (last - first) / first;
}

/**
 * Summaries per server of one numeric field over the complete runs of a measurement; `of` is
 * the number of runs, so a summary of fewer runs shows how many failed.
 */
function perServer(runsByServer, pick) {
  const out = {};
  for (const name of Object.keys(runsByServer)) {
    const runs = runsByServer[name];
    if (runs === undefined) continue;
    const stats = summarise(runs.filter((run) => run.complete !== false).map(pick));
    out[name] = stats === undefined ? undefined : { ...stats, of: runs.length };
  }
  return out;
}

/** The servers of a run in report order: Qiongli, the builds it was compared with, the SDK, the floor. */
const serverNamesOf = (results) => results.meta?.servers ?? SERVER_NAMES;
/** Column headings of the servers. */
const HEADINGS = { qiongli: 'Qiongli', sdk: 'SDK', floor: 'floor' };
const heading = (name) => HEADINGS[name] ?? name;
/** The compared Qiongli builds among `names` (anything but the three built-in servers). */
const comparedIn = (names) => names.filter((name) => !SERVER_NAMES.includes(name));

/**
 * One table row: a cell per server, then Qiongli against the floor and the SDK, then Qiongli
 * against each compared build (above 1: this build is higher).
 */
function serverRow(label, names, stats, format, { ratios = true } = {}) {
  const cells = names.map((name) => cell(stats[name], format));
  if (!ratios) return [label, ...cells];
  const against = [...(names.includes('floor') ? ['floor'] : []), ...(names.includes('sdk') ? ['sdk'] : []), ...comparedIn(names)];
  return [label, ...cells, ...against.map((name) => fmt2(ratio(stats.qiongli, stats[name])))];
}

/** The header of {@link serverRow}'s rows. */
function serverHeader(first, names, { ratios = true } = {}) {
  const columns = [first, ...names.map(heading)];
  if (!ratios) return columns;
  const against = [...(names.includes('floor') ? ['floor'] : []), ...(names.includes('sdk') ? ['sdk'] : []), ...comparedIn(names)];
  return [...columns, ...against.map((name) => `Qiongli/${heading(name)}`)];
}

function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Judges the targets; returns rows `{ target, measured, met }` and keeps them for the summary. */
function judgeTargets(results) {
  const judged = [];
  const { throughput, cold, memory } = results;
  for (const scenario of throughput?.scenarios ?? []) {
    const rate = perServer(scenario.runs, (run) => run.perSecond);
    const vsFloor = ratio(rate.qiongli, rate.floor);
    const vsSdk = ratio(rate.qiongli, rate.sdk);
    // When the SDK server completed no run at all (it failed under the load) while Qiongli did,
    // there is no ratio; the SDK half of the target is then judged met and the row says why.
    const sdkFailed = scenario.runs.sdk !== undefined && rate.sdk === undefined && rate.qiongli !== undefined;
    const sdkMet = sdkFailed || (vsSdk !== undefined && vsSdk >= TARGETS.throughputVsSdk);
    judged.push({
      target: `throughput ${scenario.method} ${scenario.era} ≥ ${TARGETS.throughputVsFloor}× floor and ≥ ${TARGETS.throughputVsSdk}× SDK`,
      measured: `${fmt2(vsFloor)}× floor, ${sdkFailed ? 'SDK completed no run (see Completeness)' : `${fmt2(vsSdk)}× SDK`}`,
      met: vsFloor === undefined || (vsSdk === undefined && !sdkFailed) ? undefined : vsFloor >= TARGETS.throughputVsFloor && sdkMet,
    });
  }
  for (const scenario of throughput?.scenarios ?? []) {
    const worstPeak = summarise((scenario.runs.qiongli ?? []).map((run) => run.peakKiB))?.max;
    if (worstPeak === undefined) continue;
    judged.push({
      target: `peak RSS ≤ ${TARGETS.peakRssMiB} MiB at ${throughput.count.toLocaleString('en-US')} pipelined ${scenario.method} ${scenario.era} (worst run)`,
      measured: `${fmt1(worstPeak / MiB)} MiB`,
      met: worstPeak / MiB <= TARGETS.peakRssMiB,
    });
  }
  if (cold !== undefined) {
    const wall = perServer(cold.runs, (run) => run.wallMs);
    const vsFloor = ratio(wall.qiongli, wall.floor);
    judged.push({
      target: `cold session ≤ ${TARGETS.coldVsFloor}× floor (median wall time)`,
      measured: `${fmt2(vsFloor)}× floor (${fmt1(wall.qiongli?.median)} ms vs ${fmt1(wall.floor?.median)} ms)`,
      met: vsFloor === undefined ? undefined : vsFloor <= TARGETS.coldVsFloor,
    });
  }
  if (memory !== undefined && memory.runs.qiongli !== undefined) {
    const raw = summarise(memory.runs.qiongli.map((run) => (run.lastKiB - run.firstKiB) / run.firstKiB));
    const trend = summarise(memory.runs.qiongli.map((run) => floorTrend(run)));
    const warm = summarise(memory.runs.qiongli.map((run) => floorTrend(run, 1)));
    judged.push({
      target: `no RSS growth ${fmtInt(memory.chunk)} → ${fmtInt(memory.total)} requests (post-GC floor grows ≤ ${TARGETS.rssGrowthTolerance * 100} %, median run)`,
      measured:
        trend === undefined
          ? '–'
          : `floor trend ${fmt1(trend.median * 100)} % (runs ${fmt1(trend.min * 100)} … ${fmt1(trend.max * 100)} %); raw after-${fmtInt(memory.total)} vs after-${fmtInt(memory.chunk)} ${fmt1(raw.median * 100)} % (${fmt1(raw.min * 100)} … ${fmt1(raw.max * 100)} %); after warm-up (chunks 2–4 vs last 3) ${fmt1(warm?.median * 100)} %`,
      met: trend === undefined ? undefined : trend.median <= TARGETS.rssGrowthTolerance,
    });
  }
  const searchBulk = results.searchBulk;
  if (searchBulk?.implemented) {
    const [search, merge] = searchBulk.rows;
    const limit = 1.2 * searchBulk.slowestProviderMs;
    judged.push({
      target: `search fan-out ≤ 1.2× the slowest provider (${searchBulk.slowestProviderMs} ms → ${limit} ms)`,
      measured: `${fmt1(search.value)} ms (${fmt2(search.value / searchBulk.slowestProviderMs)}× slowest)`,
      met: search.value <= limit,
    });
    judged.push({ target: 'dedupe + rank of 1,000 records ≤ 5 ms (median)', measured: `${fmt2(merge.value)} ms`, met: merge.value <= 5 });
  }
  judged.push(...judgeBinary(results.binaryCold));
  judged.push(...judgeSteeredSearch(results.steeredSearch));
  judged.push(...judgeCitationGraph(results.citationGraph));
  judged.push(...judgeReferenceCheck(results.referenceCheck));
  const stderr = results.stderr?.qiongli;
  if (stderr !== undefined) {
    judged.push({
      target: 'nothing on stderr (Qiongli, every session of this run)',
      measured: `${stderr.bytes} bytes in ${stderr.sessions} sessions`,
      met: stderr.bytes === 0,
    });
  }
  return judged;
}

function renderThroughput(throughput, names) {
  const rows = [];
  const cpuRows = [];
  const peakRows = [];
  for (const scenario of throughput.scenarios) {
    const name = `${scenario.method} (${scenario.era})`;
    rows.push(
      serverRow(
        name,
        names,
        perServer(scenario.runs, (run) => run.perSecond),
        fmtInt,
      ),
    );
    const harness = perServer(scenario.runs, (run) => run.harnessCpuMsPerK);
    const bytes = perServer(scenario.runs, (run) => run.responses.bytes / run.responses.expected);
    cpuRows.push([
      ...serverRow(
        name,
        names,
        perServer(scenario.runs, (run) => run.cpuMsPerK),
        fmt1,
        { ratios: false },
      ),
      names.map((server) => fmt1(harness[server]?.median)).join(' / '),
      names.map((server) => fmtInt(bytes[server]?.median)).join(' / '),
    ]);
    peakRows.push(
      serverRow(
        name,
        names,
        perServer(scenario.runs, (run) => (run.peakKiB === undefined ? undefined : run.peakKiB / MiB)),
        fmt1,
      ),
    );
  }
  const order = names.map(heading).join(' / ');
  return [
    `## (a) Pipelined throughput over stdio — ${fmtInt(throughput.count)} requests per run, requests/s`,
    '',
    'All requests are written as fast as the pipe allows while responses are read concurrently; time runs from the first write to the last response; every response is counted by id (legacy: after `initialize`, protocol 2025-06-18; modern: 2026-07-28 `_meta` envelope on every request). Median (min–max) over the runs.',
    '',
    table(serverHeader('scenario', names), rows),
    '',
    `Server CPU time (user+system from /proc, 10 ms resolution) per 1,000 requests in ms; the harness's own CPU time per 1,000 requests while it drove each server; mean response size in bytes (the last two as ${order}). A run that did not answer every request is left out of the medians and shown as [complete/all runs].`,
    '',
    table([...serverHeader('scenario', names, { ratios: false }), 'harness CPU', 'bytes per response'], cpuRows),
    '',
    `## (c) Peak RSS during (a), MiB (VmHWM read after the last response)`,
    '',
    table(serverHeader('scenario', names), peakRows),
  ].join('\n');
}

function renderCold(cold, names) {
  const rows = [
    ['whole-process wall time, ms', (run) => run.wallMs],
    ['spawn → initialize answered, ms', (run) => run.firstAnswerMs],
    ['CPU time (user+system, 10 ms resolution), ms', (run) => run.cpuMs],
    ['peak RSS, MiB', (run) => (run.peakKiB === undefined ? undefined : run.peakKiB / MiB)],
  ].map(([label, pick]) => serverRow(label, names, perServer(cold.runs, pick), fmt1));
  return [
    `## (b) Cold session — ${cold.count} runs per server`,
    '',
    "Spawn, legacy `initialize` (answered), `notifications/initialized` + one `tools/call` of the route tool (answered), end of input, process exit. Peak RSS and CPU time are the kernel's figures for the server as recorded by GNU `/usr/bin/time` at exit; every server runs under it (it adds the same ~1 ms to every wall time).",
    '',
    table(serverHeader('measure', names), rows),
  ].join('\n');
}

function renderMemory(memory, names) {
  const rows = [
    [`RSS after ${fmtInt(memory.chunk)} requests, MiB`, (run) => (run.firstKiB === undefined ? undefined : run.firstKiB / MiB)],
    [`RSS after ${fmtInt(memory.total)} requests, MiB`, (run) => (run.lastKiB === undefined ? undefined : run.lastKiB / MiB)],
    ['growth, MiB', (run) => (run.lastKiB - run.firstKiB) / MiB],
    ['post-GC floor trend (min of last 3 chunks vs min of first 3), %', (run) => (floorTrend(run) ?? NaN) * 100],
    ['the same after warm-up (min of last 3 vs min of chunks 2–4), %', (run) => (floorTrend(run, 1) ?? NaN) * 100],
    ['peak RSS of the process, MiB', (run) => (run.peakKiB === undefined ? undefined : run.peakKiB / MiB)],
  ].map(([label, pick]) => serverRow(label, names, perServer(memory.runs, pick), fmt1, { ratios: false }));
  const trace = names
    .filter((name) => memory.runs[name]?.[0] !== undefined)
    .map((name) => `- ${name} (first run): ${memory.runs[name][0].rssKiB.map((kib) => fmt1(kib / MiB)).join(', ')} MiB`);
  return [
    `## (c) RSS after ${fmtInt(memory.total)} requests against after ${fmtInt(memory.chunk)} — ${memory.count} runs per server`,
    '',
    `One process per run serves ${fmtInt(memory.total)} legacy \`tools/call\` requests, pipelined in chunks of ${fmtInt(memory.chunk)}; VmRSS is read ${memory.settleMs} ms after each chunk is fully answered.`,
    '',
    table(serverHeader('measure', names, { ratios: false }), rows),
    '',
    'RSS after each chunk:',
    '',
    ...trace,
  ].join('\n');
}

function renderSearchBulk(searchBulk) {
  if (!searchBulk.implemented) {
    return ['## (d) Search and bulk paths', '', 'Not measured in this run (select it with `--suites d`).'].join('\n');
  }
  return [
    '## (d) Search and bulk paths',
    '',
    'In process, on the compiled sources: the literature search runs through the composed server and real undici against five loopback providers (127.0.0.1) answering their real fixture bodies after 100 ms each — a fresh container per run, so the answer cache and pacing start empty, and the first run (loading undici) is left out; PubMed makes two sequential requests (esearch, esummary), so it is the slowest provider at 200 ms. Dedupe + rank and the exports are median of many iterations after warm-up.',
    '',
    table(
      ['measure', 'median', 'min–max', 'unit', 'target'],
      searchBulk.rows.map((row) => [row.name, fmt2(row.value), `${fmt2(row.min)}–${fmt2(row.max)}`, row.unit, row.target ?? '']),
    ),
  ].join('\n');
}

function renderStderr(stderr, names) {
  const rows = names
    .filter((name) => stderr[name] !== undefined)
    .map((name) => {
      const { bytes, sessions, lines = [] } = stderr[name];
      const quoted = (text) => `\`${text.slice(0, 160).replaceAll('|', '\\|').replaceAll('`', "'")}\``;
      return [name, String(sessions), String(bytes), lines.map(quoted).join('<br>')];
    });
  return [
    '## stderr',
    '',
    'Bytes each server wrote to stderr over every session of this run, and the distinct lines seen (process ids masked; only the first 2,000 characters of each session are kept).',
    '',
    table(['server', 'sessions', 'bytes', 'distinct lines'], rows),
  ].join('\n');
}

function renderCompleteness(results) {
  const rows = results.completeness.map((entry) => [
    entry.suite,
    entry.server,
    `${entry.answered}/${entry.expected}`,
    entry.complete ? 'yes' : '**no**',
    entry.notes.join('; ').replaceAll('|', '\\|'),
  ]);
  return [
    '## Completeness',
    '',
    'Every request of every run, counted by id (the first, the last and every 997th response are also checked in full).',
    '',
    table(['measurement', 'server', 'answered', 'complete', 'failed runs'], rows),
  ].join('\n');
}

/** The whole RESULTS.md text. */
export function renderResults(results) {
  const { meta } = results;
  const judged = judgeTargets(results);
  const names = serverNamesOf(results);
  const loadNote =
    meta.load.start[0] > meta.machine.cores * 0.25
      ? `**Load average at start ${meta.load.start.join(' / ')} (1/5/15 min), above 0.25 per core: the machine was not idle when the run started; numbers may be pessimistic.** At end ${meta.load.end.join(' / ')} (the run itself keeps about two processes busy).`
      : `Load average at start ${meta.load.start.join(' / ')} (1/5/15 min), at end ${meta.load.end.join(' / ')} (the run itself keeps about two processes busy).`;
  const parts = [
    '# Qiongli benchmark results',
    '',
    meta.smoke ? '**SMOKE RUN — tiny N, one run; the numbers mean nothing.**\n' : '',
    `Generated by \`node bench/run.mjs ${meta.argv.join(' ')}\` on ${meta.date}.`,
    '',
    `- Machine: ${meta.machine.cpu}, ${meta.machine.cores} cores, ${fmtInt(meta.machine.memoryMiB)} MiB memory, ${meta.machine.os}`,
    `- Bundle under test: \`${meta.bundle.path}\` (${fmtInt(meta.bundle.bytes / 1024)} KiB, built ${meta.bundle.builtAt}; commit ${meta.bundle.commit})`,
    `- Node ${meta.machine.node}; Qiongli ${meta.qiongliVersion}; ${meta.toolCount} tools served (tools/list: ${fmtInt(meta.listBytes.legacy)} bytes legacy, ${fmtInt(meta.listBytes.modern)} bytes modern)`,
    `- ${loadNote}`,
    `- Runs: ${meta.runs} per measurement (cold sessions: ${meta.coldRuns}), servers rotated each run; servers: ${names.map((name) => `${name} = ${meta.labels?.[name] ?? SERVER_LABELS[name]}`).join('; ')}.`,
    '- The comparison servers answer with Qiongli\'s own tool list and result shapes (captured from Qiongli at the start of the run), so response sizes match (see "bytes per response").',
    '',
    '## Targets (issue 5)',
    '',
    table(
      ['target', 'measured', 'verdict'],
      judged.map((row) => [row.target, row.measured, verdict(row.met)]),
    ),
    '',
  ];
  if (results.throughput) parts.push(renderThroughput(results.throughput, names), '');
  if (results.cold) parts.push(renderCold(results.cold, names), '');
  if (results.memory) parts.push(renderMemory(results.memory, names), '');
  if (results.searchBulk) parts.push(renderSearchBulk(results.searchBulk), '');
  if (results.binaryCold) parts.push(renderBinaryCold(results.binaryCold), '');
  if (results.steeredSearch) parts.push(renderSteeredSearch(results.steeredSearch), '');
  if (results.citationGraph) parts.push(renderCitationGraph(results.citationGraph), '');
  if (results.fullTextParse) parts.push(renderFullTextParse(results.fullTextParse), '');
  if (results.contextBudget) parts.push(renderContextBudget(results.contextBudget), '');
  if (results.referenceCheck) parts.push(renderReferenceCheck(results.referenceCheck), '');
  parts.push(renderStderr(results.stderr, names), '', renderCompleteness(results), '');
  // The hand-written analysis of the targets not met (see bench/LIMITS.md).
  const limits = new URL('../LIMITS.md', import.meta.url);
  if (!meta.smoke && existsSync(limits)) parts.push(readFileSync(limits, 'utf8'));
  return parts.join('\n');
}
