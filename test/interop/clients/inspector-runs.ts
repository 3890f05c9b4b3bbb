import { spawn } from 'node:child_process';

/** A tool call as the Inspector's `--tool-name` and `--tool-arg` options give it. */
export type ToolCall = { readonly name: string; readonly args: Record<string, unknown> };

/** What one Inspector command-line run left: its exit code, stdout and stderr. */
export interface InspectorRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Where and with what environment an Inspector run starts. */
export interface InspectorPlace {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/** At most this many Inspector runs at once, over all rows (each run starts Qiongli as well). */
const PARALLEL_RUNS = 3;
let running = 0;
const waiting: (() => void)[] = [];

/** Waits for a free run slot (a released slot passes straight to the next waiter); returns its release. */
async function runSlot(): Promise<() => void> {
  if (running < PARALLEL_RUNS) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
}

/** Runs an Inspector command line (`argv` after the Node executable) to its end. */
export async function runInspector(argv: readonly string[], place: InspectorPlace): Promise<InspectorRun> {
  const release = await runSlot();
  try {
    return await spawnInspector(argv, place);
  } finally {
    release();
  }
}

function spawnInspector(argv: readonly string[], { cwd, env }: InspectorPlace): Promise<InspectorRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}
