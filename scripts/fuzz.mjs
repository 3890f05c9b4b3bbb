// The long fuzz run (docs/robustness.md): `npm run fuzz [-- --seed N] [--frames N] [--only K]`
// (or FUZZ_SEED / FUZZ_FRAMES). Feeds the built program sessions of random, mutated and valid
// frames in every era and both framings, written in random chunks, and checks each session:
// exit 0, nothing on stderr, only valid frames out, and every tracked request (the valid ones,
// including one sent after all the noise) answered exactly once. Prints its seed first and a
// summary last; exits 1 on any failure, naming the session to replay with --only.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSession, random } from './fuzz-frames.mjs';

const BIN = new URL('../dist/bundle/qiongli.mjs', import.meta.url).pathname;
const SERVE = ['mcp', 'serve', '--profile', 'lite', '--transport', 'stdio'];
const FRAMES_PER_SESSION = 400;
const SESSION_TIMEOUT_MS = 120_000;
const CODES = new Set([-32700, -32600, -32601, -32602, -32603, -32022]);

const option = (name, variable) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? process.argv[at + 1] : process.env[variable];
  return value === undefined || value === '' ? undefined : Number.parseInt(value, 10);
};
const seed = (option('seed', 'FUZZ_SEED') ?? randomInt(2 ** 31)) >>> 0;
const totalFrames = option('frames', 'FUZZ_FRAMES') ?? 100_000;
const only = option('only');
console.log(`fuzz seed ${seed}`);

const home = mkdtempSync(join(tmpdir(), 'qiongli-fuzz-'));
// Every provider disabled: a search could never reach the network, whatever a frame asks.
const off = { enabled: false };
const settings = {
  document_kind: 'qiongli-global-settings',
  schema_version: 1,
  revision: 0,
  providers: { openalex: off, semantic_scholar: off, crossref: off, pubmed: off, arxiv: off },
};
writeFileSync(join(home, 'settings.json'), JSON.stringify(settings), { mode: 0o600 });

/** Splits output into frames (line or Content-Length, as the server writes them). */
function outputFrames(bytes) {
  const frames = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes.subarray(at, at + 16).toString('latin1') === 'Content-Length: ') {
      const headerEnd = bytes.indexOf('\r\n\r\n', at);
      if (headerEnd < 0) throw new Error('truncated header');
      const length = Number(bytes.subarray(at + 16, headerEnd).toString('latin1'));
      if (!Number.isSafeInteger(length) || headerEnd + 4 + length > bytes.length) throw new Error('bad Content-Length');
      frames.push(bytes.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8'));
      at = headerEnd + 4 + length;
    } else {
      const newline = bytes.indexOf(0x0a, at);
      if (newline < 0) throw new Error('unterminated line');
      frames.push(bytes.subarray(at, newline).toString('utf8'));
      at = newline + 1;
    }
  }
  return frames;
}

/** Throws unless `message` is a JSON-RPC response (or progress notification) this server may send. */
function checkMessage(message, inArray) {
  if (message === null || typeof message !== 'object' || Array.isArray(message) || message.jsonrpc !== '2.0') throw new Error('not JSON-RPC');
  if (!inArray && message.method === 'notifications/progress' && !('id' in message)) return;
  const keys = Object.keys(message).sort().join();
  if (keys !== 'error,id,jsonrpc' && keys !== 'id,jsonrpc,result') throw new Error(`bad keys ${keys}`);
  if (message.id !== null && typeof message.id !== 'string' && !Number.isSafeInteger(message.id)) throw new Error('bad id');
  if ('error' in message && (!CODES.has(message.error.code) || typeof message.error.message !== 'string')) throw new Error('bad error');
}

/** Resolves when a stream that refused a write drains, or closes. */
const drained = (stream) =>
  new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done).off('close', done);
      resolve();
    };
    stream.on('drain', done).on('close', done);
  });

