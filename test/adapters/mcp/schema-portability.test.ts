import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALL_CAPABILITY_GROUPS, LITE_DEFAULT_GROUPS } from '../../../src/domain/shared/capability-groups.js';
import { createContainer, ToolRegistryId } from '../../../src/index.js';

/** Keywords that constrain a value (as the registry's own check lists them). */
const CONSTRAINING = ['type', 'anyOf', 'oneOf', 'allOf', 'not', 'enum', 'const', '$ref', 'properties', 'items'];

/** Paths of every sub-schema of `schema` that constrains nothing (`{}` or a description alone). */
function unconstrained(schema: Record<string, unknown>, path: string, found: string[]): string[] {
  const visit = (sub: unknown, at: string): void => {
    if (sub === null || typeof sub !== 'object' || Array.isArray(sub)) return;
    const node = sub as Record<string, unknown>;
    if (!CONSTRAINING.some((keyword) => keyword in node)) found.push(at);
    unconstrained(node, at, found);
  };
  for (const key of ['additionalProperties', 'items', 'not']) visit(schema[key], `${path}.${key}`);
  for (const key of ['properties', '$defs'])
    for (const [name, sub] of Object.entries((schema[key] as Record<string, unknown> | undefined) ?? {})) visit(sub, `${path}.${key}.${name}`);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'])
    ((schema[key] as unknown[] | undefined) ?? []).forEach((sub, index) => visit(sub, `${path}.${key}.${index}`));
  return found;
}

// Inspector 2.12 `--strict` warned 17 times on tools 8 and 10 (issue 19); the interop-lts suite
// runs it on the pinned Node, this checks the same on every tool of every group, on any Node.
describe('tool schemas constrain every value they describe (issue 19)', () => {
  for (const grants of [new Set(LITE_DEFAULT_GROUPS), new Set(ALL_CAPABILITY_GROUPS)]) {
    it(`no sub-schema of the ${grants.size} granted groups' tools is {} or a bare description`, () => {
      const registry = createContainer('lite', { grants }).get(ToolRegistryId);
      const tools = JSON.parse(registry.encodedToolsFor('2025-06-18')) as {
        name: string;
        inputSchema: Record<string, unknown>;
        outputSchema?: Record<string, unknown>;
      }[];
      assert.ok(tools.length >= 12);
      const found: string[] = [];
      for (const tool of tools) {
        unconstrained(tool.inputSchema, `${tool.name}.inputSchema`, found);
        if (tool.outputSchema) unconstrained(tool.outputSchema, `${tool.name}.outputSchema`, found);
      }
      assert.deepEqual(found, []);
    });
  }

  it('the check finds the empty sub-schemas zod writes (guards against a vacuous test)', () => {
    assert.deepEqual(unconstrained({ type: 'object', additionalProperties: {}, properties: { a: { description: 'x' } } }, 's', []), [
      's.additionalProperties',
      's.properties.a',
    ]);
  });
});
