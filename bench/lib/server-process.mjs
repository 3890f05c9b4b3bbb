// One server under test as a child process: writes request frames with back-pressure, reads and
// classifies responses concurrently, captures stderr, and reads its memory from /proc.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { classifyLine, LineSplitter } from './response-scanner.mjs';

const WRITE_SLICE = 256 * 1024;
const STDERR_HEAD = 2000;

/**
 * Responses expected for the ids `first … first+count-1`. Resolves `done` when every id was
 * answered once. Ids are counted individually, so a missing, duplicated or failed response shows.
 */
class ResponseTracker {
  constructor(first, count, validate) {
    this.first = first;
    this.count = count;
    this.validate = validate;
    this.seen = new Uint8Array(count);
    this.answered = 0;
    this.ok = 0;
    this.duplicates = 0;
    this.invalid = 0;
    this.validated = 0;
    this.bytes = 0;
    this.lastAt = 0;
    this.done = new Promise((resolve) => (this.resolve = resolve));
    if (count === 0) this.resolve();
  }

  /** Whether this tracker expects `id`. */
  covers(id) {
    return typeof id === 'number' && id >= this.first && id < this.first + this.count;
  }

  /** Records one response line. */
  record(id, ok, line) {
    const index = id - this.first;
    if (this.seen[index] === 1) {
      this.duplicates++;
      return;
    }
    this.seen[index] = 1;
    this.answered++;
    this.bytes += line.length + 1;
    if (ok) this.ok++;
    // Full validation of a sample: the first, the last and every 997th response.
    if (this.validate !== undefined && (index === 0 || index === this.count - 1 || index % 997 === 0)) {
      this.validated++;
      let message;
      try {
        message = JSON.parse(line.toString('utf8'));
      } catch {
        message = undefined;
      }
      if (message === undefined || !this.validate(message)) this.invalid++;
    }
    if (this.answered === this.count) {
      this.lastAt = performance.now();
      this.resolve();
    }
  }

  /** Whether every id was answered exactly once with a valid result. */
  get complete() {
    return this.answered === this.count && this.ok === this.count && this.duplicates === 0 && this.invalid === 0;
  }

  /** A plain summary for reports. */
  summary() {
    return {
      expected: this.count,
      answered: this.answered,
      ok: this.ok,
      duplicates: this.duplicates,
      sampled: this.validated,
      invalid: this.invalid,
      bytes: this.bytes,
    };
  }
}

/**
 * A spawned server. `spec` is `{ name, command, args }`. With `timeOutput` the server runs under
 * GNU `/usr/bin/time -f '%M %U %S' -o <file>`, which records the peak RSS (ru_maxrss) and CPU
 * time of the server when it exits; `/proc` readings are then unavailable (the child is `time`).
 */
