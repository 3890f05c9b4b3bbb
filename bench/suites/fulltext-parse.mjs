// Measurement (h) of issue 20: reading a full-text document, on the compiled sources (dist/src;
// `npm run build` makes them). Two 2 MiB documents, each read into sections and passages with
// their ids (the reader's whole work after the body arrived: parse, sections, passage ids, the
// SHA-256 of the body bytes), side by side with a plain JSON.parse of the same bytes (as one JSON
// string) and of a 2 MiB JSON answer of real Europe PMC records:
//   - JATS: the real Europe PMC article PMC12311175 (test/fixtures/fulltext, CC BY 4.0), its
//     body repeated until the file reaches 2 MiB;
//   - arXiv HTML: the LaTeXML page of the fixtures, its sections repeated until 2 MiB.
// Each case runs in fresh child processes: one cold run (peak RSS growth over the process's
// resident set just before the run, from getrusage's maxrss), then warm runs (median time);
// the reader also runs once in time slices (8 ms) with its longest event-loop block.
//
//   node bench/suites/fulltext-parse.mjs [--smoke]      # prints the section as Markdown

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../lib/servers.mjs';
import { renderFullTextParse } from '../lib/fulltext-report.mjs';

const TARGET_BYTES = 2 * 1024 * 1024;
/** A smoke run (what npm test runs) reads 256 KiB documents: it checks the harness, not the figures. */
const SMOKE_BYTES = 256 * 1024;
const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'fulltext');
const load = (path) => import(pathToFileURL(join(REPO_ROOT, path)).href);

/** `text` with the part between `start` and `end` (exclusive) repeated until the whole reaches `bytes`. */
function grown(text, start, end, bytes) {
  const head = text.slice(0, start);
  const part = text.slice(start, end);
  const tail = text.slice(end);
  const copies = Math.ceil((bytes - head.length - tail.length) / part.length);
  return head + part.repeat(Math.max(1, copies)) + tail;
}

/** The two documents of `bytes` (2 MiB; smaller for a smoke run) and structured JSON of the same size. */
export function inputs(bytes = TARGET_BYTES) {
  const jats = readFileSync(join(FIXTURES, 'europepmc-fulltext-PMC12311175.xml'), 'utf8');
  const html = readFileSync(join(FIXTURES, 'arxiv-html-2609.04321v1.html'), 'utf8');
  const search = JSON.parse(readFileSync(join(FIXTURES, 'europepmc-search-core-oa.json'), 'utf8'));
  const records = [];
  while (JSON.stringify(records).length < bytes) records.push(...search.resultList.result);
  return {
    jats: grown(jats, jats.indexOf('<body>') + 6, jats.indexOf('</body>'), bytes),
    html: grown(html, html.indexOf('<section id="S1"'), html.indexOf('<section id="bib"'), bytes),
    records: JSON.stringify({ ...search, resultList: { result: records } }),
  };
}

/**
 * SHA-256 and length of a body's bytes, a piece of 256 KiB per step: the full-text client hashes
 * the bytes as they arrive, a network chunk at a time (source-reads.ts, fetchDocument).
 */
function* bodyDigest(text) {
  const body = Buffer.from(text, 'utf8');
  const hash = createHash('sha256');
  for (let at = 0; at < body.length; at += 256 * 1024) {
    hash.update(body.subarray(at, at + 256 * 1024));
    yield;
  }
  return { sha256: hash.digest('hex'), bytes: body.length };
}

