import { PROVIDER_IDS, type ProviderId, type SourceId } from '../../ports/config-source.port.js';
import { configTargetNamed } from '../../domain/provider-config-mutation/provider-names.js';
import { isContactEmail } from '../../domain/provider-config-mutation/change-input-checks.js';
import { hasSetting } from '../../domain/shared/provider-catalogue.js';
import { failure, success, type Result } from '../../domain/shared/result.js';
import { CONFIG_SUBCOMMANDS, usageError, type ConfigAction, type ConfigSubcommand, type ParsedCommand } from './parsed-command.js';
import { USAGE_MESSAGES, type UsageMessage } from './usage-messages.js';

/**
 * What one operand of a `qiongli config` subcommand must be: a provider that takes an API key,
 * one that takes an email, any provider or keyless source, or an email address.
 */
type Operand = 'key-provider' | 'email-provider' | 'target' | 'address' | 'page-provider';

/**
 * The operands of each subcommand, in order (docs/command-line.md#qiongli-config). A
 * `page-provider` (the provider `setup` shows alone) is the only optional one.
 */
const OPERANDS: Readonly<Record<ConfigSubcommand, readonly Operand[]>> = {
  status: [],
  check: [],
  setup: ['page-provider'],
  'set-key': ['key-provider'],
  'remove-key': ['key-provider'],
  enable: ['target'],
  disable: ['target'],
  'set-email': ['email-provider', 'address'],
};

const isSubcommand = (word: string): word is ConfigSubcommand => (CONFIG_SUBCOMMANDS as readonly string[]).includes(word);
const isProvider = (target: ProviderId | SourceId | 'zotero'): target is ProviderId => (PROVIDER_IDS as readonly string[]).includes(target);

/** One operand checked: its resolved value, or the static message of why it is wrong. */
type Checked = Result<string, UsageMessage>;

/** Checks one operand; provider names are resolved to ids (aliases as the save tool accepts them). */
function checkOperand(kind: Operand, word: string): Checked {
  const fail = (message: UsageMessage): Checked => failure(message);
  if (kind === 'address') return isContactEmail(word) ? success(word) : fail(USAGE_MESSAGES.invalidAddress);
  const target = configTargetNamed(word);
  if (target === undefined) return fail(USAGE_MESSAGES.unknownProvider);
  if (kind === 'key-provider' && !(isProvider(target) && hasSetting(target, 'api_key'))) return fail(USAGE_MESSAGES.providerTakesNoKey);
  if (kind === 'email-provider' && !(isProvider(target) && hasSetting(target, 'email'))) return fail(USAGE_MESSAGES.providerTakesNoEmail);
  if (kind === 'page-provider' && !isProvider(target)) return fail(USAGE_MESSAGES.notASearchProvider);
  return success(target);
}

/** The action of a subcommand whose operands all passed. */
function actionOf(name: ConfigSubcommand, values: readonly string[]): ConfigAction {
  const [first = '', second = ''] = values;
  switch (name) {
    case 'status':
    case 'check':
      return { name };
    case 'setup':
      return values.length === 0 ? { name } : { name, provider: first as ProviderId };
    case 'set-key':
    case 'remove-key':
      return { name, provider: first as ProviderId };
    case 'enable':
    case 'disable':
      return { name, target: first as ProviderId | SourceId | 'zotero' };
    case 'set-email':
      return { name, provider: first as ProviderId, address: second };
  }
}

/**
 * Parses the arguments after `qiongli config` (docs/command-line.md#qiongli-config), in the
 * closed grammar's style: `--help` is help only as the sole argument of its level; a missing
 * subcommand, an unknown one (dash-led: an unknown option), a missing operand, a dash-led word
 * where an operand belongs (an unknown option, `--help` an extra argument), an operand that is
 * wrong, and anything left over are usage errors with static messages, the first bad token
 * deciding. Provider names resolve as the save tool's (`semantic-scholar`, `s2`, `ncbi`, …)
 * plus `arxiv`, `opencitations` and `europepmc`; `set-key`/`remove-key` take only a provider
 * with a key, `set-email` only one with an email, `setup` optionally one search provider. Never echoes an argument.
 */
export function parseConfigCommand(args: readonly string[]): ParsedCommand {
  const [first, ...rest] = args;
  if (first === undefined) return usageError(USAGE_MESSAGES.missingSubcommand, 'config');
  if (first === '--help') return rest.length === 0 ? { kind: 'help', topic: 'config' } : usageError(USAGE_MESSAGES.extraArgument, 'config');
  if (!isSubcommand(first)) return usageError(first.startsWith('-') ? USAGE_MESSAGES.unknownOption : USAGE_MESSAGES.unknownSubcommand, 'config');
  const topic = `config ${first}` as const;
  if (rest.length === 1 && rest[0] === '--help') return { kind: 'help', topic };
  const operands = OPERANDS[first];
  const values: string[] = [];
  for (const [index, kind] of operands.entries()) {
    const word = rest[index];
    if (word === undefined && kind === 'page-provider') break;
    if (word === undefined) return usageError(kind === 'address' ? USAGE_MESSAGES.missingAddress : USAGE_MESSAGES.missingProvider, topic);
    if (word.startsWith('-')) return usageError(word === '--help' ? USAGE_MESSAGES.extraArgument : USAGE_MESSAGES.unknownOption, topic);
    const checked = checkOperand(kind, word);
    if (!checked.ok) return usageError(checked.error, topic);
    values.push(checked.value);
  }
  const extra = rest[operands.length];
  if (extra !== undefined) return usageError(extra.startsWith('-') && extra !== '--help' ? USAGE_MESSAGES.unknownOption : USAGE_MESSAGES.extraArgument, topic);
  return { kind: 'config', action: actionOf(first, values) };
}