export class ServerProcess {
  constructor(spec, { timeOutput } = {}) {
    this.spec = spec;
    this.timeOutput = timeOutput;
    const [command, args] = timeOutput ? ['/usr/bin/time', ['-f', '%M %U %S', '-o', timeOutput, spec.command, ...spec.args]] : [spec.command, spec.args];
    this.spawnedAt = performance.now();
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: spec.env ?? process.env });
    this.pid = this.child.pid;
    this.stderrBytes = 0;
    this.stderrHead = '';
    this.unexpected = 0;
    this.trackers = [];
    this.waiters = new Map();
    this.stdinError = undefined;
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitedAt = performance.now();
        this.exit = { code, signal };
        resolve(this.exit);
      });
    });
    this.child.once('error', (error) => {
      this.spawnError = error;
    });
    this.child.stdin.on('error', (error) => {
      this.stdinError = error;
    });
    const splitter = new LineSplitter((line) => this.#onLine(line));
    this.child.stdout.on('data', (chunk) => splitter.push(chunk));
    this.child.stderr.on('data', (chunk) => {
      this.stderrBytes += chunk.length;
      if (this.stderrHead.length < STDERR_HEAD) this.stderrHead += chunk.toString('utf8').slice(0, STDERR_HEAD - this.stderrHead.length);
    });
  }

  #onLine(line) {
    const { id, ok } = classifyLine(line);
    const waiter = this.waiters.get(id);
    if (waiter !== undefined) {
      this.waiters.delete(id);
      try {
        waiter(JSON.parse(line.toString('utf8')));
      } catch {
        waiter(undefined);
      }
      return;
    }
    for (const tracker of this.trackers) {
      if (tracker.covers(id)) {
        tracker.record(id, ok, line);
        return;
      }
    }
    this.unexpected++;
  }

  /** Starts tracking responses to ids `first … first+count-1`. */
  track(first, count, validate) {
    const tracker = new ResponseTracker(first, count, validate);
    this.trackers.push(tracker);
    return tracker;
  }

  /**
   * Sends one frame and resolves with the parsed response to `id`; undefined if it is
   * unparsable or the process exits first.
   */
  request(id, frameText) {
    const answer = new Promise((resolve) => this.waiters.set(id, resolve));
    this.child.stdin.write(frameText);
    return Promise.race([answer, this.exited.then(() => undefined)]);
  }

  /** Sends frames without waiting for anything (notifications). */
  send(frameText) {
    this.child.stdin.write(frameText);
  }

  /** Writes a buffer in slices, waiting for `drain` whenever the pipe is full. */
  async write(buffer) {
    for (let offset = 0; offset < buffer.length; offset += WRITE_SLICE) {
      if (this.stdinError !== undefined || this.exit !== undefined) return;
      const accepted = this.child.stdin.write(buffer.subarray(offset, offset + WRITE_SLICE));
      // `once` rejects when stdin errors (EPIPE after the server died): stop writing then.
      if (!accepted) await Promise.race([once(this.child.stdin, 'drain'), this.exited]).catch(() => {});
    }
  }

  /** `VmRSS` and `VmHWM` (peak RSS) in KiB from /proc/<pid>/status; undefined when unavailable. */
  memory() {
    if (this.timeOutput !== undefined || this.exit !== undefined) return undefined;
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
      return { rssKiB: field('VmRSS'), hwmKiB: field('VmHWM') };
    } catch {
      return undefined;
    }
  }

  /**
   * What `/usr/bin/time` recorded at exit: peak RSS in KiB (ru_maxrss) and user+system CPU time
   * in ms (10 ms resolution); undefined fields when unavailable.
   */
  timedUsage() {
    if (this.timeOutput === undefined) return {};
    try {
      const lines = readFileSync(this.timeOutput, 'utf8').trim().split('\n');
      const [peak, user, system] = lines[lines.length - 1].split(' ').map(Number);
      return {
        peakKiB: Number.isFinite(peak) ? peak : undefined,
        cpuMs: Number.isFinite(user) && Number.isFinite(system) ? Math.round((user + system) * 1000) : undefined,
      };
    } catch {
      return {};
    }
  }

  /**
   * Ends input and waits for the process to exit; kills it after `timeoutMs`.
   * @returns {Promise<{code:number|null, signal:string|null, killed:boolean}>}
   */
  async end(timeoutMs = 10_000) {
    this.child.stdin.end();
    return this.waitExit(timeoutMs);
  }

  /** Waits for exit; kills the process (by its own pid) after `timeoutMs`. */
  async waitExit(timeoutMs = 10_000) {
    let timer;
    const timedOut = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const result = await Promise.race([this.exited, timedOut]);
    clearTimeout(timer);
    if (result !== 'timeout') return { ...result, killed: false };
    this.child.kill('SIGKILL');
    const exit = await this.exited;
    return { ...exit, killed: true };
  }

  /** Kills the process if it is still running. */
  kill() {
    if (this.exit === undefined) this.child.kill('SIGKILL');
  }
}
