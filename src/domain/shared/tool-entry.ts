import type { CapabilityGroup } from './capability-groups.js';

/** MCP tool annotations (docs/tools.md#the-twelve-tools): hints a host may act on, so they must tell the truth. */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/**
 * One public tool as a profile's catalogue states it: what `tools/list` says of it and which
 * capability group grants it. A tool slice (src/tools/) holds one; the MCP adapter serves it
 * with the use case the composition root built for it. Defaults, applied once when the adapter
 * builds its definition: `annotations` = read-only, local, idempotent; `inputBudget` =
 * `default` (256 KiB); `widenedBy` = none.
 */
export interface ToolEntry {
  readonly name: string;
  readonly title: string;
  /** What the model reads to choose and call the tool, in the profile that serves this entry. */
  readonly description: string;
  /** The capability group whose grant serves it (docs/command-line.md#capability-groups). */
  readonly group: CapabilityGroup;
  /** Largest encoded `tools/call` params: `default` 256 KiB, `bulk` 2 MiB (docs/protocol.md#admission). */
  readonly inputBudget?: 'default' | 'bulk';
  /**
   * The arguments that may take an answer past 40,000 characters of text, up to 100,000 (a
   * larger page, more variants; src/domain/shared/answer-budget.ts). Default none: every answer
   * of the tool stays under 40,000.
   */
  readonly widenedBy?: readonly string[];
  readonly annotations?: ToolAnnotations;
}
