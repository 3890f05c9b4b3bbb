import type { CapabilityGroup } from '../../domain/shared/capability-groups.js';
import type { ProviderId, SourceId } from '../../ports/config-source.port.js';
import type { UsageMessage } from './usage-messages.js';
import type { Profile } from '../../domain/shared/profiles.js';

/** The subcommands of `qiongli config` (docs/command-line.md#qiongli-config). */
export const CONFIG_SUBCOMMANDS = ['status', 'check', 'setup', 'set-key', 'remove-key', 'enable', 'disable', 'set-email'] as const;
/** One of the {@link CONFIG_SUBCOMMANDS}. */
export type ConfigSubcommand = (typeof CONFIG_SUBCOMMANDS)[number];

/**
 * Which help or usage text applies: the program, `qiongli mcp`, `qiongli mcp serve`,
 * `qiongli config`, or one `qiongli config` subcommand.
 */
export type HelpTopic = 'root' | 'mcp' | 'serve' | 'config' | `config ${ConfigSubcommand}`;

/** Serve a profile over stdio with the granted capability groups (docs/command-line.md). */
interface ServeCommand {
  readonly kind: 'serve';
  /** `lite` or `standard`; the alias `marketplace-lite` is already resolved to `lite`. */
  readonly profile: Profile;
  /** The granted groups, in SPEC order; the profile's default groups when `--capabilities` was absent. */
  readonly grants: ReadonlySet<CapabilityGroup>;
}

/** Print the package version on stdout and exit 0. */
interface VersionCommand {
  readonly kind: 'version';
}

/** Print the help text of `topic` on stdout and exit 0. */
interface HelpCommand {
  readonly kind: 'help';
  readonly topic: HelpTopic;
}

/** What one `qiongli config` command asks for, with provider names already resolved to ids. */
export type ConfigAction =
  | { readonly name: 'status' }
  | { readonly name: 'check' }
  | { readonly name: 'setup'; readonly provider?: ProviderId }
  | { readonly name: 'set-key' | 'remove-key'; readonly provider: ProviderId }
  | { readonly name: 'enable' | 'disable'; readonly target: ProviderId | SourceId | 'zotero' }
  | { readonly name: 'set-email'; readonly provider: ProviderId; readonly address: string };

/** Read or change the settings from a terminal (docs/command-line.md#qiongli-config). */
interface ConfigCommand {
  readonly kind: 'config';
  readonly action: ConfigAction;
}

/**
 * The command line is outside the closed grammar: print `renderUsageError(error)` on stderr,
 * nothing on stdout, and exit 2. `message` is static; `topic` selects the usage text shown.
 */
export interface UsageError {
  readonly kind: 'usage-error';
  readonly message: UsageMessage;
  readonly topic: HelpTopic;
}

/** What a command line asks for (docs/command-line.md). */
export type ParsedCommand = ServeCommand | ConfigCommand | VersionCommand | HelpCommand | UsageError;

/** Builds a usage error. */
export const usageError = (message: UsageMessage, topic: HelpTopic): UsageError => ({
  kind: 'usage-error',
  message,
  topic,
});
