/**
 * 32-bit FNV-1a of a text's UTF-16 code units, continued from `hash` (start from 0x811c9dc5, or
 * another basis for a second, independent hash). A fingerprint for ids and cursor bindings: not
 * a secret and not a MAC.
 */
export function fnv1a(text: string, hash: number): number {
  let value = hash;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}
