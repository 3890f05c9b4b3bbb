import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { canonicalRedactedJson } from '../../../src/domain/evidence-snapshot/canonical-json.js';
import { sortStepwise } from '../../../src/domain/evidence-snapshot/sort-stepwise.js';
import { redactCredentials } from '../../../src/domain/shared/redaction.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';

/** The reference reading: redact, then write every object with its keys sorted as text. */
function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  const object = value as Record<string, unknown>;
  return `{${Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${reference(object[key])}`)
    .join(',')}}`;
}

describe('canonical evidence JSON, written stepwise', () => {
  it('equals sorting every object’s keys as text after evidence redaction (property)', () => {
    const keys = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('api_key', 'token', 'password', '10', '9', '__proto__', 'Title', 'é'));
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 0 }),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(keys, tie('value'), { maxKeys: 5 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        assert.equal(finishNow(canonicalRedactedJson(value, 'evidence')), reference(redactCredentials(value, 'evidence')));
      }),
      { numRuns: 1000 },
    );
  });

  it('orders integer-like keys as text too, which no object key order can do', () => {
    const text = finishNow(canonicalRedactedJson({ 9: 'a', 10: 'b', b: 1, A: 2 }, 'standard'));
    assert.equal(text, '{"10":"b","9":"a","A":2,"b":1}');
  });

  it('sorts many keys stepwise, in many short steps, to the order of Array.prototype.sort', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 4 }), { maxLength: 5000 }), (items) => {
        assert.deepEqual(finishNow(sortStepwise(items)), [...items].sort());
      }),
      { numRuns: 50 },
    );
    const many = Array.from({ length: 100_000 }, (_, index) => `key_${(index * 7919) % 100_000}`);
    const task = sortStepwise(many);
    let pauses = 0;
    let step = task.next();
    for (; !step.done; step = task.next()) pauses += 1;
    assert.ok(pauses > 50, `${pauses} pauses`);
    assert.deepEqual(step.value, [...many].sort());
  });
});
