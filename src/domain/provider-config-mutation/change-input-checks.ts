import { utf8ByteLength } from '../shared/text-bounds.js';
import type { ChangeRefusal } from './settings-change-outcome.js';

/** Largest API key accepted, in UTF-8 bytes (real keys are 20-100 characters). */
export const MAX_KEY_BYTES = 4096;
const MAX_EMAIL_CHARACTERS = 320;
// C0 controls (line breaks and NUL among them), DEL and C1 controls.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
const WHITESPACE = /\s/;

/**
 * Why `key` cannot be an API key, or `undefined`: empty, over {@link MAX_KEY_BYTES}, holding a
 * control character (a line break, NUL, an escape sequence), or with a space at either end (a
 * paste that caught one). The key itself never appears in what this returns.
 */
export function keyProblem(key: string): ChangeRefusal | undefined {
  if (key.length === 0) return 'key-empty';
  if (utf8ByteLength(key) > MAX_KEY_BYTES) return 'key-too-long';
  if (CONTROL_CHARACTER.test(key)) return 'key-control-character';
  if (key.trim() !== key) return 'key-surrounding-space';
  return undefined;
}

/**
 * Whether `email` can be a contact email: the settings rule (1-320 characters, no control
 * character) plus one `@` between two non-empty parts and no whitespace — a typing slip is
 * caught before it is saved.
 */
export function isContactEmail(email: string): boolean {
  const characters = [...email].length;
  if (characters < 1 || characters > MAX_EMAIL_CHARACTERS || CONTROL_CHARACTER.test(email) || WHITESPACE.test(email)) return false;
  const at = email.indexOf('@');
  return at > 0 && at === email.lastIndexOf('@') && at < email.length - 1;
}
