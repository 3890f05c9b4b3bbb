import { ALL_CAPABILITY_GROUPS, type CapabilityGroup } from '../../domain/shared/capability-groups.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import type { HelpTopic, UsageError } from './parsed-command.js';
import { CONFIG_USAGE_LINES, configHelpText, configUsageText, type ConfigHelpTopic } from './config-help-texts.js';

const SERVE_SYNOPSIS = 'qiongli mcp serve --profile lite|standard --transport stdio [--capabilities GROUP[,GROUP...]]';

/** The topics of the program and of `qiongli mcp`; the `config` topics have their own texts. */
type McpTopic = 'root' | 'mcp' | 'serve';
const isConfigTopic = (topic: HelpTopic): topic is ConfigHelpTopic => topic.startsWith('config');

const USAGE_LINES: Readonly<Record<McpTopic, readonly string[]>> = {
  root: [
    SERVE_SYNOPSIS,
    ...CONFIG_USAGE_LINES.slice(0, -1),
    'qiongli --version',
    'qiongli --help | qiongli mcp --help | qiongli mcp serve --help',
    CONFIG_USAGE_LINES[CONFIG_USAGE_LINES.length - 1] ?? '',
  ],
  mcp: [SERVE_SYNOPSIS, 'qiongli mcp --help'],
  serve: [SERVE_SYNOPSIS, 'qiongli mcp serve --help'],
};

const SUMMARY: Readonly<Record<McpTopic, string>> = {
  root: 'qiongli - the Qiongli MCP server: search planning, literature search across\nfive scholarly APIs, evidence snapshots and Zotero import files for AI clients.',
  mcp: 'qiongli mcp - run Qiongli as an MCP server.',
  serve:
    'qiongli mcp serve - serve a profile over stdio: lite (no writes, no listener) or\nstandard (adds the setup page for keys). stdout carries only MCP frames;\ndiagnostics go to stderr.',
};

const WIDTH = 80;
const GROUP_COLUMN = 18;

/** The tools a capability group grants, in `tools/list` order: the composition root knows them (its profiles' tool slices). */
export type ToolNamesOf = (group: CapabilityGroup) => readonly string[];

/** Tool names after the group name, wrapped at {@link WIDTH} columns. */
function groupLines(group: CapabilityGroup, toolNamesOf: ToolNamesOf): string[] {
  const tools = toolNamesOf(group);
  const lines: string[] = [];
  let line = `  ${group}`.padEnd(GROUP_COLUMN);
  let filled = false;
  for (const [index, tool] of tools.entries()) {
    const word = index < tools.length - 1 ? `${tool},` : tool;
    if (filled && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = ' '.repeat(GROUP_COLUMN);
      filled = false;
    }
    line += filled ? ` ${word}` : word;
    filled = true;
  }
  lines.push(line);
  return lines;
}

const SERVE_OPTIONS_SECTION = [
  'options of mcp serve (as --name value or --name=value, in any order):',
  '  --profile NAME        required; lite (alias: marketplace-lite) or standard.',
  '                        The Full profile is not available.',
  '  --transport NAME      required; stdio.',
  '  --capabilities LIST   comma-separated groups whose tools are exposed;',
  '                        default: lite every group but graph, fulltext and',
  '                        verify, standard every group.',
  '  --help                alone: print the help of mcp serve.',
].join('\n');

const GLOBAL_OPTIONS_SECTION = ['options:', '  --version             print the version and exit.', '  --help                print this help and exit.'].join(
  '\n',
);

const COMMANDS_SECTION = ['commands:', '  mcp serve             serve MCP over stdin/stdout.'].join('\n');
const ROOT_COMMANDS_SECTION = [
  COMMANDS_SECTION,
  '  config SUBCOMMAND     read or change the settings at a terminal: provider',
  '                        keys, emails, enabled or not (qiongli config --help).',
].join('\n');

const groupsSection = (toolNamesOf: ToolNamesOf): string =>
  ['capability groups and their tools:', ...ALL_CAPABILITY_GROUPS.flatMap((group) => groupLines(group, toolNamesOf))].join('\n');

const exitCodesSection = (topic: McpTopic): string =>
  [
    'exit codes:',
    `  ${EXIT_OK}  success: help or version printed, input ended, or SIGINT/SIGTERM`,
    `  ${EXIT_FAILURE}  fatal transport failure (stderr: error: <reason-code>)`,
    ...(topic === 'root' ? ['     or a config subcommand failed (stderr: error: <reason>)'] : []),
    `  ${EXIT_USAGE}  usage error (stderr: error: <message> and usage)`,
  ].join('\n');

const SECTIONS: Readonly<Record<McpTopic, readonly string[]>> = {
  root: [GLOBAL_OPTIONS_SECTION, ROOT_COMMANDS_SECTION, SERVE_OPTIONS_SECTION],
  mcp: [COMMANDS_SECTION, SERVE_OPTIONS_SECTION],
  serve: [SERVE_OPTIONS_SECTION],
};

/**
 * The usage synopsis of a command level (docs/command-line.md), ending with a newline. Shown on stderr
 * after a usage error.
 */
export function usageText(topic: HelpTopic): string {
  if (isConfigTopic(topic)) return configUsageText(topic);
  const [first, ...others] = USAGE_LINES[topic];
  return [`usage: ${first ?? ''}`, ...others.map((line) => `       ${line}`)].join('\n') + '\n';
}

/**
 * The help text of a command level, ending with a newline: what the command does, its
 * usage, options, the capability groups with the tools `toolNamesOf` says they grant, and the
 * exit codes (a `config` topic: what it does, its usage, details and exit codes). The
 * composition root prints it on stdout and exits {@link EXIT_OK}.
 */
export function helpText(topic: HelpTopic, toolNamesOf: ToolNamesOf): string {
  if (isConfigTopic(topic)) return configHelpText(topic);
  const usage = usageText(topic).trimEnd();
  return [SUMMARY[topic], usage, ...SECTIONS[topic], groupsSection(toolNamesOf), exitCodesSection(topic)].join('\n\n') + '\n';
}

/**
 * The exact stderr text of a usage error: `error: <static message>`, a newline, then the
 * usage of the error's topic. The caller writes it and exits {@link EXIT_USAGE}.
 */
export function renderUsageError(error: Pick<UsageError, 'message' | 'topic'>): string {
  return `error: ${error.message}\n${usageText(error.topic)}`;
}
