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

/** Whether a string is empty after trimming. */
export const isBlank = (text: string): boolean => text.trim().length === 0;
