import { join } from 'node:path';
import { PROJECT_ROOT } from '../../support/built-program.js';
import type { InteropClient, Seen } from '../interop-session.js';
import { runInspector, type ToolCall } from './inspector-runs.js';
import { seenInResult, serverCommand, type ServerProgram } from './server-command.js';

const BUILD = join(PROJECT_ROOT, 'node_modules', '@modelcontextprotocol', 'inspector-cli', 'build');
/** The launcher (`mcp-inspector-cli`, the same file as `npx @modelcontextprotocol/inspector@1`'s). */
const LAUNCHER = join(BUILD, 'cli.js');
/** The command line proper, which the launcher starts with `--cli`. */
const CLI = join(BUILD, 'index.js');

const toolOptions = (tool: ToolCall | undefined): string[] =>
  tool ? ['--tool-name', tool.name, ...Object.entries(tool.args).flatMap(([key, value]) => ['--tool-arg', `${key}=${JSON.stringify(value)}`])] : [];

/**
 * The Inspector 1.x command line for one method, in the form docs/clients.md gives: the
 * Inspector's options first (`--method` last, so a `--tool-arg` list ends before it), then `--`
 * and the server command, whose `--transport stdio` comes after a second `--`. Inspector 1.x
 * parses the command line twice (launcher, then CLI) and takes `--transport` as its own option
 * wherever it stands, except after a `--` the second parse still sees.
 */
export function inspectorV1Argv(method: string, tool?: ToolCall, configHome = '', program?: ServerProgram): string[] {
  const { command, args } = serverCommand(configHome, program);
  const at = args.indexOf('--transport');
  const serve = [...args.slice(0, at), ...args.slice(at + 2)]; // ... mcp serve --profile <profile> [--capabilities …]
  return [LAUNCHER, '--cli', ...toolOptions(tool), '--method', method, '--', command, ...serve, '--', '--transport', 'stdio'];
}

/** The same run without the launcher: the CLI proper parses once, so one `--` suffices. */
function cliArgv(method: string, tool: ToolCall, configHome: string, program?: ServerProgram): string[] {
  const { command, args } = serverCommand(configHome, program);
  const at = args.indexOf('--transport');
  return [CLI, ...toolOptions(tool), '--method', method, command, ...args.slice(0, at), ...args.slice(at + 2), '--', '--transport', 'stdio'];
}

/**
 * One Inspector 1 run. Inspector CLI 1.0.3 finds its own package.json through `../package.json`
 * of the working directory (a bug of the standalone package): run it one level below the
 * project root. It hands its whole environment to the server it starts.
 */
const runV1 = (argv: readonly string[], configHome: string) => runInspector(argv, { cwd: join(PROJECT_ROOT, 'dist'), env: serverCommand(configHome).env });

/** A failed run shows its stderr, minus the v1 deprecation banner. */
const failure = (stderr: string): Seen => ({
  outcome: 'thrown',
  message: stderr.replace(/⚠️[^\n]*\n(?: {4}[^\n]*\n)*/u, '').trim(),
});

/**
 * The MCP Inspector's command line, version 1 (`@modelcontextprotocol/inspector-cli`, the last
 * major that runs on Node 20): one process per method, printing the result as JSON. Underneath is
 * the v1 SDK client (2025-11-25). Listing and the unknown tool go through the launcher, in the
 * documented form; tool calls start the CLI proper directly, which is the same code and saves a
 * Node process (about 0.7 s of CPU) per call.
 */
export const INSPECTOR_CLI_V1: InteropClient = {
  packageName: '@modelcontextprotocol/inspector-cli',
  validatesInputLocally: false,
  callsUnlistedTools: true,
  connections: [
    {
      label: 'its v1 SDK client (2025-11-25)',
      expected: '2025-11-25',
      open: async (configHome, program) => {
        const run = async (argv: string[]): Promise<Seen | any> => {
          const { code, stdout, stderr } = await runV1(argv, configHome);
          return code === 0 ? JSON.parse(stdout) : failure(stderr);
        };
        const seen = (answer: any): Seen => (answer.outcome === 'thrown' ? answer : seenInResult(answer));
        return {
          negotiated: undefined,
          listToolNames: async () => {
            const answer = await run(inspectorV1Argv('tools/list', undefined, configHome, program));
            if (answer.outcome === 'thrown') throw new Error(answer.message);
            return answer.tools.map((tool: { name: string }) => tool.name);
          },
          call: async (name, args) => seen(await run(cliArgv('tools/call', { name, args }, configHome, program))),
          callUnlisted: async (name) => seen(await run(inspectorV1Argv('tools/call', { name, args: {} }, configHome, program))),
          close: async () => undefined,
        };
      },
    },
  ],
};
