import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FROZEN_TOOL_ORDER, ToolRegistry } from '../../../src/adapters/mcp/tool-registry.js';
import { liteTools } from '../../../src/composition/lite-tools.js';
import { ALL_CAPABILITY_GROUPS, CAPABILITY_GROUPS } from '../../../src/domain/shared/capability-groups.js';
import { FakeConfigSource } from '../../fakes/config-source.fake.js';
import { FakeSecretStore } from '../../fakes/secret-store.fake.js';
import { FakeProviderClient } from '../../fakes/provider-client.fake.js';

const definitions = liteTools({
  config: FakeConfigSource.defaults(),
  secrets: FakeSecretStore.unavailable(),
  providers: () => Promise.resolve(new FakeProviderClient()),
});
const names = (registry: ToolRegistry, revision = '2025-06-18' as const) =>
  (JSON.parse(registry.encodedToolsFor(revision)) as { name: string }[]).map((tool) => tool.name);

describe('the tool registry (docs/tools.md#the-twelve-tools, docs/command-line.md#capability-groups)', () => {
  it('serves the twelve tools in frozen order whatever order the definitions come in', () => {
    const registry = new ToolRegistry([...definitions].reverse(), new Set(ALL_CAPABILITY_GROUPS));
    assert.deepEqual(names(registry), [...FROZEN_TOOL_ORDER]);
  });

  for (const group of ALL_CAPABILITY_GROUPS) {
    it(`grants exactly the tools of the ${group} group`, () => {
      const registry = new ToolRegistry(definitions, new Set([group]));
      assert.deepEqual(names(registry), [...CAPABILITY_GROUPS[group]]);
      for (const name of FROZEN_TOOL_ORDER)
        assert.equal(registry.find(name) !== undefined, (CAPABILITY_GROUPS[group] as readonly string[]).includes(name));
    });
  }

  it('encodes each revision once and returns the same bytes every time', () => {
    const registry = new ToolRegistry(definitions, new Set(ALL_CAPABILITY_GROUPS));
    const first = registry.encodedToolsFor('2026-07-28');
    assert.equal(registry.encodedToolsFor('2026-07-28'), first);
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
      assert.deepEqual(tool.annotations, { readOnlyHint: true, destructiveHint: false, idempotentHint: !search, openWorldHint: search }, tool.name);
      assert.ok(tool.title.length > 0 && tool.description.length > 40, tool.name);
    }
  });

  it('resolves the wizard alias to the same typed handler as configure (docs/tools.md#4-qiongli_open_config_wizard)', () => {
    const registry = new ToolRegistry(definitions, new Set(ALL_CAPABILITY_GROUPS));
    assert.equal(registry.find('qiongli_open_config_wizard')!.input, registry.find('qiongli_configure_provider')!.input);
    assert.equal(registry.find('qiongli_open_config_wizard')!.run, registry.find('qiongli_configure_provider')!.run);
  });
});
