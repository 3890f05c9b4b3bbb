import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isCredentialKey, redactCredentials } from '../../../src/domain/shared/redaction.js';

describe('redaction copy on write (docs/tools.md#redaction)', () => {
  it('never mutates its input when it removes keys', () => {
    const input = { a: 1, nested: { keep: 'x', api_key: 'secret' }, list: [{ token: 't' }, { ok: true }] };
    const snapshot = JSON.stringify(input);
    const output = redactCredentials(input);
    assert.equal(JSON.stringify(input), snapshot);
    assert.deepEqual(output, { a: 1, nested: { keep: 'x' }, list: [{}, { ok: true }] });
  });

  it('returns clean parts as they are, without copying', () => {
    const clean = { title: 't', authors: [{ family: 'Doe' }] };
    const input = { clean, dirty: { password: 'p' } };
    const output = redactCredentials(input);
    assert.notEqual(output, input);
    assert.equal(output.clean, clean);
    assert.equal(redactCredentials(clean), clean);
  });

  it('keeps key order and a parsed __proto__ key as plain data', () => {
    const input = JSON.parse('{"z":1,"secret":2,"__proto__":{"x":1},"a":3}') as Record<string, unknown>;
    const output = redactCredentials(input);
    assert.deepEqual(Object.keys(output), ['z', '__proto__', 'a']);
    assert.equal(Object.getPrototypeOf(output), Object.prototype);
  });

  it('judges keys the same after the memo of verdicts has been cleared', () => {
    for (let index = 0; index < 5000; index++) isCredentialKey(`field_${index}`);
    assert.equal(isCredentialKey('refresh_token'), true);
    assert.equal(isCredentialKey('token_budget'), false);
    assert.equal(isCredentialKey('sessionCookie', 'evidence'), true);
    assert.equal(isCredentialKey('sessionCookie'), false);
  });
});