/** The operation of one case, given the loaded modules and inputs. */
async function operation(name, input) {
  const [{ DocumentBuilder }, readers, { identifyPassages }, { finishNow }, { sha256Hex }, { runInSlices }] = await Promise.all([
    load('dist/src/adapters/fulltext-client/document-builder.js'),
    load('dist/src/adapters/fulltext-client/document-readers.js'),
    load('dist/src/domain/fulltext/passage-ids.js'),
    load('dist/src/domain/shared/stepwise.js'),
    load('dist/src/adapters/fulltext-client/text-digest.js'),
    load('dist/src/adapters/scheduling/time-slices.js'),
  ]);
  const kind = name.startsWith('jats') ? 'jats' : 'html';
  const text = input[kind];
  const reader = kind === 'jats' ? readers.readJatsDocument : readers.readLatexmlDocument;
  function* read() {
    const builder = new DocumentBuilder();
    yield* reader(text, builder);
    const { sha256, bytes } = yield* bodyDigest(text);
    const document = builder.build({ provider: 'europepmc', url: 'u', sha256, bytes, licence: 'CC BY 4.0' });
    const passages = yield* identifyPassages(document, sha256Hex);
    return { sections: document.sections.length, passages: passages.length };
  }
  if (name.endsWith('read')) return () => finishNow(read());
  if (name.endsWith('sliced')) return () => runInSlices(read());
  if (name.endsWith('json-string')) {
    const json = JSON.stringify(text);
    return () => JSON.parse(json).length;
  }
  return () => JSON.parse(input.records).resultList.result.length;
}

/** The longest gap between setImmediate ticks while `work` runs, in ms. */
async function longestBlock(work) {
  let last = performance.now();
  let longest = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  running = false;
  return Math.max(longest, performance.now() - last);
}

/** One case in this process: one cold run (time, peak RSS growth), then `warm` runs. */
async function measure(name, warm, input) {
  const run = await operation(name, input);
  const rssBefore = process.memoryUsage.rss();
  let start = performance.now();
  const result = await run();
  const coldMs = performance.now() - start;
  const peakGrowthMiB = Math.max(0, process.resourceUsage().maxRSS * 1024 - rssBefore) / 2 ** 20;
  const warmMs = [];
  for (let index = 0; index < warm; index++) {
    start = performance.now();
    await run();
    warmMs.push(performance.now() - start);
  }
  const blockMs = name.endsWith('sliced') ? await longestBlock(run) : undefined;
  const size = Buffer.byteLength(name === 'records-json' ? input.records : input[name.startsWith('jats') ? 'jats' : 'html']);
  return { name, bytes: size, result, coldMs, warmMs, peakGrowthMiB, blockMs };
}

/** Child: the given cases (comma-separated), in order, in this process; prints a JSON array. */
async function child(names, warm, bytes) {
  const input = inputs(bytes);
  const measured = [];
  for (const name of names.split(',')) measured.push(await measure(name, warm, input));
  process.stdout.write(JSON.stringify(measured));
}

/** The cases, in the order of the table. */
export const CASES = ['jats-read', 'jats-sliced', 'jats-json-string', 'html-read', 'html-sliced', 'html-json-string', 'records-json'];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs `names` in one child process; its measurements. */
function inChild(names, warm, bytes) {
  const args = [fileURLToPath(import.meta.url), '--child', names.join(','), String(warm), String(bytes)];
  const child = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`fulltext-parse ${names.join(',')} failed: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

/**
 * Runs every case in `processes` fresh children each (one case per child, so each peak RSS is
 * its own); a smoke run (what npm test runs) runs every case once in one child, on 256 KiB.
 */
export function runFullTextParse({ smoke = false } = {}) {
  const processes = smoke ? 1 : 5;
  const warm = smoke ? 1 : 5;
  const smokeRun = smoke ? inChild(CASES, warm, SMOKE_BYTES) : [];
  const rows = CASES.map((name, index) => {
    const samples = smoke ? [smokeRun[index]] : Array.from({ length: processes }, () => inChild([name], warm, TARGET_BYTES)[0]);
    const [first] = samples;
    return {
      name,
      bytes: first.bytes,
      result: first.result,
      coldMs: median(samples.map((sample) => sample.coldMs)),
      warmMs: median(samples.flatMap((sample) => sample.warmMs)),
      peakGrowthMiB: median(samples.map((sample) => sample.peakGrowthMiB)),
      blockMs: first.blockMs === undefined ? undefined : Math.max(...samples.map((sample) => sample.blockMs)),
    };
  });
  return { implemented: true, smoke, processes, warm, rows };
}

if (process.argv[2] === '--child') await child(process.argv[3], Number(process.argv[4]), Number(process.argv[5]));
else if (import.meta.url === pathToFileURL(process.argv[1]).href)
  process.stdout.write(`${renderFullTextParse(runFullTextParse({ smoke: process.argv.includes('--smoke') }))}\n`);
