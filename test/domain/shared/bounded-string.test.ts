import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { boundedString } from '../../../src/domain/shared/string-checks.js';

const messages = { type: 'type', blank: 'blank', tooLong: 'too long' };
const errorOf = (schema: z.ZodType, value: unknown): string | undefined => schema.safeParse(value).error?.issues[0]?.message;

describe('the one bounded-string builder (docs/tools.md#per-tool-contracts: bounds are in characters)', () => {
  it('counts characters as code points, as JSON Schema maxLength does', () => {
    const schema = boundedString({ max: 3, unit: 'characters', nonBlank: true }, messages);
    assert.equal(errorOf(schema, '😀😀😀'), undefined);
    assert.equal(errorOf(schema, '😀😀😀😀'), 'too long');
    assert.equal(errorOf(schema, 'abcd'), 'too long');
    assert.equal((z.toJSONSchema(schema) as { maxLength?: number }).maxLength, 3);
  });

  it('counts bytes as UTF-8 and measures the trimmed value when asked', () => {
    const bytes = boundedString({ max: 4, unit: 'bytes', nonBlank: false }, messages);
    assert.equal(errorOf(bytes, '😀'), undefined);
    assert.equal(errorOf(bytes, '😀a'), 'too long');
    const trimmed = boundedString({ max: 2, unit: 'characters', nonBlank: true, measureTrimmed: true }, messages);
    assert.equal(errorOf(trimmed, '  ab  '), undefined);
    assert.equal(errorOf(trimmed, '   '), 'blank');
    assert.equal(errorOf(trimmed, 7), 'type');
  });
});
