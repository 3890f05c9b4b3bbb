import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/built-program.js';
import type { InteropClient, InteropConnection, InteropSession, Seen } from '../interop/interop-session.js';
import { runInspector, type ToolCall } from '../interop/clients/inspector-runs.js';
import { seenInResult, serverCommand, type ServerProgram } from '../interop/clients/server-command.js';
import { LTS_CLIENTS_DIR } from './lts-install.js';
import { networkGuardEnv } from '../support/network-guard.js';

/** The package's `inspector` bin, the file `npx @modelcontextprotocol/inspector` runs. */
export const INSPECTOR_V2_BIN = join('clients', 'launcher', 'build', 'index.js');
const LAUNCHER = join(LTS_CLIENTS_DIR, 'node_modules', '@modelcontextprotocol', 'inspector', INSPECTOR_V2_BIN);

/** A `--tool-arg` value: Inspector 2 reads it as JSON when it parses, else as the string itself. */
function toolArgValue(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  try {
    JSON.parse(value);
    return JSON.stringify(value);
  } catch {
    return value;
  }
}

/** `--tool-name` and one `--tool-arg` followed by every `key=value` pair, as docs/clients.md writes them. */
function toolOptions(tool: ToolCall | undefined): string[] {
  if (!tool) return [];
  const pairs = Object.entries(tool.args).map(([key, value]) => `${key}=${toolArgValue(value)}`);
  return ['--tool-name', tool.name, ...(pairs.length > 0 ? ['--tool-arg', ...pairs] : [])];
}

/** `--protocol-era`: absent for its default on a command line (legacy `initialize`), or `modern` (2026-07-28). */
type Era = 'modern' | undefined;

/**
 * The Inspector 2 command line for one method, in the form docs/clients.md and the README give:
 * the Inspector's options, then `--` and Qiongli's command line untouched. The launcher parses
 * only its mode flag (`--cli`) and hands the rest to the CLI, which takes everything after `--`
 * as the server command.
 */
export function inspectorV2Argv(method: string, { era, tool, program }: { era?: Era; tool?: ToolCall; program?: ServerProgram } = {}): string[] {
  const { command, args } = serverCommand('', program);
  return [LAUNCHER, '--cli', ...(era ? ['--protocol-era', era] : []), '--method', method, ...toolOptions(tool), '--', command, ...args];
}

/**
 * One run. Inspector 2 hands the server only a default environment (`HOME`, `PATH`, …; not
 * `QIONGLI_CONFIG_HOME`, which needs its `-e` option): the isolated folder becomes `HOME`, so
 * Qiongli reads its settings below it, and the Inspector keeps anything it stores there too.
 */
const run = (argv: readonly string[], configHome: string) =>
  runInspector(argv, { cwd: PROJECT_ROOT, env: { PATH: process.env.PATH ?? '', HOME: configHome, ...networkGuardEnv() } });

/** What a run printed: the JSON result on stdout (also for an `isError` result, exit 5), else its error on stderr. */
async function answer(argv: readonly string[], configHome: string): Promise<{ readonly result: any } | { readonly failed: string }> {
  const { stdout, stderr } = await run(argv, configHome);
  if (stdout.trim() !== '') return { result: JSON.parse(stdout) };
  let message = stderr.trim();
  try {
    message = (JSON.parse(message) as { error: { message: string } }).error.message;
  } catch {
    // not its JSON error envelope: show stderr as it is
  }
  return { failed: message };
}

const seen = (outcome: Awaited<ReturnType<typeof answer>>): Seen =>
  'result' in outcome ? seenInResult(outcome.result) : { outcome: 'thrown', message: outcome.failed };

/**
 * The settings the session was given (`<configHome>/settings.json`, the `QIONGLI_CONFIG_HOME`
 * layout) copied to where Qiongli looks when only `HOME` is set (`~/.config/qiongli/`, Linux), since
 * the Inspector passes `HOME` and not `QIONGLI_CONFIG_HOME`.
 */
function mirrorSettingsUnderHome(configHome: string): void {
  const settings = join(configHome, 'settings.json');
  if (!existsSync(settings)) return;
  const folder = join(configHome, '.config', 'qiongli');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  copyFileSync(settings, join(folder, 'settings.json'));
}

/** A session: one Inspector run per method, each starting Qiongli anew; `initialize` tells the revision. */
async function open(era: Era, configHome: string, program?: ServerProgram): Promise<InteropSession> {
  mirrorSettingsUnderHome(configHome);
  const initialize = await answer(inspectorV2Argv('initialize', { era, program }), configHome);
  if ('failed' in initialize) throw new Error(initialize.failed);
  return {
    negotiated: initialize.result.protocolVersion,
    listToolNames: async () => {
      const listed = await answer(inspectorV2Argv('tools/list', { era, program }), configHome);
      if ('failed' in listed) throw new Error(listed.failed);
      return listed.result.tools.map((tool: { name: string }) => tool.name);
    },
    call: async (name, args) => seen(await answer(inspectorV2Argv('tools/call', { era, tool: { name, args }, program }), configHome)),
    close: async () => undefined,
  };
}

const connection = (label: string, era: Era, expected: string): InteropConnection => ({
  label,
  expected,
  open: (configHome, program) => open(era, configHome, program),
});

/**
 * The MCP Inspector's command line, version 2 (`@modelcontextprotocol/inspector`, needs Node
 * 22.19), started through the package's own launcher as `npx` does. It prints a result as JSON,
 * also an `isError` one (then exit 5). It calls only the tools it listed: for another name it
 * answers `Tool '…' not found on server.` itself, without asking the server.
 */
export const INSPECTOR_V2: InteropClient = {
  packageName: '@modelcontextprotocol/inspector',
  installedIn: LTS_CLIENTS_DIR,
  validatesInputLocally: false,
  callsUnlistedTools: false,
  connections: [
    connection('its default for a command line (initialize, 2025-11-25)', undefined, '2025-11-25'),
    connection('--protocol-era modern (2026-07-28)', 'modern', '2026-07-28'),
  ],
};
