import { z } from 'zod';
import type { ToolContract, ToolDefinition } from './tool-definition.js';
import type { CapabilityGroup } from '../../domain/shared/capability-groups.js';
import type { Revision } from './protocol-constants.js';

/** The twelve public tool names in their frozen order (SPEC §6.1). */
export const FROZEN_TOOL_ORDER = [
  'qiongli_config_status',
  'qiongli_save_provider_config',
  'qiongli_configure_provider',
  'qiongli_open_config_wizard',
  'qiongli_literature_status',
  'qiongli_search_plan',
  'qiongli_literature_search',
  'qiongli_literature_export_evidence',
  'qiongli_zotero_status',
  'qiongli_zotero_export_import_files',
  'qiongli_orchestrator_route',
  'qiongli_task_plan',
] as const;

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
 * frozen order. Fixed for the life of the process, so each revision's `tools` array is encoded
 * once and reused byte for byte.
 */
export class ToolRegistry {
  private readonly byName = new Map<string, ToolDefinition>();
  private readonly granted: ToolDefinition[];
  private describedTools: DescribedTool[] | undefined;
  private readonly encodedLists = new Map<string, string>();
  private readonly contracts = new Map<string, ToolContract>();
  private readonly loading = new Map<string, Promise<ToolContract>>();

  constructor(definitions: readonly ToolDefinition[], grants: ReadonlySet<CapabilityGroup>) {
    const order = new Map<string, number>(FROZEN_TOOL_ORDER.map((name, index) => [name, index]));
    const granted = definitions
      .filter((definition) => grants.has(definition.group) && order.has(definition.name))
      .sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
    for (const definition of granted) this.byName.set(definition.name, definition);
    this.granted = granted;
  }

  /**
   * A tool's contract: at once when already loaded (the hot path stays synchronous), else the
   * promise of its first load, shared by every caller meanwhile.
   */
  contractOf(tool: ToolDefinition): ToolContract | Promise<ToolContract> {
    const loaded = this.contracts.get(tool.name);
    if (loaded !== undefined) return loaded;
    let pending = this.loading.get(tool.name);
    if (pending === undefined) {
      pending = tool.load().then((contract) => {
        this.contracts.set(tool.name, contract);
        return contract;
      });
      this.loading.set(tool.name, pending);
    }
    return pending;
  }

  /** Wire descriptions, generated on the first `tools/list` (start-up does not pay for them). */
  private describe(): DescribedTool[] | Promise<DescribedTool[]> {
    if (this.describedTools !== undefined) return this.describedTools;
    const build = (contracts: readonly ToolContract[]): DescribedTool[] =>
      (this.describedTools ??= this.granted.map((definition, index) => ({
        name: definition.name,
        title: definition.title,
        description: definition.description,
        inputSchema: jsonSchemaOf((contracts[index] as ToolContract).input, 'input'),
        outputSchema: jsonSchemaOf((contracts[index] as ToolContract).output, 'output'),
        annotations: definition.annotations,
      })));
    return Promise.all(this.granted.map((definition) => this.contractOf(definition))).then(build);
  }

  /** A granted tool by public name; undefined for unknown and ungranted names alike. */
  find(name: string): ToolDefinition | undefined {
    return this.byName.get(name);
  }

  /**
   * The encoded `tools` array for a revision: `annotations` from 2025-03-26; `title` and
   * `outputSchema` only from 2025-06-18 (SPEC §5.3).
   */
  encodedToolsFor(revision: Revision): string | Promise<string> {
    const cached = this.encodedLists.get(revision);
    if (cached !== undefined) return cached;
    const described = this.describe();
    return described instanceof Promise ? described.then((tools) => this.encode(tools, revision)) : this.encode(described, revision);
  }

  private encode(described: readonly DescribedTool[], revision: Revision): string {
    const cached = this.encodedLists.get(revision);
    if (cached !== undefined) return cached;
    const withTitles = revision !== '2025-03-26';
    const tools = described.map((tool) =>
      withTitles
        ? tool
        : { name: tool.name, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations },
    );
    const encoded = JSON.stringify(tools);
    this.encodedLists.set(revision, encoded);
    return encoded;
  }
}
