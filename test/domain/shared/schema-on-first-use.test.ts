import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { forgetBuiltSchemas, schemaOnFirstUse } from '../../../src/domain/shared/schema-on-first-use.js';
import { routePreviewInput } from '../../../src/domain/route-preview/route-preview.js';

describe('schemas built on first use (docs/runtime.md)', () => {
  it('builds nothing until the first use, then returns the same schema at every use', () => {
    let builds = 0;
    const schema = schemaOnFirstUse(() => {
      builds++;
      return z.strictObject({ name: z.string() });
    });
    assert.equal(builds, 0);
    const first = schema();
    assert.equal(schema(), first);
    assert.equal(builds, 1);
    assert.deepEqual(first.parse({ name: 'x' }), { name: 'x' });
  });

  it('builds a schema again after forgetBuiltSchemas, with the same verdicts and the same JSON Schema', () => {
    const before = routePreviewInput();
    const jsonBefore = JSON.stringify(z.toJSONSchema(before, { io: 'input' }));
    let builds = 0;
    const counted = schemaOnFirstUse(() => {
      builds++;
      return z.string();
    });
    counted();
    forgetBuiltSchemas();
    const after = routePreviewInput();
    assert.notEqual(after, before, 'a new schema object');
    assert.equal(routePreviewInput(), after, 'then kept again');
    assert.equal(JSON.stringify(z.toJSONSchema(after, { io: 'input' })), jsonBefore);
    for (const args of [{ request: 'find reviews' }, { request: '' }, { request: 'x', platform: 'vms' }, { request: 'x', extra: 1 }, {}]) {
      assert.deepEqual(
        after.safeParse(args).error?.issues.map((issue) => issue.message),
        before.safeParse(args).error?.issues.map((issue) => issue.message),
      );
    }
    counted();
    assert.equal(builds, 2);
  });
});
