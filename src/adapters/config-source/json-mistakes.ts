/** The deepest nesting the settings checks follow: the settings use 3 levels; the parser recurses, so depth is bounded. */
export const MAX_NESTING = 64;

/** The mistakes told apart. Static words: no text of the file. */
export const JSON_MISTAKES = {
  comment: 'a comment (JSON has no comments)',
  trailingComma: 'a trailing comma before a closing brace or bracket',
  singleQuote: 'single quotes (JSON strings and keys use double quotes)',
  unquotedKey: 'a key without double quotes',
  missingComma: 'a missing comma between two entries',
  missingColon: 'a missing colon after a key',
  unexpectedEnd: 'the text ends too early (a brace or bracket is not closed)',
  unclosedString: 'a string that is never closed (its opening quote is here)',
  trailingText: 'more text after the end of the document',
  controlCharacter: 'a control character inside the string that starts here (write it as an escape such as \\n)',
  badEscape: 'an invalid escape sequence inside the string that starts here',
  badNumber: 'a malformed number',
  badLiteral: 'a word JSON does not know (only true, false and null)',
  badWhitespace: 'a space character JSON does not allow (only space, tab and line breaks)',
  tooDeep: `nesting deeper than ${MAX_NESTING} levels (the settings use 3)`,
  unexpected: 'an unexpected character',
} as const;

/** What the parser's error codes mean, where the code alone says it. */
const MISTAKE_OF_CODE: Readonly<Record<string, string>> = {
  InvalidCommentToken: JSON_MISTAKES.comment,
  CommaExpected: JSON_MISTAKES.missingComma,
  ColonExpected: JSON_MISTAKES.missingColon,
  EndOfFileExpected: JSON_MISTAKES.trailingText,
  UnexpectedEndOfString: JSON_MISTAKES.unclosedString,
  InvalidCharacter: JSON_MISTAKES.controlCharacter,
  InvalidEscapeCharacter: JSON_MISTAKES.badEscape,
  InvalidUnicode: JSON_MISTAKES.badEscape,
  UnexpectedEndOfNumber: JSON_MISTAKES.badNumber,
  InvalidNumberFormat: JSON_MISTAKES.badNumber,
};

/** The words for one parser error at `offset`, knowing what came just before it. */
export function mistakeOf(code: string, text: string, offset: number, afterComma: boolean, keyPlace: boolean): string {
  const char = text[offset];
  if (char === undefined) return JSON_MISTAKES.unexpectedEnd;
  if ((char === '}' || char === ']') && afterComma) return JSON_MISTAKES.trailingComma;
  const known = MISTAKE_OF_CODE[code];
  if (known !== undefined) return known;
  if (code !== 'InvalidSymbol') return JSON_MISTAKES.unexpected;
  if (char === "'") return JSON_MISTAKES.singleQuote;
  if (/\s/.test(char)) return JSON_MISTAKES.badWhitespace;
  if (/[A-Za-z_$]/.test(char)) return keyPlace ? JSON_MISTAKES.unquotedKey : JSON_MISTAKES.badLiteral;
  return /[-.\d]/.test(char) ? JSON_MISTAKES.badNumber : JSON_MISTAKES.unexpected;
}
