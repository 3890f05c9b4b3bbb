import { asciiJson } from './ascii-json.js';
import * as z from 'zod';
import type { ToolDefinition } from './tool-definition.js';
import type { CapabilityGroup } from '../../domain/shared/capability-groups.js';
import type { Revision } from './protocol-constants.js';
import { REVISION_TRAITS, traitsOf } from './revisions.js';
import { compactOutputSchema } from './compact-schema.js';

/**
 * JSON Schema generated from a zod schema, without `$schema` so every client dialect accepts it,
 * and with every unconstrained sub-schema spelled out (see {@link spellOutAnyValue}).
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const generated = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as Record<string, unknown>;
  delete generated.$schema;
  spellOutAnyValue(generated);
  return generated;
}

/** Every JSON type: the `type` of a value that may be anything (`integer` is a `number`). */
const ANY_JSON_TYPE = ['object', 'array', 'string', 'number', 'boolean', 'null'];

/** Keywords that constrain a value; a sub-schema with none of them accepts anything. */
const CONSTRAINING = ['type', 'anyOf', 'oneOf', 'allOf', 'not', 'enum', 'const', '$ref', 'properties', 'items'];

/**
 * Spells out every sub-schema that accepts any value (zod writes `{}` for the extra fields of a
 * loose object and for `z.unknown()`): `additionalProperties: {}` becomes `true`, any other such
 * sub-schema (a description alone) gets the `type` of every JSON type. Each accepts exactly what
 * it did. MCP Inspector 2.12 `--strict` reported 17 schemas that constrain nothing (tools 8 and
 * 10, issue 19); two portability notes on a `type` array remain (`abstract`, `retracted` of a
 * Zotero record, which accept any value by contract), since an `anyOf` of single types is read
 * as its first branch by LangChain's MCP adapter, which then refuses valid calls.
 */
function spellOutAnyValue(schema: Record<string, unknown>): void {
  const visit = (sub: unknown): void => {
    if (sub === null || typeof sub !== 'object' || Array.isArray(sub)) return;
    const node = sub as Record<string, unknown>;
    if (!CONSTRAINING.some((keyword) => keyword in node)) node['type'] = ANY_JSON_TYPE;
    spellOutAnyValue(node);
  };
  const extra = schema['additionalProperties'];
  if (extra !== null && typeof extra === 'object' && !Array.isArray(extra) && Object.keys(extra).length === 0) schema['additionalProperties'] = true;
  else visit(extra);
  for (const key of ['items', 'not']) visit(schema[key]);
  for (const key of ['properties', '$defs']) for (const sub of Object.values((schema[key] as Record<string, unknown> | undefined) ?? {})) visit(sub);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) for (const sub of (schema[key] as unknown[] | undefined) ?? []) visit(sub);
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
 * The tools this process serves: the definitions it is given (one per tool of the profile, in
 * the profile's order) that `--capabilities` grants, in that order. Fixed for the life of the
 * process, so each revision's `tools` array is encoded once and reused byte for byte. Two
 * definitions under one name are a programming error and throw: neither is dropped silently.
 */
export class ToolRegistry {
  private readonly byName = new Map<string, ToolDefinition>();
  private readonly granted: ToolDefinition[];
  private describedTools: DescribedTool[] | undefined;
  /** The encoded `tools` arrays, by whether they carry titles: revisions that show the same fields share one text. */
  private readonly encodedLists = new Map<boolean, string>();

  constructor(definitions: readonly ToolDefinition[], grants: ReadonlySet<CapabilityGroup>) {
    if (new Set(definitions.map((definition) => definition.name)).size !== definitions.length) throw new Error('two tool definitions share one name');
    const granted = definitions.filter((definition) => grants.has(definition.group));
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
      outputSchema: compactOutputSchema(jsonSchemaOf(definition.output, 'output')),
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
    const withTitles = traitsOf(revision).titles;
    // Keyed by what the revision shows, not by its name: three revisions show the same list, and
    // the single executable's snapshot held three equal copies of it, 95 KB each (issue 24, row 11).
    const cached = this.encodedLists.get(withTitles);
    if (cached !== undefined) return cached;
    const tools = this.described.map((tool) =>
      withTitles ? tool : { name: tool.name, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations },
    );
    const encoded = asciiJson(JSON.stringify(tools));
    this.encodedLists.set(withTitles, encoded);
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
