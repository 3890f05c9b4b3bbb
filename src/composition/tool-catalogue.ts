import { LITE_DEFAULT_GROUPS, type CapabilityGroup } from '../domain/shared/capability-groups.js';
import type { ToolEntry } from '../domain/shared/tool-entry.js';
import { LITE_TOOLS } from './profiles/lite.js';
import { STANDARD_TOOLS } from './profiles/standard.js';
import { useCaseIdsOf, useCaseToken, type UseCaseToken } from './tool-bindings.js';

export type { UseCaseToken } from './tool-bindings.js';

/**
 * Every use case a public tool can run, by name (docs/architecture.md#embedding): derived from
 * the profiles' slices. `container.get(UseCaseId.searchPlan)` resolves one; two tools may share
 * one (the wizard alias).
 */
export const UseCaseId = useCaseIdsOf([...LITE_TOOLS, ...STANDARD_TOOLS]);

/** One public tool name, in any profile. */
export type ToolName = (typeof LITE_TOOLS)[number]['entry']['name'] | (typeof STANDARD_TOOLS)[number]['entry']['name'];

/** A catalogue entry with the identifier of the use case it runs. */
export interface CatalogueEntry extends ToolEntry {
  readonly name: ToolName;
  /** The use case the tool runs. */
  readonly useCase: UseCaseToken;
}

/** Lite's catalogue, in the order of its `tools/list`, derived from its slices. */
export const TOOL_CATALOGUE: readonly CatalogueEntry[] = LITE_TOOLS.map((slice) => ({ ...slice.entry, useCase: useCaseToken(slice.useCase.name) }));

/** Every public tool of any profile, once, with its group: Lite's in order, then any a profile adds. */
const EVERY_TOOL: readonly { readonly name: ToolName; readonly group: CapabilityGroup }[] = [...LITE_TOOLS, ...STANDARD_TOOLS]
  .map((slice) => slice.entry)
  .filter((entry, index, all) => all.findIndex((other) => other.name === entry.name) === index);

/** The public tool names in frozen order. */
export const TOOL_NAMES: readonly ToolName[] = EVERY_TOOL.map((entry) => entry.name);

/** The frozen twelve: the tools Lite lists by default, in order. */
export const FROZEN_TOOL_ORDER: readonly ToolName[] = EVERY_TOOL.filter((entry) => (LITE_DEFAULT_GROUPS as readonly string[]).includes(entry.group)).map(
  (entry) => entry.name,
);

/** The tools a capability group grants, in frozen order (`--help` lists them). */
export const toolNamesOf = (group: CapabilityGroup): ToolName[] => EVERY_TOOL.filter((entry) => entry.group === group).map((entry) => entry.name);
