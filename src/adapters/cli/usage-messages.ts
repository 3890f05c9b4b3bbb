/**
 * The static messages of every command-line usage error (docs/command-line.md). Each case has its own
 * message; none is ever built from what the user typed, so `error: <message>` on stderr
 * cannot echo an argument, an option name or a value.
 */
export const USAGE_MESSAGES = {
  nonUtf8Argument: 'argument is not valid UTF-8',
  missingSubcommand: 'missing subcommand',
  unknownSubcommand: 'unknown subcommand',
  extraArgument: 'unexpected extra argument',
  unknownOption: 'unknown option',
  optionWithoutValue: 'option requires a value',
  duplicateOption: 'option given more than once',
  missingProfile: 'missing required option --profile',
  fullProfileUnavailable: 'the Full profile is not available; use --profile lite or --profile standard',
  unsupportedProfile: '--profile must be lite, marketplace-lite or standard',
  missingTransport: 'missing required option --transport',
  unsupportedTransport: '--transport must be stdio',
  emptyCapabilityList: '--capabilities must name at least one group',
  emptyCapabilityItem: '--capabilities has an empty item',
  unknownCapabilityGroup: '--capabilities names an unknown group',
  repeatedCapabilityGroup: '--capabilities names a group more than once',
  standardOnlyCapabilityGroup: '--capabilities names a group only the standard profile serves (zotero-library)',
  missingProvider: 'missing provider name',
  unknownProvider: 'unknown provider',
  providerTakesNoKey: 'this provider takes no API key (openalex, semantic_scholar and pubmed do)',
  providerTakesNoEmail: 'this provider takes no email (openalex and crossref do)',
  notASearchProvider: 'the setup page shows search providers only (openalex, semantic_scholar, crossref, pubmed, arxiv)',
  missingAddress: 'missing email address',
  invalidAddress: 'the email address must be 1-320 characters with one @ between two non-empty parts, and no spaces',
} as const;

/** One of the static usage-error messages. */
export type UsageMessage = (typeof USAGE_MESSAGES)[keyof typeof USAGE_MESSAGES];
