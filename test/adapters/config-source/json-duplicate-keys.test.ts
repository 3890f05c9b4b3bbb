import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hasDuplicateKeys } from '../../../src/adapters/config-source/index.js';

describe('duplicate JSON keys (docs/configuration.md)', () => {
  it('finds duplicate keys at the top level, nested, inside arrays and after escapes (docs/configuration.md)', () => {
    const duplicates = [
      '{"a":1,"a":2}',
      '{"a":1,"\\u0061":2}',
      '{"\\u0041b":1,"Ab":2}',
      '{"\\"":1,"\\u0022":2}',
      '{"x":{"b":true,"c":false,"b":true}}',
      '{"x":[{"k":1},{"k":1,"k":2}]}',
      '{ "a" : 1 ,\n\t"a" : 1 }',
      '{"😀":1,"\\ud83d\\ude00":2}',
    ];
    for (const text of duplicates) {
      JSON.parse(text);
      assert.equal(hasDuplicateKeys(text), true, text);
    }
  });

  it('accepts equal keys in different objects and equal string values (docs/configuration.md)', () => {
    const clean = [
      '{}',
      '[]',
      '"a"',
      '{"a":{"a":{"a":1}}}',
      '{"a":"a","b":"a"}',
      '[{"a":1},{"a":1}]',
      '{"a":"x\\"y","b":"\\\\","c":"}{,"}',
      '{"a":1,"A":2,"a ":3}',
      '{"s":"\\u0061","a":1}',
      '{"x":{"a":1},"a":2}',
      '{"l":[1,"a",{"a":[]}],"a":null}',
    ];
    for (const text of clean) {
      JSON.parse(text);
      assert.equal(hasDuplicateKeys(text), false, text);
    }
  });

  it('scans deeply nested documents without overflowing the stack (docs/configuration.md)', () => {
    const depth = 20_000;
    const deep = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    assert.equal(hasDuplicateKeys(deep), false);
    const deepDuplicate = '{"a":'.repeat(depth) + '{"z":1,"z":2}' + '}'.repeat(depth);
    assert.equal(hasDuplicateKeys(deepDuplicate), true);
  });
});
