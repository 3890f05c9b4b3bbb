import { failure, success, type Result } from '../../domain/shared/result.js';
import { defaultGrantsOf, parseCapabilities } from './capabilities-option.js';
import type { Profile } from '../../domain/shared/profiles.js';
import { STANDARD_ONLY_GROUPS } from '../../domain/shared/capability-groups.js';
import { usageError, type ParsedCommand } from './parsed-command.js';
import { USAGE_MESSAGES, type UsageMessage } from './usage-messages.js';

const SERVE_OPTIONS = ['profile', 'transport', 'capabilities'] as const;
type ServeOption = (typeof SERVE_OPTIONS)[number];

/** The profile each accepted `--profile` name means: `lite`, its alias `marketplace-lite`, and `standard` (docs/command-line.md#profiles). */
const PROFILE_NAMES: Readonly<Record<string, Profile>> = { lite: 'lite', 'marketplace-lite': 'lite', standard: 'standard' };

const isServeOption = (name: string): name is ServeOption => (SERVE_OPTIONS as readonly string[]).includes(name);

/** The option values given, or the static message of the first bad token. */
type Collected = Result<ReadonlyMap<ServeOption, string>, UsageMessage>;

const fail = (message: UsageMessage): Collected => failure(message);

/**
 * Reads the option tokens after `serve`, left to right; the first bad token decides.
 * `--name=value` and `--name value` are equivalent. A separate value is the next argument
 * unless that is missing or starts with `-` (then the option has no value). An empty value
 * of `--profile`/`--transport` is no value; an empty `--capabilities` value is an empty list.
 */
function collectOptions(args: readonly string[]): Collected {
  const values = new Map<ServeOption, string>();
  let index = 0;
  while (index < args.length) {
    const token = args[index] ?? '';
    if (token === '--help' || !token.startsWith('-')) return fail(USAGE_MESSAGES.extraArgument);
    if (!token.startsWith('--')) return fail(USAGE_MESSAGES.unknownOption);
    const equals = token.indexOf('=');
    const name = equals === -1 ? token.slice(2) : token.slice(2, equals);
    if (!isServeOption(name)) return fail(USAGE_MESSAGES.unknownOption);
    if (values.has(name)) return fail(USAGE_MESSAGES.duplicateOption);
    let value: string;
    if (equals === -1) {
      const next = args[index + 1];
      if (next === undefined || next.startsWith('-')) return fail(USAGE_MESSAGES.optionWithoutValue);
      value = next;
      index += 2;
    } else {
      value = token.slice(equals + 1);
      index += 1;
    }
    if (value === '' && name !== 'capabilities') return fail(USAGE_MESSAGES.optionWithoutValue);
    values.set(name, value);
  }
  return success(values);
}

function checkProfile(profile: string | undefined): UsageMessage | undefined {
  if (profile === undefined) return USAGE_MESSAGES.missingProfile;
  if (profile === 'full') return USAGE_MESSAGES.fullProfileUnavailable;
  return Object.hasOwn(PROFILE_NAMES, profile) ? undefined : USAGE_MESSAGES.unsupportedProfile;
}

function checkTransport(transport: string | undefined): UsageMessage | undefined {
  if (transport === undefined) return USAGE_MESSAGES.missingTransport;
  return transport === 'stdio' ? undefined : USAGE_MESSAGES.unsupportedTransport;
}

/**
 * Parses the arguments after `qiongli mcp serve` (docs/command-line.md). `--help` is help only as the
 * sole argument; anywhere else in the list it is an extra argument.
 *
 * Order of checks (the first failure is returned, as a usage error with topic `serve`):
 * 1. the tokens, left to right: extra argument (a positional or `--help` among options),
 *    unknown option (including short forms such as `-h`), duplicate option (also when
 *    mixing `--profile x` and `--profile=y`), option without value;
 * 2. `--profile`: missing, `full`, other than `lite`/`marketplace-lite`/`standard`;
 * 3. `--transport`: missing, other than `stdio`;
 * 4. `--capabilities` (see {@link parseCapabilities}); then, with `--profile lite`, a group only
 *    Standard serves (`zotero-library`: Lite has no library access).
 */
export function parseServeOptions(args: readonly string[]): ParsedCommand {
  if (args.length === 1 && args[0] === '--help') return { kind: 'help', topic: 'serve' };
  const collected = collectOptions(args);
  if (!collected.ok) return usageError(collected.error, 'serve');
  const values = collected.value;
  const valueProblem = checkProfile(values.get('profile')) ?? checkTransport(values.get('transport'));
  if (valueProblem !== undefined) return usageError(valueProblem, 'serve');
  const profile = PROFILE_NAMES[values.get('profile') as string] as Profile;
  const capabilities = values.get('capabilities');
  if (capabilities === undefined) return { kind: 'serve', profile, grants: defaultGrantsOf(profile) };
  const parsed = parseCapabilities(capabilities);
  if (!parsed.ok) return usageError(parsed.error, 'serve');
  if (profile === 'lite' && STANDARD_ONLY_GROUPS.some((group) => parsed.value.has(group)))
    return usageError(USAGE_MESSAGES.standardOnlyCapabilityGroup, 'serve');
  return { kind: 'serve', profile, grants: parsed.value };
}
