#!/usr/bin/env node
// Benchmark of issue 5: Qiongli against the official SDK server and a floor server, side by side
// in one run. Writes bench/RESULTS.md (or --out). See bench/README.md.
//
//   node bench/run.mjs                       # full run: 20,000 requests, 5 runs
//   node bench/run.mjs --requests 20000 --runs 5 --cold-runs 10 --memory-requests 100000
//   node bench/run.mjs --smoke --out /tmp/r.md --json /tmp/r.json   # tiny N, one run
//   node bench/run.mjs --from-json /tmp/r.json                      # re-render RESULTS.md only
//   node bench/run.mjs --suites a --servers qiongli --compare c99f81a=/work/c99f81a   # other builds beside this one
//
// Exit code 0 when Qiongli and the floor answered every request of every run (the SDK server's
// failures under load are reported as results), 1 otherwise, 2 on bad usage.

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { captureFixture, writeFixture } from './lib/fixture.mjs';
import { describeMachine, loadAverage } from './lib/machine.mjs';
import { ERAS, METHODS } from './lib/messages.mjs';
import { renderResults } from './lib/report.mjs';
import { commitOf, compareSpec, DEFAULT_BUNDLE, parseCompare, REPO_ROOT, SERVER_LABELS, SERVER_NAMES, serverSpecs } from './lib/servers.mjs';
import { runColdSession } from './suites/cold-session.mjs';
import { runMemoryGrowth } from './suites/memory.mjs';
import { runSearchBulk } from './suites/search-bulk.mjs';
import { runSteeredSearch } from './suites/steered-search.mjs';
import { runCitationGraph } from './suites/citation-graph.mjs';
import { runFullTextParse } from './suites/fulltext-parse.mjs';
import { runContextBudget } from './suites/context-budget.mjs';
import { runReferenceCheck } from './suites/reference-check.mjs';
import { runThroughput } from './suites/throughput.mjs';
import { BINARY, BINARY_SERVERS, binarySpecs, runBinaryCold } from './suites/binary-cold.mjs';

const USAGE = `usage: node bench/run.mjs [--requests N] [--runs N] [--cold-runs N] [--memory-requests N]
       [--memory-chunk N] [--suites a,b,c,d,e,f,g,h,j,k] [--servers qiongli,sdk,floor] [--methods tools/call,tools/list] [--bundle PATH]
       [--compare NAME=CHECKOUT ...] [--out PATH] [--json PATH] [--timeout-ms N] [--smoke] [--quiet]
       node bench/run.mjs --from-json PATH [--out PATH]   (re-render a saved --json result)`;

/** Parses the command line into the benchmark options. */
function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      requests: { type: 'string' },
      runs: { type: 'string' },
      'cold-runs': { type: 'string' },
      'memory-requests': { type: 'string' },
      'memory-chunk': { type: 'string' },
      suites: { type: 'string' },
      servers: { type: 'string' },
      methods: { type: 'string' },
      bundle: { type: 'string' },
      compare: { type: 'string', multiple: true, default: [] },
      out: { type: 'string' },
      json: { type: 'string' },
      'from-json': { type: 'string' },
      'timeout-ms': { type: 'string' },
      smoke: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const smoke = values.smoke;
  const int = (name, fallback, min = 1) => {
    const raw = values[name];
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
    return value;
  };
  const list = (name, allowed, fallback) => {
    const raw = values[name];
    if (raw === undefined) return fallback;
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    for (const item of items) if (!allowed.includes(item)) throw new Error(`--${name}: unknown ${item}`);
    return items;
  };
  const runs = int('runs', smoke ? 1 : 5);
  const memoryChunk = int('memory-chunk', smoke ? 50 : 10_000);
  return {
    help: values.help,
    smoke,
    quiet: values.quiet,
    requests: int('requests', smoke ? 100 : 20_000),
    runs,
    coldRuns: int('cold-runs', smoke ? 1 : Math.max(runs, 10)),
    memoryRequests: int('memory-requests', smoke ? 150 : 100_000),
    memoryChunk,
    settleMs: smoke ? 0 : 100,
    suites: list('suites', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'j', 'k'], ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'j', 'k']),
    servers: list('servers', SERVER_NAMES, [...SERVER_NAMES]),
    methods: list('methods', METHODS, [...METHODS]),
    bundle: values.bundle ?? DEFAULT_BUNDLE,
    compares: compareList(values.compare),
    out: values.out ?? join(REPO_ROOT, 'bench', 'RESULTS.md'),
    json: values.json,
    fromJson: values['from-json'],
    timeoutMs: int('timeout-ms', smoke ? 20_000 : 120_000),
  };
}

