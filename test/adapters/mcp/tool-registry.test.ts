import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ToolRegistry } from '../../../src/adapters/mcp/tool-registry.js';
import { FROZEN_TOOL_ORDER, TOOL_CATALOGUE, TOOL_NAMES, toolNamesOf, UseCaseId } from '../../../src/composition/tool-catalogue.js';
import { ALL_CAPABILITY_GROUPS, LITE_DEFAULT_GROUPS, STANDARD_ONLY_GROUPS } from '../../../src/domain/shared/capability-groups.js';
import { createContainer, ToolDefinitionsId } from '../../../src/index.js';
import { FakeConfigSource } from '../../fakes/config-source.fake.js';
import { FakeSecretStore } from '../../fakes/secret-store.fake.js';
import { FakeProviderClient } from '../../fakes/provider-client.fake.js';
import { controllableTool } from './connection-support.js';

const container = createContainer('lite', {
  configSource: FakeConfigSource.defaults(),
  secretStore: FakeSecretStore.unavailable(),
  providerClient: new FakeProviderClient(),
});
const definitions = container.get(ToolDefinitionsId);
/** The groups whose tools Lite serves: all but the Standard-only ones (each must grant at least one tool). */
const GROUPS_WITH_TOOLS = ALL_CAPABILITY_GROUPS.filter((group) => !(STANDARD_ONLY_GROUPS as readonly string[]).includes(group));
/** Standard's definitions: every public tool, the Standard-only groups' included. */
const standardDefinitions = createContainer('standard', { configSource: FakeConfigSource.defaults(), secretStore: FakeSecretStore.unavailable() }).get(
  ToolDefinitionsId,
);
const names = (registry: ToolRegistry, revision = '2025-06-18' as const) =>
  (JSON.parse(registry.encodedToolsFor(revision)) as { name: string }[]).map((tool) => tool.name);

