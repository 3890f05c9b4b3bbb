import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Buffer } from 'node:buffer';
import type { Readable, Writable } from 'node:stream';
import { BUILT_BIN, SERVE_ARGS } from '../../support/built-program.js';
import { testEnv } from '../../support/run-program.js';

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const PEAK_REPORTER = pathToFileURL(here('./report-peak-rss.js')).href;
const INJECTED_SERVER = here('./injected-server.js');

/** Peak memory a server may reach in these tests, whatever it is fed. */
export const PEAK_RSS_LIMIT_MIB = 150;

/** How a server process ended. */
export interface ServerExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** When the process exited (`performance.now()` of this process). */
  readonly exitedAt: number;
  readonly stderr: string;
  /** Everything it wrote on stdout. */
  readonly stdout: string;
  /** Its peak resident set size, as it reported at exit (undefined when killed). */
  readonly peakRssMiB: number | undefined;
}

/** Which program to run: the built bundle, or the harness with an injected test tool. */
export type Program = 'bundle' | 'injected';

/**
 * A server under test, spawned with its peak RSS reported at exit. Its stdout is not read
 * until {@link startReading} (so a test can play a peer that stalls), except that everything
 * is read once the process has exited.
 */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<ServerExit>;
  private readonly chunks: Buffer[] = [];
  private reading = false;
  private stalled = false;

  /** @param nodeFlags extra flags for node itself (e.g. a heap cap) */
  constructor(program: Program = 'bundle', nodeFlags: readonly string[] = []) {
    const script = program === 'bundle' ? [BUILT_BIN, ...SERVE_ARGS] : [INJECTED_SERVER];
    this.child = spawn(process.execPath, [...nodeFlags, '--import', PEAK_REPORTER, ...script], {
      env: testEnv(),
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    this.stdin.on('error', () => undefined);
    this.stdout.pause();
    this.exited = this.collectExit();
  }

  get stdin(): Writable {
    return this.child.stdin as Writable;
  }

  get stdout(): Readable {
    return this.child.stdout as Readable;
  }

  /** Writes input, waiting for the pipe to drain when the server stops reading. */
  async write(text: string): Promise<void> {
    if (this.stdin.write(text) || this.child.exitCode !== null || this.child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        this.stdin.off('drain', done).off('error', done).off('close', done);
        resolve();
      };
      this.stdin.on('drain', done).on('error', done).on('close', done);
    });
  }

  /** Writes the last input and closes stdin (end of input). */
  end(text = ''): void {
    this.stdin.end(text);
  }

  /** Reads stdout from now on; `slowly` pauses 10 ms after every 256 KiB. */
  startReading(slowly = false): void {
    if (this.reading) return;
    this.reading = true;
    let sinceBreak = 0;
    this.stdout.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      sinceBreak += chunk.length;
      if (!slowly || sinceBreak < 256 * 1024) return;
      sinceBreak = 0;
      this.stdout.pause();
      setTimeout(() => this.stalled || this.stdout.resume(), 10);
    });
    this.stdout.resume();
  }

  /** Stops reading stdout (a peer that stalls); {@link startReading} has to have been called. */
  stopReading(): void {
    this.stalled = true;
    this.stdout.pause();
  }

  /** Reads again after {@link stopReading}, at the pace {@link startReading} set. */
  resumeReading(): void {
    this.stalled = false;
    this.stdout.resume();
  }

  /** Resolves once stdout holds `text` (the server got that far). */
  async waitForOutput(text: string): Promise<void> {
    while (!this.output().includes(text)) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Output received so far. */
  output(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }

  private async collectExit(): Promise<ServerExit> {
    const stderr: Buffer[] = [];
    let peak = '';
    (this.child.stderr as Readable).on('data', (chunk: Buffer) => stderr.push(chunk));
    (this.child.stdio[3] as Readable).on('data', (chunk: Buffer) => (peak += chunk.toString('utf8')));
    const closed = once(this.child, 'close');
    const [code, signal] = (await once(this.child, 'exit')) as [number | null, NodeJS.Signals | null];
    const exitedAt = performance.now();
    this.startReading();
    this.resumeReading();
    await closed;
    const kib = Number.parseInt(peak, 10);
    return {
      code,
      signal,
      exitedAt,
      stderr: Buffer.concat(stderr).toString('utf8'),
      stdout: this.output(),
      peakRssMiB: Number.isFinite(kib) ? kib / 1024 : undefined,
    };
  }
}

/** Waits for the server to exit; kills it (and says so) when it outlives `ms`. */
export async function exitWithin(server: ServerProcess, ms: number): Promise<ServerExit & { readonly killed: boolean }> {
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    server.child.kill('SIGKILL');
  }, ms);
  const exit = await server.exited;
  clearTimeout(timer);
  return { ...exit, killed };
}

/** Every JSON-RPC response in line-framed output (batch arrays count element by element). */
export function responsesIn(stdout: string): any[] {
  const responses: any[] = [];
  for (const line of stdout.split('\n')) {
    if (line === '') continue;
    const value = JSON.parse(line);
    for (const message of Array.isArray(value) ? value : [value]) if ('id' in message && !('method' in message)) responses.push(message);
  }
  return responses;
}

/** Line-framed JSON-RPC helpers for these tests. */
export const frame = (message: unknown): string => `${JSON.stringify(message)}\n`;
export const initializeFrame = (revision: string): string =>
  frame({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'fault', version: '1' } } });
export const listTools = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
export const configStatus = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'qiongli_config_status', arguments: {} } });
export const ping = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'ping' });
/** A call of the injected test tool (see injected-server.ts). */
export const injected = (id: number | string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'qiongli_task_plan', arguments: args },
});
