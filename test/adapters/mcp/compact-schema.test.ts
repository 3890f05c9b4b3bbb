import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { compactOutputSchema } from '../../../src/adapters/mcp/compact-schema.js';
import { configStatusOutput } from '../../../src/domain/config-status/config-status.js';
import { literatureSearchOutput } from '../../../src/domain/literature-search/literature-search-output.js';
import { literatureStatusOutput } from '../../../src/domain/literature-status/literature-status.js';
import { createContainer, ToolRegistryId } from '../../../src/index.js';
import { FakeConfigSource } from '../../fakes/config-source.fake.js';
import { FakeSecretStore } from '../../fakes/secret-store.fake.js';
import { FakeProviderClient } from '../../fakes/provider-client.fake.js';
import { aRecord } from '../../domain/literature-search/search-harness.js';
import { quietContext } from '../../support/use-cases.js';

type Json = Record<string, any>;

const generated = (schema: z.ZodType): Json => {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12' }) as Json;
  delete json['$schema'];
  return json;
};

/** Variants of a valid value that break it in one place each: a key removed, a key added, a value of another type. */
function* mutations(value: unknown, path: string[] = []): Generator<[string, unknown]> {
  if (value === null || typeof value !== 'object') return;
  const set = (target: Json, key: string, next: unknown): Json =>
    Array.isArray(target) ? Object.assign([...target], { [key]: next }) : { ...target, [key]: next };
  const at = (mutate: (node: Json) => unknown): unknown => {
    const rebuild = (node: any, depth: number): unknown =>
      depth === path.length ? mutate(node) : set(node, path[depth]!, rebuild(node[path[depth]!], depth + 1));
    return rebuild(rootValue, 0);
  };
  const node = value as Json;
  if (!Array.isArray(node)) {
    yield [`${path.join('.')}+extra`, at((target) => ({ ...target, unexpected: 1 }))];
    for (const key of Object.keys(node))
      yield [`${path.join('.')}-${key}`, at((target) => Object.fromEntries(Object.entries(target).filter(([name]) => name !== key)))];
  }
  for (const [key, child] of Object.entries(node)) {
    for (const wrong of [1.5, 'x', true, null]) yield [`${[...path, key].join('.')}=${String(wrong)}`, at((target) => set(target, key, wrong))];
    yield* mutations(child, [...path, key]);
  }
}
let rootValue: unknown;

/** Asserts the generated and the compact schema accept and refuse the same values: `valid` and every mutation of it. */
function assertSameVerdicts(schema: z.ZodType, valid: unknown): number {
  const ajv = new Ajv2020({ strict: false });
  const original = ajv.compile(generated(schema));
  const compact = ajv.compile(compactOutputSchema(generated(schema)));
  assert.equal(original(valid), true);
  assert.equal(compact(valid), true);
  rootValue = valid;
  let refused = 0;
  for (const [name, variant] of mutations(valid)) {
    assert.equal(compact(variant), original(variant), name);
    if (!original(variant)) refused += 1;
  }
  return refused;
}

describe('compact output schemas (docs/tools.md#the-tool-list)', () => {
  const container = createContainer('lite', { configSource: FakeConfigSource.defaults(), secretStore: FakeSecretStore.unavailable() });
  const registry = container.get(ToolRegistryId);
  const answer = async (name: string, args: Record<string, unknown> = {}) => {
    const tool = registry.find(name)!;
    const outcome = await tool.run(tool.input.parse(args), quietContext());
    assert.ok(outcome.ok);
    return JSON.parse(JSON.stringify(outcome.value));
  };

  it('accept and refuse exactly what the generated schemas do: config and literature status, every one-place break', async () => {
    assert.ok(assertSameVerdicts(configStatusOutput(), await answer('qiongli_config_status')) > 50);
    assert.ok(assertSameVerdicts(literatureStatusOutput(), await answer('qiongli_literature_status')) > 50);
  });

  it('accept and refuse exactly what the generated schema does: a search page with records, both plans', async () => {
    const client = new FakeProviderClient().respondWith('crossref', [
      aRecord('A paper', { doi: '10.1/a', year: 2020, authors: [{ family: 'Doe', given: 'J' }, { literal: 'Team' }], cited_by_count: 3, retracted: true }),
    ]);
    const search = createContainer('lite', { configSource: FakeConfigSource.defaults(), secretStore: FakeSecretStore.unavailable(), providerClient: client })
      .get(ToolRegistryId)
      .find('qiongli_literature_search')!;
    for (const include_plan of [false, true]) {
      const outcome = await search.run(search.input.parse({ query: 'paper', providers: ['crossref'], include_plan }), quietContext());
      assert.ok(outcome.ok);
      assert.ok(assertSameVerdicts(literatureSearchOutput(), JSON.parse(JSON.stringify(outcome.value))) > 100);
    }
  });

  it('say each repeated part once under $defs, drop descriptions, and keep every tool under its former size', () => {
    const tools = JSON.parse(createContainer('standard').get(ToolRegistryId).encodedToolsFor('2025-11-25')) as Json[];
    for (const tool of tools) {
      const text = JSON.stringify(tool.outputSchema);
      assert.doesNotMatch(text, /"description"/u, tool.name);
      assert.doesNotMatch(text, /9007199254740991/u, tool.name);
    }
    const references = tools.find((tool) => tool.name === 'qiongli_literature_references')!.outputSchema;
    // The work and every edge's record are one literature record, written once.
    assert.ok(Object.keys(references.$defs).length > 0);
    assert.equal((JSON.stringify(references).match(/"open_access_url"/gu) ?? []).length, 1);
  });

  it('turns a closed map whose keys are all required into minProperties, and names a shared part after where it is used', () => {
    const compact: Json = compactOutputSchema(
      generated(
        z.strictObject({
          a: z.record(z.enum(['x', 'y']), z.strictObject({ n: z.string(), m: z.string() })),
          b: z.strictObject({ n: z.string(), m: z.string() }),
        }),
      ),
    );
    assert.deepEqual(compact['properties'].a.minProperties, 2);
    assert.equal(compact['properties'].a.required, undefined);
    assert.deepEqual(Object.keys(compact['$defs']), ['a']);
  });
});
