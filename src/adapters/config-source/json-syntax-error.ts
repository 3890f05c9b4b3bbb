import type { TextPosition } from './settings-problem.js';

/** Where a JSON text first goes wrong, and what the mistake looks like (for `qiongli config check`). */
export interface JsonSyntaxError {
  readonly at: TextPosition;
  readonly detail: string;
}

/** The mistakes {@link locateJsonSyntaxError} tells apart. Static words: no text of the file. */
export const JSON_MISTAKES = {
  comment: 'a comment (JSON has no comments)',
  trailingComma: 'a trailing comma before a closing brace or bracket',
  singleQuote: 'single quotes (JSON strings and keys use double quotes)',
  unquotedKey: 'a key without double quotes',
  missingComma: 'a missing comma between two entries',
  missingColon: 'a missing colon after a key',
  unexpectedEnd: 'the text ends too early (a brace, bracket or quote is not closed)',
  trailingText: 'more text after the end of the document',
  controlCharacter: 'a control character inside a string (write it as an escape such as \\n)',
  badEscape: 'an invalid escape sequence inside a string',
  badNumber: 'a malformed number',
  badLiteral: 'a word JSON does not know (only true, false and null)',
  unexpected: 'an unexpected character',
} as const;

type Frame = 'object' | 'array';
const WHITESPACE = /[ \t\n\r]/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/**
 * Finds the first syntax error of a text `JSON.parse` refused, with a plain description and its
 * line and column. Written here because V8's messages differ between Node versions, sometimes
 * omit the position and sometimes quote the text. Iterative: deep nesting cannot overflow the
 * stack. On a text that is valid JSON it reports the end of the text.
 */
export function locateJsonSyntaxError(text: string): JsonSyntaxError {
  const stack: Frame[] = [];
  let index = 0;
  const fail = (at: number, detail: string): JsonSyntaxError => ({ at: positionOf(text, at), detail });
  const skip = (): void => {
    while (index < text.length && WHITESPACE.test(text[index] ?? '')) index += 1;
  };
  /** Reads one value (or opens a container); a failure, or undefined when it went well. */
  const value = (): JsonSyntaxError | undefined => {
    skip();
    const char = text[index];
    if (char === undefined) return fail(index, JSON_MISTAKES.unexpectedEnd);
    if (char === '{' || char === '[') {
      stack.push(char === '{' ? 'object' : 'array');
      index += 1;
      return undefined;
    }
    if (char === '"') return string();
    if (char === "'") return fail(index, JSON_MISTAKES.singleQuote);
    if (char === '/') return fail(index, JSON_MISTAKES.comment);
    return token(
      char === '-' || (char >= '0' && char <= '9') ? NUMBER : LITERAL,
      char === '-' || (char >= '0' && char <= '9') ? JSON_MISTAKES.badNumber : JSON_MISTAKES.badLiteral,
    );
  };
  const token = (pattern: RegExp, mistake: string): JsonSyntaxError | undefined => {
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (match === null) return fail(index, /[A-Za-z]/.test(text[index] ?? '') || pattern === NUMBER ? mistake : JSON_MISTAKES.unexpected);
    index += match[0].length;
    return undefined;
  };
  const string = (): JsonSyntaxError | undefined => {
    index += 1;
    while (index < text.length) {
      const code = text.charCodeAt(index);
      if (code === 0x22) {
        index += 1;
        return undefined;
      }
      if (code < 0x20) return fail(index, JSON_MISTAKES.controlCharacter);
      if (code === 0x5c) {
        ESCAPE.lastIndex = index;
        const sequence = ESCAPE.exec(text);
        if (sequence === null) return fail(index, JSON_MISTAKES.badEscape);
        index += sequence[0].length;
      } else index += 1;
    }
    return fail(index, JSON_MISTAKES.unexpectedEnd);
  };
  /** Reads `"key" :` inside an object; `}` closes an empty object. */
  const key = (afterComma: boolean): JsonSyntaxError | undefined => {
    skip();
    const char = text[index];
    if (char === '}' && afterComma) return fail(index, JSON_MISTAKES.trailingComma);
    if (char === undefined) return fail(index, JSON_MISTAKES.unexpectedEnd);
    if (char === "'") return fail(index, JSON_MISTAKES.singleQuote);
    if (char === '/') return fail(index, JSON_MISTAKES.comment);
    if (char !== '"') return fail(index, /[A-Za-z_$]/.test(char) ? JSON_MISTAKES.unquotedKey : JSON_MISTAKES.unexpected);
    const failed = string();
    if (failed !== undefined) return failed;
    skip();
    if (text[index] === '/') return fail(index, JSON_MISTAKES.comment);
    if (text[index] !== ':') return fail(index, text[index] === undefined ? JSON_MISTAKES.unexpectedEnd : JSON_MISTAKES.missingColon);
    index += 1;
    return undefined;
  };

  let failed = value();
  while (failed === undefined) {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      skip();
      return index < text.length
        ? fail(index, text[index] === '/' ? JSON_MISTAKES.comment : JSON_MISTAKES.trailingText)
        : fail(index, JSON_MISTAKES.unexpectedEnd);
    }
    const opened = text[index - 1] === '{' || text[index - 1] === '[';
    skip();
    const char = text[index];
    const close = top === 'object' ? '}' : ']';
    if (char === close) {
      stack.pop();
      index += 1;
      continue;
    }
    if (opened) {
      failed = top === 'object' ? (key(false) ?? value()) : value();
      continue;
    }
    if (char === ',') {
      index += 1;
      skip();
      if (top === 'array' && text[index] === ']') return fail(index, JSON_MISTAKES.trailingComma);
      failed = top === 'object' ? (key(true) ?? value()) : value();
      continue;
    }
    if (char === undefined) return fail(index, JSON_MISTAKES.unexpectedEnd);
    if (char === '/') return fail(index, JSON_MISTAKES.comment);
    return fail(index, /["{[\dtfn-]/.test(char) ? JSON_MISTAKES.missingComma : JSON_MISTAKES.unexpected);
  }
  return failed;
}

/** The line and column (from 1; columns count characters, not UTF-16 units) of `index` in `text`. */
export function positionOf(text: string, index: number): TextPosition {
  const before = text.slice(0, index);
  const lineStart = before.lastIndexOf('\n') + 1;
  const line = before.split('\n').length;
  return { line, column: [...text.slice(lineStart, index)].length + 1 };
}
