import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_BIN, SERVE_ARGS } from './built-program.js';
import { networkGuardEnv } from './network-guard.js';

/** What a finished run of the program produced. */
export interface ProgramRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: Buffer;
  readonly stderr: string;
}

/** Options of one run. */
export interface RunOptions {
  /** The script to run instead of the built program (a test harness). */
  readonly program?: string;
  readonly args?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** Bytes written to stdin before it is closed (omit to close stdin at once). */
  readonly input?: Buffer | string;
  /** Working directory of the run (default: a fresh temporary directory). */
  readonly cwd?: string;
}

const createdHomes: string[] = [];
process.once('exit', () => {
  for (const home of createdHomes) rmSync(home, { recursive: true, force: true });
});

/** An isolated configuration root, so no test ever reads the user's real settings; removed at exit. */
export function isolatedConfigHome(): string {
  const home = mkdtempSync(join(tmpdir(), 'qiongli-config-'));
  createdHomes.push(home);
  return home;
}

/**
 * An isolated configuration root holding a settings file (mode 0600) with the given provider
 * entries; the others keep their defaults. Removed at exit.
 */
export function configHomeWith(providers: Readonly<Record<string, { enabled: boolean }>>): string {
  const home = isolatedConfigHome();
  const settings = { document_kind: 'qiongli-global-settings', schema_version: 1, revision: 1, providers };
  writeFileSync(join(home, 'settings.json'), JSON.stringify(settings), { mode: 0o600 });
  return home;
}

/** Environment for a run: isolated config home, the network guard, nothing inherited that could matter. */
export function testEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', QIONGLI_CONFIG_HOME: isolatedConfigHome(), ...networkGuardEnv(), ...extra };
}

/** Runs the built program to completion with the given stdin bytes. */
export function runProgram(options: RunOptions = {}): Promise<ProgramRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.program ?? BUILT_BIN, ...(options.args ?? SERVE_ARGS)], {
      env: options.env ?? testEnv(),
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** Encodes messages as line-framed input. Strings are sent as they are. */
export const lines = (...messages: unknown[]): string =>
  messages.map((message) => (typeof message === 'string' ? message : JSON.stringify(message)) + '\n').join('');

/** Parses line-framed output into JSON values (every line must be JSON). */
export function parseLines(stdout: Buffer): unknown[] {
  return stdout
    .toString('utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as unknown);
}

/** Runs line-framed messages through the server and returns the parsed responses. */
export async function exchange(...messages: unknown[]): Promise<{ responses: any[]; run: ProgramRun }> {
  return exchangeWith({}, ...messages);
}

/** {@link exchange} with run options (another program, another environment). */
export async function exchangeWith(options: Omit<RunOptions, 'input'>, ...messages: unknown[]): Promise<{ responses: any[]; run: ProgramRun }> {
  const run = await runProgram({ ...options, input: lines(...messages) });
  return { responses: parseLines(run.stdout) as any[], run };
}
