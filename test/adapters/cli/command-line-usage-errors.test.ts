import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommandLine } from '../../../src/adapters/cli/command-line.js';
import { USAGE_MESSAGES, type UsageMessage } from '../../../src/adapters/cli/usage-messages.js';
import type { HelpTopic } from '../../../src/adapters/cli/parsed-command.js';

const CANARY = 'CANARY-7f3a';
const SERVE = ['mcp', 'serve'];
const LITE_STDIO = ['--profile', 'lite', '--transport', 'stdio'];
const M = USAGE_MESSAGES;

interface UsageErrorCase {
  /** Sentence naming the rule. */
  readonly rule: string;
  readonly argv: readonly string[];
  readonly message: UsageMessage;
  readonly topic: HelpTopic;
  /** The part of the input the message must never echo, when the case has one. */
  readonly offending?: string;
}

const CASES: readonly UsageErrorCase[] = [
  // missing subcommand
  { rule: 'qiongli alone is a missing subcommand', argv: [], message: M.missingSubcommand, topic: 'root' },
  { rule: 'qiongli mcp alone is a missing subcommand', argv: ['mcp'], message: M.missingSubcommand, topic: 'mcp' },
  // unknown subcommand
  { rule: 'an unknown word after qiongli is an unknown subcommand', argv: [CANARY], message: M.unknownSubcommand, topic: 'root', offending: CANARY },
  { rule: 'an unknown word after mcp is an unknown subcommand', argv: ['mcp', CANARY], message: M.unknownSubcommand, topic: 'mcp', offending: CANARY },
  { rule: 'serve without mcp is an unknown subcommand', argv: ['serve', ...LITE_STDIO], message: M.unknownSubcommand, topic: 'root' },
  { rule: 'subcommands are case-sensitive (MCP is unknown)', argv: ['MCP', 'serve'], message: M.unknownSubcommand, topic: 'root', offending: 'MCP' },
  // extra argument
  {
    rule: 'a positional argument after serve options is an extra argument',
    argv: [...SERVE, ...LITE_STDIO, CANARY],
    message: M.extraArgument,
    topic: 'serve',
    offending: CANARY,
  },
  {
    rule: 'a positional argument right after serve is an extra argument',
    argv: [...SERVE, CANARY, ...LITE_STDIO],
    message: M.extraArgument,
    topic: 'serve',
    offending: CANARY,
  },
  { rule: 'anything after --version is an extra argument', argv: ['--version', CANARY], message: M.extraArgument, topic: 'root', offending: CANARY },
  { rule: 'anything after --help is an extra argument', argv: ['--help', CANARY], message: M.extraArgument, topic: 'root', offending: CANARY },
  { rule: '--version followed by --help is an extra argument', argv: ['--version', '--help'], message: M.extraArgument, topic: 'root' },
  { rule: 'anything after mcp --help is an extra argument', argv: ['mcp', '--help', CANARY], message: M.extraArgument, topic: 'mcp', offending: CANARY },
  { rule: 'serve --help followed by options is an extra argument', argv: [...SERVE, '--help', ...LITE_STDIO], message: M.extraArgument, topic: 'serve' },
  { rule: 'serve options followed by --help is an extra argument', argv: [...SERVE, ...LITE_STDIO, '--help'], message: M.extraArgument, topic: 'serve' },
  {
    rule: 'serve --help followed by a positional is an extra argument',
    argv: [...SERVE, '--help', CANARY],
    message: M.extraArgument,
    topic: 'serve',
    offending: CANARY,
  },
  // option without value
  {
    rule: '--profile at the end is an option without value',
    argv: [...SERVE, '--transport', 'stdio', '--profile'],
    message: M.optionWithoutValue,
    topic: 'serve',
  },
  {
    rule: '--profile= with an empty value is an option without value',
    argv: [...SERVE, '--profile=', '--transport', 'stdio'],
    message: M.optionWithoutValue,
    topic: 'serve',
  },
  {
    rule: '--profile followed by another option is an option without value',
    argv: [...SERVE, '--profile', '--transport', 'stdio'],
    message: M.optionWithoutValue,
    topic: 'serve',
  },
  {
    rule: '--transport with an empty argument is an option without value',
    argv: [...SERVE, '--profile', 'lite', '--transport', ''],
    message: M.optionWithoutValue,
    topic: 'serve',
  },
  {
    rule: '--transport at the end is an option without value',
    argv: [...SERVE, '--profile', 'lite', '--transport'],
    message: M.optionWithoutValue,
    topic: 'serve',
  },
  {
    rule: '--capabilities at the end is an option without value',
    argv: [...SERVE, ...LITE_STDIO, '--capabilities'],
    message: M.optionWithoutValue,
    topic: 'serve',
  },
  // unknown option
  {
    rule: 'an unknown long option after serve is an unknown option',
    argv: [...SERVE, ...LITE_STDIO, `--${CANARY}`, 'x'],
    message: M.unknownOption,
    topic: 'serve',
    offending: CANARY,
  },
  {
    rule: 'an unknown --name=value option after serve is an unknown option',
    argv: [...SERVE, `--${CANARY}=${CANARY}`, ...LITE_STDIO],
    message: M.unknownOption,
    topic: 'serve',
    offending: CANARY,
  },
  { rule: 'an unknown option at the root is an unknown option', argv: [`--${CANARY}`], message: M.unknownOption, topic: 'root', offending: CANARY },
  { rule: 'an unknown option after mcp is an unknown option', argv: ['mcp', `--${CANARY}`], message: M.unknownOption, topic: 'mcp', offending: CANARY },
  { rule: 'the short form -h is not in the grammar (unknown option)', argv: ['-h'], message: M.unknownOption, topic: 'root' },
  { rule: 'the short form -V is not in the grammar (unknown option)', argv: ['-V'], message: M.unknownOption, topic: 'root' },
  { rule: 'the short form -h after serve is an unknown option', argv: [...SERVE, '-h'], message: M.unknownOption, topic: 'serve' },
  { rule: '--version after serve is an unknown option', argv: [...SERVE, ...LITE_STDIO, '--version'], message: M.unknownOption, topic: 'serve' },
  { rule: '--version after mcp is an unknown option', argv: ['mcp', '--version'], message: M.unknownOption, topic: 'mcp' },
  { rule: '--version=value at the root is an unknown option', argv: [`--version=${CANARY}`], message: M.unknownOption, topic: 'root', offending: CANARY },
  { rule: 'serve options are not accepted before serve (unknown option)', argv: ['mcp', ...LITE_STDIO, 'serve'], message: M.unknownOption, topic: 'mcp' },
  // duplicate option
  {
    rule: 'a repeated --profile is a duplicate option',
    argv: [...SERVE, '--profile', 'lite', '--transport', 'stdio', '--profile', CANARY],
    message: M.duplicateOption,
    topic: 'serve',
    offending: CANARY,
  },
  {
    rule: 'mixing --profile x and --profile=y is a duplicate option',
    argv: [...SERVE, '--profile', 'lite', `--profile=${CANARY}`, '--transport', 'stdio'],
    message: M.duplicateOption,
    topic: 'serve',
    offending: CANARY,
  },
  {
    rule: 'a repeated --transport with the same value is a duplicate option',
    argv: [...SERVE, ...LITE_STDIO, '--transport=stdio'],
    message: M.duplicateOption,
    topic: 'serve',
  },
  {
    rule: 'a repeated --capabilities is a duplicate option',
    argv: [...SERVE, ...LITE_STDIO, '--capabilities', 'config', '--capabilities', 'zotero'],
    message: M.duplicateOption,
    topic: 'serve',
  },
  // non-UTF-8 option or value
  {
    rule: 'a value carrying U+FFFD (an undecodable byte) is non-UTF-8',
    argv: [...SERVE, '--profile', `${CANARY}\uFFFD`, '--transport', 'stdio'],
    message: M.nonUtf8Argument,
    topic: 'serve',
    offending: CANARY,
  },
  {
    rule: 'an option name carrying U+FFFD is non-UTF-8',
    argv: [...SERVE, ...LITE_STDIO, `--${CANARY}\uFFFD`],
    message: M.nonUtf8Argument,
    topic: 'serve',
    offending: CANARY,
  },
  {
    rule: 'a value with a lone high surrogate is non-UTF-8',
    argv: [...SERVE, ...LITE_STDIO, '--capabilities', `${CANARY}\uD800`],
    message: M.nonUtf8Argument,
    topic: 'serve',
    offending: CANARY,
  },
  {
    rule: 'an option with a lone low surrogate is non-UTF-8',
    argv: [...SERVE, `--profile=\uDC00${CANARY}`, '--transport', 'stdio'],
    message: M.nonUtf8Argument,
    topic: 'serve',
    offending: CANARY,
  },
  {
    rule: 'a non-UTF-8 word at the root is non-UTF-8 with the root usage',
    argv: [`${CANARY}\uFFFD`],
    message: M.nonUtf8Argument,
    topic: 'root',
    offending: CANARY,
  },
  {
    rule: 'a non-UTF-8 word after mcp is non-UTF-8 with the mcp usage',
    argv: ['mcp', `\uFFFD${CANARY}`],
    message: M.nonUtf8Argument,
    topic: 'mcp',
    offending: CANARY,
  },
  // --profile values
  {
    rule: '--profile full says the Full profile is not available',
    argv: [...SERVE, '--profile', 'full', '--transport', 'stdio'],
    message: M.fullProfileUnavailable,
    topic: 'serve',
  },
  {
    rule: '--profile=full says the Full profile is not available',
    argv: [...SERVE, '--transport', 'stdio', '--profile=full'],
    message: M.fullProfileUnavailable,
    topic: 'serve',
  },
  {
    rule: 'an unknown --profile is an unsupported profile',
    argv: [...SERVE, '--profile', CANARY, '--transport', 'stdio'],
    message: M.unsupportedProfile,
    topic: 'serve',
    offending: CANARY,
  },
  {
    rule: '--profile names are case-sensitive (LITE is unsupported)',
    argv: [...SERVE, '--profile', 'LITE', '--transport', 'stdio'],
    message: M.unsupportedProfile,
    topic: 'serve',
    offending: 'LITE',
  },
  { rule: '--profile values are not trimmed', argv: [...SERVE, '--profile', ' lite', '--transport', 'stdio'], message: M.unsupportedProfile, topic: 'serve' },
  // --transport values
  {
    rule: 'an unknown --transport is an unsupported transport',
    argv: [...SERVE, '--profile', 'lite', '--transport', CANARY],
    message: M.unsupportedTransport,
    topic: 'serve',
    offending: CANARY,
  },
  {
    rule: '--transport http is an unsupported transport',
    argv: [...SERVE, '--profile', 'lite', '--transport=http'],
    message: M.unsupportedTransport,
    topic: 'serve',
    offending: 'http',
  },
  // missing required options
  { rule: 'serve without --profile is a missing --profile', argv: [...SERVE, '--transport', 'stdio'], message: M.missingProfile, topic: 'serve' },
  { rule: 'serve with no options is a missing --profile', argv: [...SERVE], message: M.missingProfile, topic: 'serve' },
  { rule: 'serve without --transport is a missing --transport', argv: [...SERVE, '--profile', 'lite'], message: M.missingTransport, topic: 'serve' },
  // bad --capabilities
  { rule: '--capabilities= is an empty capability list', argv: [...SERVE, ...LITE_STDIO, '--capabilities='], message: M.emptyCapabilityList, topic: 'serve' },
  {
    rule: '--capabilities with an empty argument is an empty capability list',
    argv: [...SERVE, '--capabilities', '', ...LITE_STDIO],
    message: M.emptyCapabilityList,
    topic: 'serve',
  },
  {
    rule: 'two adjacent commas make an empty capability item',
    argv: [...SERVE, ...LITE_STDIO, '--capabilities', 'config,,zotero'],
    message: M.emptyCapabilityItem,
    topic: 'serve',
  },
  {
    rule: 'a trailing comma makes an empty capability item',
    argv: [...SERVE, ...LITE_STDIO, '--capabilities=config,'],
    message: M.emptyCapabilityItem,
    topic: 'serve',
  },
  {
    rule: 'a lone comma makes an empty capability item',
    argv: [...SERVE, ...LITE_STDIO, '--capabilities', ','],
    message: M.emptyCapabilityItem,
    topic: 'serve',
  },
  {
    rule: 'an unknown group is a bad capability list',
    argv: [...SERVE, ...LITE_STDIO, '--capabilities', `config,${CANARY}`],
    message: M.unknownCapabilityGroup,
    topic: 'serve',
    offending: CANARY,
  },
  {
    rule: 'group names are case-sensitive (Config is unknown)',
    argv: [...SERVE, ...LITE_STDIO, '--capabilities', 'Config'],
    message: M.unknownCapabilityGroup,
    topic: 'serve',
    offending: 'Config',
  },
  {
    rule: 'group names are not trimmed (a space after the comma is unknown)',
    argv: [...SERVE, ...LITE_STDIO, '--capabilities', 'config, zotero'],
    message: M.unknownCapabilityGroup,
    topic: 'serve',
    offending: ' zotero',
  },
  {
    rule: 'a repeated group is a bad capability list',
    argv: [...SERVE, ...LITE_STDIO, '--capabilities', 'config,zotero,config'],
    message: M.repeatedCapabilityGroup,
    topic: 'serve',
  },
  {
    rule: 'a group only Standard serves is refused in Lite (its checks come after the list is read)',
    argv: [...SERVE, ...LITE_STDIO, '--capabilities', 'config,zotero-library'],
    message: M.standardOnlyCapabilityGroup,
    topic: 'serve',
  },
  // qiongli config (docs/command-line.md#qiongli-config)
  { rule: 'config alone is a missing subcommand', argv: ['config'], message: M.missingSubcommand, topic: 'config' },
  { rule: 'set-key without a provider', argv: ['config', 'set-key'], message: M.missingProvider, topic: 'config set-key' },
  {
    rule: 'a provider name the commands do not know',
    argv: ['config', 'enable', CANARY],
    message: M.unknownProvider,
    topic: 'config enable',
    offending: CANARY,
  },
  { rule: 'set-key for a provider without a key', argv: ['config', 'set-key', 'crossref'], message: M.providerTakesNoKey, topic: 'config set-key' },
  {
    rule: 'set-email for a provider without an email',
    argv: ['config', 'set-email', 's2', 'a@b.org'],
    message: M.providerTakesNoEmail,
    topic: 'config set-email',
  },
  { rule: 'set-email without an address', argv: ['config', 'set-email', 'crossref'], message: M.missingAddress, topic: 'config set-email' },
  {
    rule: 'set-email with a malformed address',
    argv: ['config', 'set-email', 'crossref', CANARY],
    message: M.invalidAddress,
    topic: 'config set-email',
    offending: CANARY,
  },
  {
    rule: 'setup names a keyless source, which the setup page does not show',
    argv: ['config', 'setup', 'opencitations'],
    message: M.notASearchProvider,
    topic: 'config setup',
  },
  {
    rule: 'a key given as an option is an unknown option (keys never come from the command line)',
    argv: ['config', 'set-key', 'openalex', `--key=${CANARY}`],
    message: M.unknownOption,
    topic: 'config set-key',
    offending: CANARY,
  },
];

