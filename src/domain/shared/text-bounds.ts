const encoder = new TextEncoder();

/** UTF-8 byte length of a string (lone surrogates count as the 3 bytes of U+FFFD). */
export function utf8ByteLength(text: string): number {
  // Fast path: pure ASCII strings have one byte per code unit.
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  return ascii ? text.length : encoder.encode(text).length;
}

/**
 * Whether `text` holds at most `max` characters, counted as Unicode code points — the unit of
 * docs/tools.md#per-tool-contracts ("bounds are in characters") and of JSON Schema `maxLength`, so the advertised
 * schema and the validation agree even for characters outside the Basic Multilingual Plane.
 */
export function withinCharacters(text: string, max: number): boolean {
  if (text.length <= max) return true;
  if (text.length > 2 * max) return false;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A low surrogate that follows a high surrogate completes one code point already counted.
    const completesPair = unit >= 0xdc00 && unit <= 0xdfff && i > 0 && isHighSurrogate(text.charCodeAt(i - 1));
    if (!completesPair) count++;
    if (count > max) return false;
  }
  return true;
}

const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;

/** Whether a string is empty after trimming. */
export const isBlank = (text: string): boolean => text.trim().length === 0;
