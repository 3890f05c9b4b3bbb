import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exceedsDepth } from '../../../src/adapters/mcp/json-depth.js';

const nested = (depth: number, kind: 'object' | 'array'): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = kind === 'object' ? { a: value } : [value];
  return value;
};

describe('nesting depth (docs/protocol.md#admission step 2)', () => {
  it('accepts 32 containers and refuses 33, for objects and arrays', () => {
    for (const kind of ['object', 'array'] as const) {
      assert.equal(exceedsDepth(nested(32, kind), 32), false, kind);
      assert.equal(exceedsDepth(nested(33, kind), 32), true, kind);
    }
  });

  it('counts primitives as no depth and finds a deep branch among shallow ones', () => {
    assert.equal(exceedsDepth('text', 0), false);
    assert.equal(exceedsDepth({ a: 1, b: [1, 2, { c: nested(40, 'array') }] }, 32), true);
    assert.equal(exceedsDepth({ a: 1, b: [1, 2, { c: nested(28, 'array') }] }, 32), false);
  });

  it('survives a value nested far deeper than any stack (stops at the bound)', () => {
    assert.equal(exceedsDepth(nested(1_000_000, 'array'), 32), true);
  });
});
