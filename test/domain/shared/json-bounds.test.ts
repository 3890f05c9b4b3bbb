import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { ARGUMENT_BOUND_MESSAGES, BULK_ARGUMENT_BOUNDS, exceededJsonBound, jsonStringBytes, measureJson } from '../../../src/domain/shared/json-bounds.js';

/** An object nested `levels` containers deep (`{"a":{"a":…{}}}`). */
const nestedObjects = (levels: number): unknown => {
  let value: unknown = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
};

describe('JSON bounds (docs/tools.md#8-qiongli_literature_export_evidence and #10)', () => {
  it('counts the outermost container as depth 1 and primitives as no depth', () => {
    assert.equal(measureJson('x').depth, 0);
    assert.equal(measureJson({}).depth, 1);
    assert.equal(measureJson({ a: [1, { b: [] }] }).depth, 4);
  });

  it('counts every object, array, string, number, boolean and null as one value', () => {
    assert.equal(measureJson({ a: [1, 'x', true, null, {}], b: [] }).values, 8);
    assert.equal(measureJson(7).values, 1);
  });

  it('measures exactly the UTF-8 bytes of the compact JSON encoding', () => {
    const value = { 'k"ey': ['é', '\u0000', '\uD800', 12.5, -0, false, null, '证'], e: {} };
    assert.equal(measureJson(value).bytes, Buffer.byteLength(JSON.stringify(value)));
  });

  it('measures every JSON value exactly as JSON.stringify encodes it (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const measured = measureJson(value);
        assert.equal(measured.bytes, Buffer.byteLength(JSON.stringify(value)));
        assert.equal(measured.exceeded, undefined);
      }),
      { numRuns: 300 },
    );
  });

  it('counts the bytes of a JSON-encoded string without encoding it: escapes, lone surrogates, UTF-8 widths (property)', () => {
    const units = fc.oneof(
      fc.constantFrom('"', '\\', '\b', '\t', '\n', '\f', '\r', '\u0000', '\u001f', '\u007f', '\u2028', '\ud800', '\udfff', '😀', 'é', '治'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.string({ unit: units, maxLength: 30 }), (text) => {
        assert.equal(jsonStringBytes(text), Buffer.byteLength(JSON.stringify(text)));
      }),
      { numRuns: 3000 },
    );
  });

  it('skips undefined object members and writes undefined array items as null, like JSON.stringify', () => {
    const value = { a: undefined, b: [undefined, 1] };
    assert.equal(measureJson(value).bytes, Buffer.byteLength(JSON.stringify(value)));
  });

  it('accepts 32 levels of nesting and reports depth at 33 (docs/tools.md#8-qiongli_literature_export_evidence, #10)', () => {
    assert.equal(exceededJsonBound(nestedObjects(32), BULK_ARGUMENT_BOUNDS), undefined);
    assert.equal(exceededJsonBound(nestedObjects(33), BULK_ARGUMENT_BOUNDS), 'depth');
  });

  it('accepts 100,000 values and reports the value count at 100,001 (docs/tools.md#8-qiongli_literature_export_evidence, #10)', () => {
    assert.equal(exceededJsonBound(new Array(99_999).fill(0), BULK_ARGUMENT_BOUNDS), undefined);
    assert.equal(exceededJsonBound(new Array(100_000).fill(0), BULK_ARGUMENT_BOUNDS), 'values');
  });

  it('accepts exactly 2 MiB encoded and reports bytes one byte later (docs/tools.md#8-qiongli_literature_export_evidence, #10)', () => {
    const limit = 2 * 1024 * 1024;
    assert.equal(exceededJsonBound('x'.repeat(limit - 2), BULK_ARGUMENT_BOUNDS), undefined);
    assert.equal(exceededJsonBound('x'.repeat(limit - 1), BULK_ARGUMENT_BOUNDS), 'bytes');
  });

  it('walks without recursion: a million-deep nesting is measured without a stack overflow', () => {
    let deep: unknown = [];
    for (let i = 1; i < 1_000_000; i++) deep = [deep];
    assert.equal(measureJson(deep).depth, 1_000_000);
    assert.equal(exceededJsonBound(deep, BULK_ARGUMENT_BOUNDS), 'depth');
  });

  it('stops at the first bound crossed in document order', () => {
    const bounds = { maxDepth: 2, maxValues: 10, maxBytes: 20 };
    assert.equal(exceededJsonBound({ a: 'x'.repeat(30), b: [[]] }, bounds), 'bytes');
    assert.equal(exceededJsonBound({ b: [[]], a: 'x'.repeat(30) }, bounds), 'depth');
    const stopped = measureJson(new Array(1000).fill(0), { ...bounds, maxBytes: Infinity });
    assert.equal(stopped.exceeded, 'values');
    assert.equal(stopped.values, 11);
  });

  it('ends on a cyclic structure once the value bound is crossed', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = [cyclic];
    assert.equal(exceededJsonBound(cyclic, { maxDepth: Infinity, maxValues: 1000, maxBytes: Infinity }), 'values');
  });

  it('has static messages that name no input (docs/tools.md#results-and-errors)', () => {
    assert.deepEqual(ARGUMENT_BOUND_MESSAGES, {
      depth: 'arguments exceed the nesting limit',
      values: 'arguments exceed the value count limit',
      bytes: 'arguments exceed the byte limit',
    });
  });
});