describe('parseCommandLine usage errors (docs/command-line.md)', () => {
  for (const testCase of CASES) {
    it(`${testCase.rule} (docs/command-line.md)`, () => {
      const parsed = parseCommandLine(testCase.argv);
      assert.deepEqual(parsed, { kind: 'usage-error', message: testCase.message, topic: testCase.topic });
      if (parsed.kind !== 'usage-error') return;
      if (testCase.offending !== undefined) assert.ok(!parsed.message.includes(testCase.offending));
      assert.ok(!parsed.message.includes(CANARY));
    });
  }

  it('gives every usage-error case of docs/command-line.md its own distinct static message (docs/command-line.md)', () => {
    const messages = Object.values(USAGE_MESSAGES);
    assert.equal(new Set(messages).size, messages.length);
    for (const message of messages)
      assert.ok(
        CASES.some((testCase) => testCase.message === message),
        message,
      );
  });
});

describe('parseCommandLine order of checks (docs/command-line.md)', () => {
  it('reports non-UTF-8 before any other problem (docs/command-line.md)', () => {
    const parsed = parseCommandLine([...SERVE, CANARY, '--profile', 'full', `x\uFFFD`]);
    assert.deepEqual(parsed, { kind: 'usage-error', message: M.nonUtf8Argument, topic: 'serve' });
  });

  it('reports the first bad token from the left (docs/command-line.md)', () => {
    assert.equal(messageOf([...SERVE, `--${CANARY}`, CANARY]), M.unknownOption);
    assert.equal(messageOf([...SERVE, CANARY, `--${CANARY}`]), M.extraArgument);
  });

  it('reports token problems before option values (docs/command-line.md)', () => {
    assert.equal(messageOf([...SERVE, '--profile', 'full', '--transport', CANARY, CANARY]), M.extraArgument);
  });

  it('checks --profile before --transport, and both before --capabilities (docs/command-line.md)', () => {
    assert.equal(messageOf([...SERVE, '--profile', 'full', '--transport', CANARY, '--capabilities', ',']), M.fullProfileUnavailable);
    assert.equal(messageOf([...SERVE, '--capabilities', ',', '--transport', CANARY]), M.missingProfile);
    assert.equal(messageOf([...SERVE, '--profile', 'lite', '--capabilities', ',', '--transport', CANARY]), M.unsupportedTransport);
  });
});

function messageOf(argv: readonly string[]): string | undefined {
  const parsed = parseCommandLine(argv);
  return parsed.kind === 'usage-error' ? parsed.message : undefined;
}
