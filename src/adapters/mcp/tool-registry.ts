import { asciiJson } from './ascii-json.js';
import * as z from 'zod';
import type { ToolDefinition } from './tool-definition.js';
import type { CapabilityGroup } from '../../domain/shared/capability-groups.js';
import type { Revision } from './protocol-constants.js';
import { TOOL_CATALOGUE, TOOL_NAMES } from './tool-catalogue.js';
import { LITE_DEFAULT_GROUPS } from '../../domain/shared/capability-groups.js';
import { REVISION_TRAITS, traitsOf } from './revisions.js';

/** The frozen twelve in their frozen order: the tools of Lite's default groups, in the catalogue's order. */
export const FROZEN_TOOL_ORDER = TOOL_CATALOGUE.filter((entry) => (LITE_DEFAULT_GROUPS as readonly string[]).includes(entry.group)).map((entry) => entry.name);

/** JSON Schema generated from a zod schema, without `$schema` so every client dialect accepts it. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const generated = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as Record<string, unknown>;
  delete generated.$schema;
  return generated;
}

/** How a tool is described on the wire, before projection to a revision. */
interface DescribedTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly outputSchema: Record<string, unknown>;
  readonly annotations: ToolDefinition['annotations'];
}

/**
 * The tools this process serves: the implemented definitions granted by `--capabilities`, in
 * the frozen order of the tool catalogue. Fixed for the life of the process, so each revision's
 * `tools` array is encoded once and reused byte for byte. A definition whose name is not in the
 * catalogue is a programming error and throws: it is never dropped silently.
 */
export class ToolRegistry {
  private readonly byName = new Map<string, ToolDefinition>();
  private readonly granted: ToolDefinition[];
  private describedTools: DescribedTool[] | undefined;
  private readonly encodedLists = new Map<string, string>();

  constructor(definitions: readonly ToolDefinition[], grants: ReadonlySet<CapabilityGroup>) {
    const order = new Map<string, number>(TOOL_NAMES.map((name, index) => [name, index]));
    if (definitions.some((definition) => !order.has(definition.name))) throw new Error('a tool definition is not in the tool catalogue');
    const granted = definitions.filter((definition) => grants.has(definition.group)).sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
    for (const definition of granted) this.byName.set(definition.name, definition);
    this.granted = granted;
  }

  /** Wire descriptions, generated on the first `tools/list` (start-up does not pay for them). */
  private get described(): DescribedTool[] {
    this.describedTools ??= this.granted.map((definition) => ({
      name: definition.name,
      title: definition.title,
      description: definition.description,
      inputSchema: jsonSchemaOf(definition.input, 'input'),
      outputSchema: jsonSchemaOf(definition.output, 'output'),
      annotations: definition.annotations,
    }));
    return this.describedTools;
  }

  /** A granted tool by public name; undefined for unknown and ungranted names alike. */
  find(name: string): ToolDefinition | undefined {
    return this.byName.get(name);
  }

  /**
   * The encoded `tools` array for a revision: `annotations` from 2025-03-26; `title` and
   * `outputSchema` only from 2025-06-18 (docs/protocol.md#the-legacy-era).
   */
  encodedToolsFor(revision: Revision): string {
    const cached = this.encodedLists.get(revision);
    if (cached !== undefined) return cached;
    const withTitles = traitsOf(revision).titles;
    const tools = this.described.map((tool) =>
      withTitles ? tool : { name: tool.name, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations },
    );
    const encoded = asciiJson(JSON.stringify(tools));
    this.encodedLists.set(revision, encoded);
    return encoded;
  }

  /**
   * Encodes the `tools` array of every revision now and drops the wire descriptions they were
   * encoded from (and so every reference to their JSON Schemas): afterwards `tools/list` needs
   * no schema at all. The single executable's start-up snapshot is taken after this
   * (docs/runtime.md).
   */
  encodeEveryRevision(): void {
    for (const revision of Object.keys(REVISION_TRAITS) as Revision[]) this.encodedToolsFor(revision);
    this.describedTools = undefined;
  }
}
