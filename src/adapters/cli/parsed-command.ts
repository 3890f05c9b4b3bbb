import type { CapabilityGroup } from '../../domain/shared/capability-groups.js';
import type { UsageMessage } from './usage-messages.js';
import type { Profile } from '../../domain/shared/profiles.js';

/** Which help or usage text applies: the program, `qiongli mcp`, or `qiongli mcp serve`. */
export type HelpTopic = 'root' | 'mcp' | 'serve';

/** Serve a profile over stdio with the granted capability groups (docs/command-line.md). */
export interface ServeCommand {
  readonly kind: 'serve';
  /** `lite` or `standard`; the alias `marketplace-lite` is already resolved to `lite`. */
  readonly profile: Profile;
  /** The granted groups, in SPEC order; the profile's default groups when `--capabilities` was absent. */
  readonly grants: ReadonlySet<CapabilityGroup>;
}

/** Print the package version on stdout and exit 0. */
export interface VersionCommand {
  readonly kind: 'version';
}

/** Print the help text of `topic` on stdout and exit 0. */
export interface HelpCommand {
  readonly kind: 'help';
  readonly topic: HelpTopic;
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
export type ParsedCommand = ServeCommand | VersionCommand | HelpCommand | UsageError;

/** Builds a usage error. */
export const usageError = (message: UsageMessage, topic: HelpTopic): UsageError => ({
  kind: 'usage-error',
  message,
  topic,
});
