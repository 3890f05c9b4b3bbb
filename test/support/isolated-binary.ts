// Runs the single executable as a user would after copying it alone onto a machine without
// Node: in an empty folder, with an empty PATH, an isolated config home, every Node executable
// on this machine hidden behind /dev/null in a private mount namespace, and every execve traced.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PROJECT_ROOT, SERVE_ARGS } from './built-program.js';
import { isolatedConfigHome } from './run-program.js';

/** The executable `npm run build:binary` (and `npm test`, when stale) writes. */
export const BUILT_BINARY = join(PROJECT_ROOT, 'dist', 'binary', process.platform === 'win32' ? 'qiongli.exe' : 'qiongli');

const UNSHARE = '/usr/bin/unshare';
const STRACE = '/usr/bin/strace';

/** Why this machine cannot isolate the binary, or undefined when it can. */
export function isolationUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'mount namespaces and strace are Linux-only';
  if (process.getuid?.() !== 0) return 'hiding every Node needs root (unshare --mount and bind mounts)';
  if (!existsSync(UNSHARE)) return `${UNSHARE} is missing (util-linux)`;
  if (!existsSync(STRACE)) return `${STRACE} is missing (apt-get install strace)`;
  return undefined;
}

/**
 * Every Node.js executable on this machine: a search of the root file system for files named
 * node or nodejs, plus what PATH and this test process resolve to, all as real paths.
 */
export function everyNodeOnTheMachine(): string[] {
  const found = spawnSync(
    'find',
    [
      '/',
      '-xdev',
      '(',
      '-path',
      '/proc',
      '-o',
      '-path',
      '/sys',
      '-o',
      '-path',
      '/dev',
      ')',
      '-prune',
      '-o',
      '-type',
      'f',
      '(',
      '-name',
      'node',
      '-o',
      '-name',
      'nodejs',
      ')',
      '-perm',
      '/111',
      '-print',
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  ).stdout.split('\n');
  const onPath = (process.env.PATH ?? '').split(':').flatMap((dir) => [join(dir, 'node'), join(dir, 'nodejs')]);
  const candidates = [...found, ...onPath, process.execPath].filter((path) => path !== '' && existsSync(path));
  return [...new Set(candidates.map((path) => realpathSync(path)))].sort();
}

/** What one isolated run produced. */
export interface IsolatedRun {
  readonly code: number | null;
  readonly stdout: Buffer;
  readonly stderr: string;
  /** The execve/execveat lines strace recorded, one per program started. */
  readonly execs: string[];
  /** Node executables that were still readable inside the namespace (must be none). */
  readonly stillVisible: string[];
}

const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * Copies the binary alone into an empty folder and runs `qiongli mcp serve …` there with the
 * given stdin, inside `unshare --mount` (and `--net` when `noNetwork`), after binding /dev/null
 * over every path in `hidden`. The environment is exactly PATH="" and QIONGLI_CONFIG_HOME (a
 * fresh one unless `configHome` names one), plus `env`; `args` replace `mcp serve …`.
 */
export function runIsolatedBinary(
  input: string,
  hidden: readonly string[],
  { noNetwork = false, args = [...SERVE_ARGS] as readonly string[], env = {} as Record<string, string>, configHome = '' } = {},
): Promise<IsolatedRun> {
  const home = mkdtempSync(join(tmpdir(), 'qiongli-binary-'));
  const traceDir = mkdtempSync(join(tmpdir(), 'qiongli-trace-'));
  const binary = join(home, basename(BUILT_BINARY));
  copyFileSync(BUILT_BINARY, binary);
  const trace = join(traceDir, 'execve.txt');
  const visible = join(traceDir, 'visible.txt');
  const script = [
    ...hidden.map((path) => `mount --bind /dev/null ${quote(path)}`),
    // Record any Node that is still a non-empty file (it must be none).
    ...hidden.map((path) => `[ -s ${quote(path)} ] && echo ${quote(path)} >> ${quote(visible)}`),
    `cd ${quote(home)}`,
    `exec env -i ${STRACE} -f -qq -e trace=execve,execveat -o ${quote(trace)} -E PATH= -E QIONGLI_CONFIG_HOME=${quote(configHome || isolatedConfigHome())} ${Object.entries(
      env,
    )
      .map(([name, value]) => `-E ${quote(`${name}=${value}`)} `)
      .join('')}./${basename(binary)} ${args.map(quote).join(' ')}`,
  ].join('\n');
  const flags = ['--mount', '--propagation', 'private', ...(noNetwork ? ['--net'] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn(UNSHARE, [...flags, '/bin/sh', '-c', script], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const read = (file: string): string[] =>
        existsSync(file)
          ? readFileSync(file, 'utf8')
              .split('\n')
              .filter((line) => line !== '')
          : [];
      const result = {
        code,
        stdout: Buffer.concat(out),
        stderr: Buffer.concat(err).toString('utf8'),
        execs: read(trace).filter((line) => /\bexecve(at)?\(/.test(line)),
        stillVisible: read(visible),
      };
      rmSync(home, { recursive: true, force: true });
      rmSync(traceDir, { recursive: true, force: true });
      resolve(result);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
