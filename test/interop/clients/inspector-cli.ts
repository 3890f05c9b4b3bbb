import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../support/built-program.js';
import type { InteropClient, Seen } from '../interop-session.js';
import { seenInResult, serverCommand } from './server-command.js';

const CLI = join(PROJECT_ROOT, 'node_modules', '@modelcontextprotocol', 'inspector-cli', 'build', 'cli.js');

/**
 * The Inspector 1.x command line for one method, in the form docs/clients.md gives: the
 * Inspector's options first (`--method` last, so a `--tool-arg` list ends before it), then `--`
 * and the server command, whose `--transport stdio` comes after a second `--`. Inspector 1.x
 * parses the command line twice (launcher, then CLI) and takes `--transport` as its own option
 * wherever it stands, except after a `--` the second parse still sees.
 */
export function inspectorV1Argv(method: string, tool?: { name: string; args: Record<string, unknown> }): string[] {
  const { command, args } = serverCommand('');
  const toolOptions = tool
    ? ['--tool-name', tool.name, ...Object.entries(tool.args).flatMap(([key, value]) => ['--tool-arg', `${key}=${JSON.stringify(value)}`])]
    : [];
  const serve = args.slice(0, -2); // ... mcp serve --profile lite
  return [CLI, '--cli', ...toolOptions, '--method', method, '--', command, ...serve, '--', '--transport', 'stdio'];
}

/** At most this many Inspector runs at once (each is three Node processes). */
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

/** One Inspector run: its exit code, stdout and stderr. */
export async function runInspector(argv: readonly string[], configHome: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const release = await runSlot();
  try {
    return await spawnInspector(argv, configHome);
  } finally {
    release();
  }
}

function spawnInspector(argv: readonly string[], configHome: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Inspector CLI 1.0.3 finds its own package.json through `../package.json` of the working
    // directory (a bug of the standalone package): run it one level below the project root.
    const child = spawn(process.execPath, argv, { cwd: join(PROJECT_ROOT, 'dist'), env: serverCommand(configHome).env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}

/** A failed run shows its stderr, minus the v1 deprecation banner. */
const failure = (stderr: string): Seen => ({
  outcome: 'thrown',
  message: stderr.replace(/⚠️[^\n]*\n(?: {4}[^\n]*\n)*/u, '').trim(),
});

/**
 * The MCP Inspector's command line, version 1 (`@modelcontextprotocol/inspector-cli`, the last
 * major that runs on Node 20): one process per method, printing the result as JSON. Underneath is
 * the v1 SDK client (2025-11-25).
 */
export const INSPECTOR_CLI_V1: InteropClient = {
  packageName: '@modelcontextprotocol/inspector-cli',
  validatesInputLocally: false,
  callsUnlistedTools: true,
  connections: [
    {
      label: 'its v1 SDK client (2025-11-25)',
      expected: '2025-11-25',
      open: async (configHome) => {
        const run = async (method: string, tool?: { name: string; args: Record<string, unknown> }): Promise<Seen | any> => {
          const { code, stdout, stderr } = await runInspector(inspectorV1Argv(method, tool), configHome);
          return code === 0 ? JSON.parse(stdout) : failure(stderr);
        };
        const call = async (name: string, args: Record<string, unknown>): Promise<Seen> => {
          const answer = await run('tools/call', { name, args });
          return answer.outcome === 'thrown' ? answer : seenInResult(answer);
        };
        return {
          negotiated: undefined,
          listToolNames: async () => {
            const answer = await run('tools/list');
            if (answer.outcome === 'thrown') throw new Error(answer.message);
            return answer.tools.map((tool: { name: string }) => tool.name);
          },
          call,
          callUnlisted: (name) => call(name, {}),
          close: async () => undefined,
        };
      },
    },
  ],
};
