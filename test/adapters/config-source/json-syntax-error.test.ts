import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { JSON_MISTAKES, locateJsonSyntaxError, positionOf } from '../../../src/adapters/config-source/json-syntax-error.js';

/** [text, the mistake, line, column] — each text is refused by JSON.parse. */
const CASES: [string, string, number, number][] = [
  ['{"a": 1,}', JSON_MISTAKES.trailingComma, 1, 9],
  ['[1, 2,\n]', JSON_MISTAKES.trailingComma, 2, 1],
  ['{\n  "a": 1 // note\n}', JSON_MISTAKES.comment, 2, 10],
  ['/* head */ {}', JSON_MISTAKES.comment, 1, 1],
  ['{"a": /* x */ 1}', JSON_MISTAKES.comment, 1, 7],
  ['{}\n// tail', JSON_MISTAKES.comment, 2, 1],
  ["{'a': 1}", JSON_MISTAKES.singleQuote, 1, 2],
  ['{"a": \'x\'}', JSON_MISTAKES.singleQuote, 1, 7],
  ['{a: 1}', JSON_MISTAKES.unquotedKey, 1, 2],
  ['{"a": 1 "b": 2}', JSON_MISTAKES.missingComma, 1, 9],
  ['[1 2]', JSON_MISTAKES.missingComma, 1, 4],
  ['{"a" 1}', JSON_MISTAKES.missingColon, 1, 6],
  ['{"a": 1', JSON_MISTAKES.unexpectedEnd, 1, 8],
  ['', JSON_MISTAKES.unexpectedEnd, 1, 1],
  ['{"a": "open', JSON_MISTAKES.unexpectedEnd, 1, 12],
  ['{} {}', JSON_MISTAKES.trailingText, 1, 4],
  ['{"a": "x\ty"}', JSON_MISTAKES.controlCharacter, 1, 9],
  ['{"a": "\\q"}', JSON_MISTAKES.badEscape, 1, 8],
  ['{"a": 01}', JSON_MISTAKES.missingComma, 1, 8],
  ['{"a": -x}', JSON_MISTAKES.badNumber, 1, 7],
  ['{"a": True}', JSON_MISTAKES.badLiteral, 1, 7],
  ['{"a": }', JSON_MISTAKES.unexpected, 1, 7],
  ['{"中文": 1,}', JSON_MISTAKES.trailingComma, 1, 10],
];

describe('where a settings text stops being JSON (qiongli config check, docs/configuration.md)', () => {
  for (const [text, detail, line, column] of CASES) {
    it(`finds ${detail} in ${JSON.stringify(text)} at ${line}:${column}`, () => {
      assert.throws(() => JSON.parse(text), 'the case must be invalid JSON');
      assert.deepEqual(locateJsonSyntaxError(text), { detail, at: { line, column } });
    });
  }

  it('survives deep nesting without recursion', () => {
    const deep = `${'['.repeat(200_000)}1${']'.repeat(199_999)}`;
    assert.deepEqual(locateJsonSyntaxError(deep), { detail: JSON_MISTAKES.unexpectedEnd, at: { line: 1, column: 400_001 } });
  });

  it('counts columns in characters, and lines from 1', () => {
    assert.deepEqual(positionOf('ab\n😀x', 5), { line: 2, column: 2 }, 'x follows one character, the astral 😀');
    assert.deepEqual(positionOf('x', 0), { line: 1, column: 1 });
  });
});
