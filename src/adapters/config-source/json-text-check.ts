import { printParseErrorCode, visit } from 'jsonc-parser';
import type { TextPosition } from '../../ports/config-source.port.js';
import { JSON_MISTAKES, MAX_NESTING, mistakeOf } from './json-mistakes.js';

export { JSON_MISTAKES, MAX_NESTING } from './json-mistakes.js';

/**
 * Where a settings text stops being JSON, and the keys it repeats, found by a maintained parser
 * (`jsonc-parser`, the one VS Code reads its own settings with) run in strict JSON mode: no
 * comments, no trailing commas. `JSON.parse` stays the judge of whether a text is JSON; this
 * module only explains a refusal and finds what `JSON.parse` silently accepts (a key twice).
 * Measured in bench/suites/settings-parse.mjs: a 64 KiB settings file takes a few milliseconds,
 * far inside the 50 ms step bound.
 */

/** A finding in the text, for `qiongli config check`: what it is and where (never a value of the file). */
export interface JsonTextFinding {
  /** `too-deep`: nested deeper than {@link MAX_NESTING}, where the checks stop following the text. */
  readonly kind: 'syntax' | 'duplicate-key' | 'too-deep';
  readonly detail: string;
  readonly at: TextPosition;
}

/** Thrown from a visitor callback to stop the parser at the first finding. */
const STOP = Symbol('stop');

/** Runs `visit` in strict JSON mode with a nesting bound; the first finding a callback records ends it. */
function visitStrict(text: string, visitor: Parameters<typeof visit>[1], found: () => JsonTextFinding | undefined): JsonTextFinding | undefined {
  let depth = 0;
  const deeper = (offset: number): void => {
    depth += 1;
    if (depth > MAX_NESTING) throw { [STOP]: { kind: 'too-deep', detail: JSON_MISTAKES.tooDeep, at: positionOf(text, offset) } };
  };
  try {
    visit(
      text,
      {
        ...visitor,
        onObjectBegin: (offset, ...rest) => {
          deeper(offset);
          visitor.onObjectBegin?.(offset, ...rest);
        },
        onArrayBegin: (offset, ...rest) => {
          deeper(offset);
          visitor.onArrayBegin?.(offset, ...rest);
        },
        onObjectEnd: (...args) => {
          depth -= 1;
          visitor.onObjectEnd?.(...args);
        },
        onArrayEnd: (...args) => {
          depth -= 1;
          visitor.onArrayEnd?.(...args);
        },
      },
      { disallowComments: true, allowTrailingComma: false },
    );
  } catch (error) {
    if (typeof error === 'object' && error !== null && STOP in error) return (error as { [STOP]: JsonTextFinding | undefined })[STOP] ?? found();
    throw error;
  }
  return found();
}

const stop = (): never => {
  throw { [STOP]: undefined };
};

/**
 * The first place a text that `JSON.parse` refused stops being JSON, with a plain description.
 * The parser's own error codes decide, with what it had just read (a comma, an opening brace)
 * telling a trailing comma or an unquoted key from other mistakes.
 */
export function locateJsonSyntaxError(text: string): JsonTextFinding {
  const containers: ('object' | 'array')[] = [];
  let afterComma = false;
  let afterOpen = false;
  let finding: JsonTextFinding | undefined;
  const mark = (comma: boolean, open: boolean): void => {
    afterComma = comma;
    afterOpen = open;
  };
  const result = visitStrict(
    text,
    {
      onObjectBegin: () => {
        containers.push('object');
        mark(false, true);
      },
      onArrayBegin: () => {
        containers.push('array');
        mark(false, true);
      },
      onObjectEnd: () => {
        containers.pop();
        mark(false, false);
      },
      onArrayEnd: () => {
        containers.pop();
        mark(false, false);
      },
      onObjectProperty: () => mark(false, false),
      onLiteralValue: () => mark(false, false),
      onSeparator: (separator) => mark(separator === ',', false),
      onError: (code, offset) => {
        const keyPlace = containers[containers.length - 1] === 'object' && (afterComma || afterOpen);
        finding = { kind: 'syntax', detail: mistakeOf(printParseErrorCode(code), text, offset, afterComma, keyPlace), at: positionOf(text, offset) };
        stop();
      },
    },
    () => finding,
  );
  // The parser's scanner allows exactly JSON's four whitespace characters, so it finds every
  // mistake JSON.parse refuses; should it find none, the end of the text is named.
  return result ?? { kind: 'syntax', detail: JSON_MISTAKES.unexpected, at: positionOf(text, text.length) };
}

/**
 * The first key that repeats within one object — `JSON.parse` silently keeps the last of two —
 * compared after decoding escapes (`{"a":1,"\u0061":2}` repeats `a`), with where it repeats.
 * Precondition: `text` is JSON. A text nested deeper than {@link MAX_NESTING} levels is a
 * finding too: the settings never nest so deep, and the parser would not follow it.
 */
export function findDuplicateKey(text: string): JsonTextFinding | undefined {
  const objects: (Set<string> | undefined)[] = [];
  let duplicate: JsonTextFinding | undefined;
  return visitStrict(
    text,
    {
      onObjectBegin: () => void objects.push(new Set()),
      onArrayBegin: () => void objects.push(undefined),
      onObjectEnd: () => void objects.pop(),
      onArrayEnd: () => void objects.pop(),
      onObjectProperty: (key, offset) => {
        const keys = objects[objects.length - 1];
        if (keys === undefined) return;
        if (keys.has(key)) {
          duplicate = {
            kind: 'duplicate-key',
            detail: `the key ${JSON.stringify(key.slice(0, 64))} appears twice in one object`,
            at: positionOf(text, offset),
          };
          stop();
        }
        keys.add(key);
      },
    },
    () => duplicate,
  );
}

/** The line and column (from 1; columns count characters, not UTF-16 units) of `index` in `text`. */
export function positionOf(text: string, index: number): TextPosition {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  return { line, column: [...text.slice(lineStart, index)].length + 1 };
}