function runSession(index) {
  const rng = random((Math.imul(seed, 0x9e3779b1) + index) >>> 0);
  const session = buildSession(rng, index, FRAMES_PER_SESSION);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...SERVE], {
      env: { PATH: process.env.PATH ?? '', QIONGLI_CONFIG_HOME: home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out = [];
    let stderr = '';
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdin.on('error', () => undefined);
    const timer = setTimeout(() => child.kill('SIGKILL'), SESSION_TIMEOUT_MS);
    const started = performance.now();
    (async () => {
      for (let at = 0; at < session.input.length; ) {
        const size = 1 + rng.int(rng.chance(0.5) ? 64 : 65_536);
        if (!child.stdin.write(session.input.subarray(at, at + size))) await drained(child.stdin);
        at += size;
      }
      child.stdin.end();
    })();
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const problems = [];
      if (code !== 0) problems.push(`exit ${code ?? signal}`);
      if (stderr !== '') problems.push(`stderr: ${stderr.slice(0, 200)}`);
      const answered = new Map();
      const errors = {};
      let responses = 0;
      try {
        for (const text of outputFrames(Buffer.concat(out))) {
          const value = JSON.parse(text);
          if (Array.isArray(value) && value.length === 0) throw new Error('empty array');
          for (const message of Array.isArray(value) ? value : [value]) {
            checkMessage(message, Array.isArray(value));
            if (!('id' in message)) continue;
            responses++;
            answered.set(message.id, (answered.get(message.id) ?? 0) + 1);
            if (message.error) errors[message.error.code] = (errors[message.error.code] ?? 0) + 1;
          }
        }
      } catch (error) {
        problems.push(`invalid output: ${error.message}`);
      }
      const unanswered = session.tracked.filter((id) => answered.get(id) !== 1);
      if (unanswered.length > 0) problems.push(`${unanswered.length} tracked requests not answered exactly once (first: ${unanswered[0]})`);
      if (problems.length > 0) writeFileSync(join(tmpdir(), `qiongli-fuzz-${seed}-${index}.bin`), session.input);
      resolve({
        index,
        era: session.era,
        frames: session.frames,
        tracked: session.tracked.length,
        responses,
        errors,
        bytesIn: session.input.length,
        bytesOut: out.reduce((sum, chunk) => sum + chunk.length, 0),
        ms: performance.now() - started,
        problems,
      });
    });
  });
}

const sessions = only === undefined ? Array.from({ length: Math.ceil(totalFrames / FRAMES_PER_SESSION) }, (_, index) => index) : [only];
const results = [];
const started = performance.now();
const worker = async () => {
  while (sessions.length > 0) {
    const result = await runSession(sessions.shift());
    results.push(result);
    if (result.problems.length > 0)
      console.log(
        `session ${result.index} (${result.era}) FAILED: ${result.problems.join('; ')} — replay: npm run fuzz -- --seed ${seed} --only ${result.index}`,
      );
    if (results.length % 50 === 0) console.error(`… ${results.length} sessions`);
  }
};
await Promise.all([worker(), worker()]);
rmSync(home, { recursive: true, force: true });

const sum = (key) => results.reduce((total, result) => total + result[key], 0);
const tally = (pick) => results.reduce((counts, result) => (pick(result, counts), counts), {});
const eras = tally((result, counts) => (counts[result.era] = (counts[result.era] ?? 0) + 1));
const errors = tally((result, counts) => Object.entries(result.errors).forEach(([code, n]) => (counts[code] = (counts[code] ?? 0) + n)));
const failed = results.filter((result) => result.problems.length > 0).length;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
console.log(
  `fuzz summary: seed ${seed}, ${results.length} sessions, ${sum('frames')} frames (${mib(sum('bytesIn'))} in, ${mib(sum('bytesOut'))} out), ` +
    `${sum('responses')} responses, ${sum('tracked')} tracked requests, eras ${JSON.stringify(eras)}, error codes ${JSON.stringify(errors)}, ` +
    `slowest session ${Math.round(Math.max(...results.map((result) => result.ms)))} ms, ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
    `${failed === 0 ? 'no failures' : `${failed} FAILED sessions`}`,
);
process.exit(failed === 0 ? 0 : 1);
