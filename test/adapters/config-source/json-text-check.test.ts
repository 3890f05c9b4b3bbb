import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findDuplicateKey, JSON_MISTAKES, locateJsonSyntaxError, MAX_NESTING, positionOf } from '../../../src/adapters/config-source/json-text-check.js';

/** [text, the mistake, line, column] — each text is refused by JSON.parse. */
const CASES: [string, string, number, number][] = [
  ['{"a": 1,}', JSON_MISTAKES.trailingComma, 1, 9],
  ['[1, 2,\n]', JSON_MISTAKES.trailingComma, 2, 1],
  ['{"a": [1,]}', JSON_MISTAKES.trailingComma, 1, 10],
  ['{\n  "a": 1 // note\n}', JSON_MISTAKES.comment, 2, 10],
  ['/* head */ {}', JSON_MISTAKES.comment, 1, 1],
  ['{"a": /* x */ 1}', JSON_MISTAKES.comment, 1, 7],
  ['{}\n// tail', JSON_MISTAKES.comment, 2, 1],
  ["{'a': 1}", JSON_MISTAKES.singleQuote, 1, 2],
  ['{"a": \'x\'}', JSON_MISTAKES.singleQuote, 1, 7],
  ['{a: 1}', JSON_MISTAKES.unquotedKey, 1, 2],
  ['{"a": 1, b: 2}', JSON_MISTAKES.unquotedKey, 1, 10],
  ['{"a": 1 "b": 2}', JSON_MISTAKES.missingComma, 1, 9],
  ['[1 2]', JSON_MISTAKES.missingComma, 1, 4],
  ['{"a" 1}', JSON_MISTAKES.missingColon, 1, 6],
  ['{"a": 1', JSON_MISTAKES.unexpectedEnd, 1, 8],
  ['', JSON_MISTAKES.unexpectedEnd, 1, 1],
  // The parser points at the string that is broken (its opening quote), not at the end of the line.
  ['{"a": "open', JSON_MISTAKES.unclosedString, 1, 7],
  ['{} {}', JSON_MISTAKES.trailingText, 1, 4],
  ['{"a": "x\ty"}', JSON_MISTAKES.controlCharacter, 1, 7],
  ['{"a": "\\q"}', JSON_MISTAKES.badEscape, 1, 7],
  ['{"a": "\\u12"}', JSON_MISTAKES.badEscape, 1, 7],
  ['{"a": 01}', JSON_MISTAKES.missingComma, 1, 8],
  ['{"a": -x}', JSON_MISTAKES.badNumber, 1, 7],
  ['{"a": 1.}', JSON_MISTAKES.badNumber, 1, 7],
  ['{"a": True}', JSON_MISTAKES.badLiteral, 1, 7],
  ['{"a": }', JSON_MISTAKES.unexpected, 1, 7],
  ['{"a": 1\u00a0}', JSON_MISTAKES.badWhitespace, 1, 8],
  ['{"中文": 1,}', JSON_MISTAKES.trailingComma, 1, 10],
  ['{\n"😀": 1,,}', JSON_MISTAKES.unexpected, 2, 8],
];

describe('where a settings text stops being JSON (qiongli config check, docs/configuration.md)', () => {
  for (const [text, detail, line, column] of CASES) {
    it(`finds ${detail} in ${JSON.stringify(text)} at ${line}:${column}`, () => {
      assert.throws(() => JSON.parse(text), 'the case must be invalid JSON');
      assert.deepEqual(locateJsonSyntaxError(text), { kind: 'syntax', detail, at: { line, column } });
    });
  }

  it(`stops following nesting deeper than ${MAX_NESTING} levels, without overflowing the stack, however long the text`, () => {
    const deep = '['.repeat(64 * 1024);
    assert.deepEqual(locateJsonSyntaxError(deep), { kind: 'too-deep', detail: JSON_MISTAKES.tooDeep, at: { line: 1, column: MAX_NESTING + 1 } });
    const fine = `${'['.repeat(MAX_NESTING)}1${']'.repeat(MAX_NESTING - 1)}`;
    assert.deepEqual(locateJsonSyntaxError(fine), { kind: 'syntax', detail: JSON_MISTAKES.unexpectedEnd, at: { line: 1, column: 2 * MAX_NESTING + 1 } });
  });

  it('counts columns in characters, and lines from 1', () => {
    assert.deepEqual(positionOf('ab\n😀x', 5), { line: 2, column: 2 }, 'x follows one character, the astral 😀');
    assert.deepEqual(positionOf('x', 0), { line: 1, column: 1 });
    assert.deepEqual(positionOf('\n\nx', 2), { line: 3, column: 1 });
  });
});

describe('duplicate JSON keys (docs/configuration.md)', () => {
  it('finds duplicate keys at the top level, nested, inside arrays and after escapes, where the second one is', () => {
    const duplicates: [string, string, number, number][] = [
      ['{"a":1,"a":2}', 'a', 1, 8],
      ['{"a":1,"\\u0061":2}', 'a', 1, 8],
      ['{"\\u0041b":1,"Ab":2}', 'Ab', 1, 14],
      ['{"\\"":1,"\\u0022":2}', '"', 1, 9],
      ['{"x":{"b":true,"c":false,"b":true}}', 'b', 1, 26],
      ['{"x":[{"k":1},{"k":1,"k":2}]}', 'k', 1, 22],
      ['{ "a" : 1 ,\n\t"a" : 1 }', 'a', 2, 2],
      ['{"😀":1,"\\ud83d\\ude00":2}', '😀', 1, 8],
    ];
    for (const [text, key, line, column] of duplicates) {
      JSON.parse(text);
      assert.deepEqual(
        findDuplicateKey(text),
        { kind: 'duplicate-key', detail: `the key ${JSON.stringify(key)} appears twice in one object`, at: { line, column } },
        text,
      );
    }
  });

  it('accepts equal keys in different objects and equal string values', () => {
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
      assert.equal(findDuplicateKey(text), undefined, text);
    }
  });

  it('reports nesting too deep to follow instead of overflowing the stack', () => {
    const depth = 13_000; // a 64 KiB document holds at most about this many {"a": levels
    const deep = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    JSON.parse(deep);
    assert.deepEqual(findDuplicateKey(deep), { kind: 'too-deep', detail: JSON_MISTAKES.tooDeep, at: { line: 1, column: 5 * MAX_NESTING + 1 } });
  });
});