describe('the tool registry (docs/tools.md#the-twelve-tools, docs/command-line.md#capability-groups)', () => {
  it("serves the definitions in the order it is given: the profile's, the frozen twelve first, then the opt-in tools", () => {
    const lite = new ToolRegistry(definitions, new Set(LITE_DEFAULT_GROUPS));
    assert.equal(FROZEN_TOOL_ORDER.length, 12);
    assert.deepEqual(names(lite), [...FROZEN_TOOL_ORDER]);
    const everything = new ToolRegistry(standardDefinitions, new Set(ALL_CAPABILITY_GROUPS));
    assert.deepEqual(names(everything), [...TOOL_NAMES]);
    assert.deepEqual(TOOL_NAMES.slice(0, 12), [...FROZEN_TOOL_ORDER]);
    const reversed = new ToolRegistry([...standardDefinitions].reverse(), new Set(ALL_CAPABILITY_GROUPS));
    assert.deepEqual(names(reversed), [...TOOL_NAMES].reverse());
    assert.deepEqual(
      names(new ToolRegistry(definitions, new Set(ALL_CAPABILITY_GROUPS))),
      TOOL_NAMES.filter((name) => name !== 'qiongli_zotero_save'),
    );
  });

  it('lists an opt-in group after the frozen twelve, which keep their order and places', () => {
    const registry = new ToolRegistry(definitions, new Set([...LITE_DEFAULT_GROUPS, 'graph']));
    assert.deepEqual(names(registry), [...FROZEN_TOOL_ORDER, 'qiongli_literature_references', 'qiongli_literature_citations']);
  });

  for (const group of GROUPS_WITH_TOOLS) {
    it(`grants exactly the tools of the ${group} group`, () => {
      const registry = new ToolRegistry(definitions, new Set([group]));
      assert.ok(toolNamesOf(group).length > 0);
      assert.deepEqual(names(registry), toolNamesOf(group));
      for (const name of FROZEN_TOOL_ORDER) assert.equal(registry.find(name) !== undefined, (toolNamesOf(group) as string[]).includes(name));
    });
  }

  it('grants the Standard-only zotero-library group its one tool in Standard, and nothing in Lite (which serves no such tool)', () => {
    assert.deepEqual(toolNamesOf('zotero-library'), ['qiongli_zotero_save']);
    assert.deepEqual(names(new ToolRegistry(standardDefinitions, new Set(['zotero-library']))), ['qiongli_zotero_save']);
    assert.deepEqual(names(new ToolRegistry(definitions, new Set(['zotero-library']))), []);
  });

  it('refuses two definitions under one name instead of dropping one', () => {
    const twin = controllableTool('qiongli_task_plan', () => undefined);
    assert.throws(() => new ToolRegistry([...definitions, twin], new Set(ALL_CAPABILITY_GROUPS)), /two tool definitions share one name/);
  });

  it('encodes each revision once and returns the very same string every time', () => {
    const registry = new ToolRegistry(definitions, new Set(ALL_CAPABILITY_GROUPS));
    const cache = (registry as unknown as { encodedLists: Map<boolean, string> }).encodedLists;
    const first = registry.encodedToolsFor('2026-07-28');
    const again = registry.encodedToolsFor('2026-07-28');
    // A fresh encoding would be equal but not the cached value: compare the cache itself.
    assert.equal(cache.get(true), first);
    assert.equal(again, first);
    assert.notEqual(registry.encodedToolsFor('2025-03-26'), first);
  });

  it('keeps one text for the revisions that show the same fields, and its own for a revision without titles (issue 24, row 11)', () => {
    const registry = new ToolRegistry(definitions, new Set(ALL_CAPABILITY_GROUPS));
    const cache = (registry as unknown as { encodedLists: Map<boolean, string> }).encodedLists;
    registry.encodeEveryRevision();
    // The single executable's snapshot held three equal 95 KB copies; now one per set of fields.
    assert.equal(cache.size, 2);
    for (const revision of ['2025-06-18', '2025-11-25', '2026-07-28'] as const) assert.equal(registry.encodedToolsFor(revision), cache.get(true), revision);
    const untitled = JSON.parse(registry.encodedToolsFor('2025-03-26')) as Record<string, unknown>[];
    assert.equal(cache.get(false), registry.encodedToolsFor('2025-03-26'));
    assert.ok(untitled.every((tool) => !('title' in tool) && !('outputSchema' in tool)));
    assert.ok((JSON.parse(cache.get(true) ?? '[]') as Record<string, unknown>[]).every((tool) => 'title' in tool && 'outputSchema' in tool));
  });

  it('after encodeEveryRevision serves every revision without reading a schema again, byte for byte as before', () => {
    let schemaReads = 0;
    const counted = definitions.map((definition) => ({
      ...definition,
      get input() {
        schemaReads++;
        return definition.input;
      },
      get output() {
        schemaReads++;
        return definition.output;
      },
    }));
    const fresh = new ToolRegistry(definitions, new Set(ALL_CAPABILITY_GROUPS));
    const prepared = new ToolRegistry(counted, new Set(ALL_CAPABILITY_GROUPS));
    prepared.encodeEveryRevision();
    assert.equal(schemaReads, 2 * counted.length, 'each schema read once, for every revision');
    schemaReads = 0;
    for (const revision of ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const) {
      assert.equal(prepared.encodedToolsFor(revision), fresh.encodedToolsFor(revision), revision);
    }
    assert.equal(schemaReads, 0);
    assert.equal((prepared as unknown as { describedTools: unknown }).describedTools, undefined, 'the wire descriptions are dropped');
  });

  it('gives every tool closed object schemas and the SPEC annotations', () => {
    const registry = new ToolRegistry(definitions, new Set(ALL_CAPABILITY_GROUPS));
    const tools = JSON.parse(registry.encodedToolsFor('2025-11-25')) as any[];
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.inputSchema.additionalProperties, false, tool.name);
      assert.equal(tool.outputSchema.type, 'object', tool.name);
      assert.equal(tool.inputSchema.$schema, undefined);
      const search = tool.name === 'qiongli_literature_search';
      const openWorld =
        search ||
        toolNamesOf('graph').includes(tool.name) ||
        tool.name === 'qiongli_literature_read_fulltext' ||
        tool.name === 'qiongli_literature_check_references';
      assert.deepEqual(tool.annotations, { readOnlyHint: true, destructiveHint: false, idempotentHint: !search, openWorldHint: openWorld }, tool.name);
      assert.ok(tool.title.length > 0 && tool.description.length > 40, tool.name);
    }
  });

  it('resolves the wizard alias to the same typed handler as configure (docs/tools.md#4-qiongli_open_config_wizard)', () => {
    const registry = new ToolRegistry(definitions, new Set(ALL_CAPABILITY_GROUPS));
    assert.equal(registry.find('qiongli_open_config_wizard')!.input, registry.find('qiongli_configure_provider')!.input);
    assert.equal(registry.find('qiongli_open_config_wizard')!.run, registry.find('qiongli_configure_provider')!.run);
    assert.notEqual(registry.find('qiongli_task_plan')!.run, registry.find('qiongli_configure_provider')!.run);
  });

  it('builds one definition per catalogue entry from the use case the container binds', () => {
    assert.deepEqual(
      definitions.map((definition) => definition.name),
      TOOL_CATALOGUE.map((entry) => entry.name),
    );
    assert.equal(definitions.find((definition) => definition.name === 'qiongli_search_plan')!.input, container.get(UseCaseId.searchPlan).input);
  });
});
