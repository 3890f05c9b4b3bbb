import { isWellFormedArgument } from './argument-encoding.js';
import { parseConfigCommand } from './config-grammar.js';
import { CONFIG_SUBCOMMANDS, usageError, type HelpTopic, type ParsedCommand } from './parsed-command.js';
import { parseServeOptions } from './serve-options.js';
import { USAGE_MESSAGES } from './usage-messages.js';

/** The deepest command level the arguments reach, whose usage a usage error shows. */
function topicOf(argv: readonly string[]): HelpTopic {
  const [first, second = ''] = argv;
  if (first === 'mcp') return second === 'serve' ? 'serve' : 'mcp';
  if (first !== 'config') return 'root';
  const subcommand = CONFIG_SUBCOMMANDS.find((name) => name === second);
  return subcommand === undefined ? 'config' : `config ${subcommand}`;
}

/** Arguments after `qiongli mcp`. */
function parseMcp(args: readonly string[]): ParsedCommand {
  const [first, ...rest] = args;
  if (first === undefined) return usageError(USAGE_MESSAGES.missingSubcommand, 'mcp');
  if (first === 'serve') return parseServeOptions(rest);
  if (first === '--help') {
    return rest.length === 0 ? { kind: 'help', topic: 'mcp' } : usageError(USAGE_MESSAGES.extraArgument, 'mcp');
  }
  return usageError(first.startsWith('-') ? USAGE_MESSAGES.unknownOption : USAGE_MESSAGES.unknownSubcommand, 'mcp');
}

/**
 * Parses the closed command-line grammar of `qiongli` (docs/command-line.md). Pure: no I/O, no access to
 * the process; the composition root prints and exits.
 *
 * ```
 * qiongli mcp serve --profile lite|standard --transport stdio [--capabilities GROUP[,GROUP...]]
 * qiongli config status | check
 * qiongli config set-key P | remove-key P | enable P | disable P | set-email P ADDRESS
 * qiongli --version
 * qiongli --help | qiongli mcp --help | qiongli mcp serve --help
 * qiongli config --help | qiongli config SUBCOMMAND --help
 * ```
 *
 * @param argv the arguments after the program, i.e. `process.argv.slice(2)`.
 * @returns `serve`, `config`, `version` or `help`; anything outside the grammar is a
 * `usage-error` with a static message (never echoing an argument) and the topic of the deepest
 * level reached (`root`, `mcp`, `serve`, `config` or one config subcommand). Decisions:
 * - any argument that is not valid UTF-8 (see {@link isWellFormedArgument}) is rejected
 *   first, before any other check;
 * - `--version` and `--help` must be the only argument at their level: anything after them
 *   (`qiongli --version extra`, `qiongli mcp --help serve`, `qiongli mcp serve --help
 *   --profile lite`) is an extra argument;
 * - short forms (`-h`, `-V`) and any other dash-led word where a subcommand is expected are
 *   unknown options; other words there are unknown subcommands;
 * - the options of `serve` are checked as described in {@link parseServeOptions}, the
 *   arguments of `config` as in {@link parseConfigCommand}.
 */
export function parseCommandLine(argv: readonly string[]): ParsedCommand {
  if (!argv.every(isWellFormedArgument)) return usageError(USAGE_MESSAGES.nonUtf8Argument, topicOf(argv));
  const [first, ...rest] = argv;
  if (first === undefined) return usageError(USAGE_MESSAGES.missingSubcommand, 'root');
  if (first === 'mcp') return parseMcp(rest);
  if (first === 'config') return parseConfigCommand(rest);
  if (first === '--version' || first === '--help') {
    if (rest.length > 0) return usageError(USAGE_MESSAGES.extraArgument, 'root');
    return first === '--version' ? { kind: 'version' } : { kind: 'help', topic: 'root' };
  }
  return usageError(first.startsWith('-') ? USAGE_MESSAGES.unknownOption : USAGE_MESSAGES.unknownSubcommand, 'root');
}