/** The --compare builds, each named once. */
function compareList(given) {
  const compares = given.map(parseCompare);
  const names = compares.map((compare) => compare.name);
  if (new Set(names).size !== names.length) throw new Error('--compare: each build needs a name of its own');
  return compares;
}

/** Size and build time of a bundle, and the commit of the checkout it sits in (read-only git). */
function describeBundle(bundle, commit = commitOf(REPO_ROOT)) {
  const stat = statSync(bundle);
  return { path: bundle.startsWith(REPO_ROOT) ? bundle.slice(REPO_ROOT.length) : bundle, bytes: stat.size, builtAt: stat.mtime.toISOString(), commit };
}

/** The servers of run `r` in rotated order, so no server always runs first (or last). */
const rotated = (servers, r) => servers.map((_, index) => servers[(index + r) % servers.length]);

async function main() {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const log = options.quiet ? () => {} : (text) => process.stdout.write(`${text}\n`);
  if (options.fromJson !== undefined) {
    writeFileSync(options.out, renderResults(JSON.parse(readFileSync(options.fromJson, 'utf8'))));
    log(`re-rendered ${options.fromJson} into ${options.out}`);
    return;
  }
  const loadStart = loadAverage();
  const workDir = mkdtempSync(join(tmpdir(), 'qiongli-bench-'));
  try {
    const bareSpecs = serverSpecs({ bundle: options.bundle, fixturePath: join(workDir, 'fixture.json') });
    log(`capturing Qiongli's answers from ${options.bundle}`);
    const fixture = await captureFixture(bareSpecs.qiongli);
    writeFixture(fixture, join(workDir, 'fixture.json'));
    // Report and rotation order: this build, the builds it is compared with, then the others.
    const names = [
      ...options.servers.filter((name) => name === 'qiongli'),
      ...options.compares.map((compare) => compare.name),
      ...options.servers.filter((name) => name !== 'qiongli'),
    ];
    const specs = Object.fromEntries(options.servers.map((name) => [name, bareSpecs[name]]));
    // Each compared build is checked against its own answers (an older build serves other tools).
    const fixtures = Object.fromEntries(names.map((name) => [name, fixture]));
    for (const compare of options.compares) {
      specs[compare.name] = compareSpec(compare);
      log(`capturing ${compare.name}'s answers from ${compare.bundle}`);
      fixtures[compare.name] = await captureFixture(specs[compare.name]);
    }
    const labels = Object.fromEntries(options.servers.map((name) => [name, SERVER_LABELS[name]]));
    for (const compare of options.compares) {
      const built = describeBundle(compare.bundle, compare.commit);
      labels[compare.name] = `Qiongli at ${compare.commit} (${compare.bundle}, ${Math.round(built.bytes / 1024)} KiB, built ${built.builtAt})`;
    }
    const results = {
      meta: {
        date: new Date().toISOString(),
        argv: process.argv.slice(2),
        smoke: options.smoke,
        machine: describeMachine(),
        servers: names,
        labels,
        load: { start: loadStart, end: undefined },
        runs: options.runs,
        coldRuns: options.coldRuns,
        qiongliVersion: fixture.initializeResult.serverInfo?.version,
        bundle: describeBundle(options.bundle),
        toolCount: fixture.legacyListResult.tools.length,
        listBytes: {
          legacy: JSON.stringify(fixture.legacyListResult).length,
          modern: JSON.stringify(fixture.modernListResult).length,
        },
      },
      stderr: Object.fromEntries(names.map((name) => [name, { bytes: 0, sessions: 0, head: '', lines: [] }])),
      completeness: [],
    };
    const failures = [];
    const note = (suite, name, run) => {
      const stderr = results.stderr[name];
      stderr.sessions++;
      stderr.bytes += run.stderrBytes;
      if (stderr.head === '' && run.stderrHead !== '') stderr.head = run.stderrHead;
      // Distinct stderr lines (process ids masked), so a report can say what was printed.
      const lines = run.stderrHead.split('\n');
      if (run.stderrBytes > run.stderrHead.length) lines.pop(); // cut off mid-line
      for (const line of lines) {
        const normalised = line.replace(/\(node:\d+\)/g, '(node:PID)').trim();
        if (normalised === '' || normalised.startsWith('at ') || stderr.lines.includes(normalised) || stderr.lines.length >= 8) continue;
        stderr.lines.push(normalised);
      }
      if (!run.complete) failures.push({ suite, server: name, detail: JSON.stringify(run.responses ?? run.exit) });
    };
    const completeness = (suite, name, run, answered, expected) => {
      let entry = results.completeness.find((item) => item.suite === suite && item.server === name);
      if (entry === undefined) {
        entry = { suite, server: name, answered: 0, expected: 0, complete: true, runs: 0, notes: [] };
        results.completeness.push(entry);
      }
      entry.runs++;
      entry.answered += answered;
      entry.expected += expected;
      entry.complete &&= run.complete;
      if (!run.complete) {
        const exit = run.exit === undefined ? '' : `, exit ${run.exit.killed ? 'killed after timeout' : (run.exit.signal ?? run.exit.code)}`;
        entry.notes.push(`run ${entry.runs}: ${answered}/${expected} answered${exit}`);
      }
    };

    if (options.suites.includes('a')) {
      const scenarios = ERAS.flatMap((era) => options.methods.map((method) => ({ era, method, runs: {} })));
      for (let r = 0; r < options.runs; r++) {
        for (const scenario of scenarios) {
          for (const name of rotated(names, r)) {
            const run = await runThroughput(specs[name], {
              era: scenario.era,
              method: scenario.method,
              count: options.requests,
              fixture: fixtures[name],
              timeoutMs: options.timeoutMs,
            });
            (scenario.runs[name] ??= []).push(run);
            note(`a ${scenario.method} ${scenario.era}`, name, run);
            completeness(`a: ${scenario.method} ${scenario.era}`, name, run, run.responses.answered, run.responses.expected);
            log(
              `a run ${r + 1}/${options.runs} ${scenario.method} ${scenario.era} ${name}: ${run.perSecond?.toFixed(0) ?? 'incomplete'} req/s, peak ${run.peakKiB} KiB`,
            );
          }
        }
      }
      results.throughput = { count: options.requests, scenarios };
    }

    if (options.suites.includes('b')) {
      const runs = {};
      for (let r = 0; r < options.coldRuns; r++) {
        for (const name of rotated(names, r)) {
          const run = await runColdSession(specs[name], { fixture: fixtures[name], timeoutMs: options.timeoutMs });
          (runs[name] ??= []).push(run);
          note('b cold session', name, run);
          completeness('b: cold session', name, run, run.complete ? 2 : 0, 2);
          log(`b run ${r + 1}/${options.coldRuns} ${name}: ${run.wallMs?.toFixed(1)} ms, peak ${run.peakKiB} KiB`);
        }
      }
      results.cold = { count: options.coldRuns, runs };
    }

    if (options.suites.includes('c')) {
      const runs = {};
      for (let r = 0; r < options.runs; r++) {
        for (const name of rotated(names, r)) {
          const run = await runMemoryGrowth(specs[name], {
            total: options.memoryRequests,
            chunk: options.memoryChunk,
            fixture: fixtures[name],
            timeoutMs: options.timeoutMs,
            settleMs: options.settleMs,
          });
          (runs[name] ??= []).push(run);
          note('c memory growth', name, run);
          completeness('c: RSS growth', name, run, run.answered, run.expected);
          log(`c run ${r + 1}/${options.runs} ${name}: RSS ${run.firstKiB} → ${run.lastKiB} KiB`);
        }
      }
      results.memory = { count: options.runs, total: options.memoryRequests, chunk: options.memoryChunk, settleMs: options.settleMs, runs };
    }

    if (options.suites.includes('d')) {
      // (d) search and bulk paths, in process (see bench/suites/search-bulk.mjs).
      results.searchBulk = await runSearchBulk({ smoke: options.smoke });
    }

    if (options.suites.includes('f')) {
      // (f) the steered search of issue 12: response size with abstracts, dedupe + rank + sort (bench/suites/steered-search.mjs).
      results.steeredSearch = await runSteeredSearch({ smoke: options.smoke });
    }

    if (options.suites.includes('g')) {
      // (g) the citation graph of issue 18 beside the search path (bench/suites/citation-graph.mjs).
      results.citationGraph = await runCitationGraph({ smoke: options.smoke });
    }

    if (options.suites.includes('h')) {
      // (h) reading full text of issue 20: 2 MiB JATS and arXiv HTML against JSON.parse (bench/suites/fulltext-parse.mjs).
      results.fullTextParse = runFullTextParse({ smoke: options.smoke });
    }

    if (options.suites.includes('j')) {
      // (j) answers that fit a model context, issue 26: tools/list per profile, every tool's answer, a cursor page against a fresh search (bench/suites/context-budget.mjs).
      results.contextBudget = await runContextBudget({ smoke: options.smoke });
    }

    if (options.suites.includes('k')) {
      // (k) the reference check of issue 27: checking itself, and 200 DOIs at the pacing lanes' floor (bench/suites/reference-check.mjs).
      results.referenceCheck = await runReferenceCheck({ smoke: options.smoke });
      log(`k reference check: ${results.referenceCheck.paced.ratio.toFixed(3)}× the paced floor`);
    }

    if (options.suites.includes('e')) {
      // (e) the single executable against the floor on the same pinned Node (bench/suites/binary-cold.mjs).
      const contest = await binarySpecs({
        workDir,
        bundle: options.bundle,
        fixturePath: join(workDir, 'fixture.json'),
        copy: !options.smoke,
        compares: options.compares,
      });
      if (contest.specs === undefined) {
        results.binaryCold = { reason: contest.reason };
        log(`e skipped: ${contest.reason}`);
      } else {
        const runs = {};
        const contestants = [...BINARY_SERVERS, ...contest.compared];
        for (let r = 0; r < options.coldRuns; r++) {
          for (const name of rotated(contestants, r)) {
            const run = await runBinaryCold(contest.specs[name], {
              fixture: fixtures[name.replace(/^binary-/, '')] ?? fixture,
              timeoutMs: options.timeoutMs,
              timeOutput: join(workDir, 'time-e.txt'),
            });
            (runs[name] ??= []).push(run);
            if (name === 'binary') note('e binary cold session', 'qiongli', run);
            else if (name.startsWith('binary-')) note('e binary cold session', name.slice('binary-'.length), run);
            completeness(`e: cold session, ${name}`, name, run, run.complete ? 2 : 0, 2);
            log(`e run ${r + 1}/${options.coldRuns} ${name}: ${run.wallMs?.toFixed(1)} ms, peak ${run.peakKiB} KiB`);
          }
        }
        results.binaryCold = {
          count: options.coldRuns,
          runs,
          contestants,
          labels: contest.labels,
          pinnedVersion: contest.pinnedVersion,
          machineVersion: process.version,
          binaryMiB: statSync(BINARY).size / 2 ** 20,
        };
      }
    }

    results.meta.load.end = loadAverage();
    results.failures = failures;
    results.complete = failures.length === 0;
    // The SDK server failing under load is a result, not a harness error (see Completeness).
    const harnessFailures = failures.filter((failure) => failure.server !== 'sdk');
    writeFileSync(options.out, renderResults(results));
    if (options.json !== undefined) writeFileSync(options.json, JSON.stringify(results, null, 1));
    log(`wrote ${options.out}${options.json ? ` and ${options.json}` : ''}`);
    for (const failure of failures) log(`incomplete: ${failure.suite} ${failure.server} ${failure.detail}`);
    if (harnessFailures.length > 0) process.exitCode = 1;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
