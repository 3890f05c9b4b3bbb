import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asciiJson } from '../../../src/adapters/mcp/ascii-json.js';

describe('asciiJson: the same JSON value in ASCII', () => {
  it('escapes every non-ASCII unit, surrogate pairs and lone surrogates included, keeping the value', () => {
    const value = { clé: 'year (1000–9999) 📚 \ud800 end', plain: 'ascii "quoted" \\ text' };
    const text = asciiJson(JSON.stringify(value));
    assert.match(text, /^[\x00-\x7f]*$/);
    assert.deepEqual(JSON.parse(text), value);
    assert.ok(text.includes('\\u2013'), 'the en dash is escaped');
  });

  it('leaves an ASCII text as it is', () => {
    const text = JSON.stringify({ a: [1, 'b', null] });
    assert.equal(asciiJson(text), text);
  });
});
