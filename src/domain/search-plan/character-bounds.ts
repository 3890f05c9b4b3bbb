import { z } from 'zod';
import { isBlank } from '../shared/text-bounds.js';

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

/** Static messages of one character-bounded string. */
export interface TextMessages {
  /** The key is absent (only for required strings). */
  readonly missing?: string;
  /** The value is not a string. */
  readonly type: string;
  /** The value is blank (only when blank is refused). */
  readonly blank?: string;
  /** The value holds more characters than allowed. */
  readonly tooLong: string;
}

/**
 * A zod string bounded in characters (code points, measured on the raw value), optionally
 * refusing blank values, with one static message per check. Its JSON Schema carries
 * `type: "string"`, `maxLength` and, when blank is refused, `minLength: 1`.
 */
export function characterBoundedString(max: number, nonBlank: boolean, messages: TextMessages) {
  let schema = z.string({
    error: (issue) => (issue.input === undefined && messages.missing ? messages.missing : messages.type),
  });
  if (nonBlank) {
    const blank = messages.blank ?? messages.type;
    schema = schema.min(1, { error: blank }).refine((value) => !isBlank(value), { error: blank, abort: true });
  }
  return schema.refine((value) => withinCharacters(value, max), { error: messages.tooLong }).meta({ maxLength: max });
}

/** Most characters a working-directory hint (`cwd`) may hold (docs/tools.md#5-qiongli_literature_status, #6). */
export const MAX_CONTEXT_CHARACTERS = 4096;

/**
 * The optional `cwd` argument of literature status and search planning: a non-blank string of
 * at most 4096 characters. It is validated, then ignored: Lite reads no project directory.
 */
export const contextDirectory = () =>
  characterBoundedString(MAX_CONTEXT_CHARACTERS, true, {
    type: 'cwd must be a string',
    blank: 'cwd must not be empty',
    tooLong: 'cwd must be at most 4096 characters',
  }).describe('Working directory of the client, as a hint (at most 4096 characters). Validated, then ignored.');
