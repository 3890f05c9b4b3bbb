/**
 * Capability groups a `--capabilities` grant may name, in the order docs/command-line.md lists
 * them. Which tools a group grants is the MCP adapter's business (its tool catalogue): the
 * domain knows no public tool name.
 */
export const ALL_CAPABILITY_GROUPS = ['config', 'literature', 'evidence', 'zotero', 'orchestration', 'graph', 'fulltext', 'verify', 'zotero-library'] as const;

/** One capability group name. */
export type CapabilityGroup = (typeof ALL_CAPABILITY_GROUPS)[number];

/**
 * The groups Lite grants when `--capabilities` is absent: the frozen twelve tools. `graph`,
 * `fulltext` and `verify` are opt-in in Lite (docs/command-line.md#capability-groups).
 */
export const LITE_DEFAULT_GROUPS = ['config', 'literature', 'evidence', 'zotero', 'orchestration'] as const satisfies readonly CapabilityGroup[];

/**
 * The groups only the Standard profile serves: `zotero-library` writes into the person's Zotero
 * (SPEC §15), and Lite keeps the seed's "no library access". Naming one in Lite's
 * `--capabilities` is a usage error (docs/command-line.md#capability-groups).
 */
export const STANDARD_ONLY_GROUPS = ['zotero-library'] as const satisfies readonly CapabilityGroup[];

/** Whether a string names a capability group. */
export const isCapabilityGroup = (value: string): value is CapabilityGroup => (ALL_CAPABILITY_GROUPS as readonly string[]).includes(value);
