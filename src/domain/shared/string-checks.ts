import * as z from 'zod';
import { isBlank, utf8ByteLength, withinCharacters } from './text-bounds.js';

/** Static messages of one string argument. */
export interface StringMessages {
  /** The key is absent (only for required strings). */
  readonly missing?: string;
  /** The value is not a string. */
  readonly type: string;
  /** The value is blank (only when blank is refused). */
  readonly blank?: string;
  /** The value is over its bound. */
  readonly tooLong: string;
}

/** How a string argument is bounded. */
export interface StringBounds {
  /**
   * Maximum length; in UTF-8 bytes when `unit` is `bytes`, else in characters: Unicode code
   * points, the unit of docs/tools.md#per-tool-contracts ("bounds are in characters") and of
   * JSON Schema `maxLength`, so the advertised schema and the validation agree.
   */
  readonly max: number;
  readonly unit: 'bytes' | 'characters';
  /** Whether the bound applies to the trimmed value (default: the raw value). */
  readonly measureTrimmed?: boolean;
  /** Whether a blank value is refused. */
  readonly nonBlank: boolean;
}

/**
 * The one builder of bounded string arguments: a zod string schema with one static message per
 * check. The JSON Schema it produces carries the type, `minLength: 1` when blank is refused and
 * `maxLength` for character bounds on the raw value; byte bounds are checked by a refinement.
 */
export function boundedString(bounds: StringBounds, messages: StringMessages) {
  let schema = z.string({
    error: (issue) => (issue.input === undefined && messages.missing ? messages.missing : messages.type),
  });
  if (bounds.nonBlank) {
    const blank = messages.blank ?? messages.type;
    schema = schema.min(1, { error: blank }).refine((value) => !isBlank(value), { error: blank, abort: true });
  }
  const measured = (value: string) => (bounds.measureTrimmed ? value.trim() : value);
  if (bounds.unit === 'bytes') return schema.refine((value) => utf8ByteLength(measured(value)) <= bounds.max, { error: messages.tooLong });
  const bounded = schema.refine((value) => withinCharacters(measured(value), bounds.max), { error: messages.tooLong });
  return bounds.measureTrimmed ? bounded : bounded.meta({ maxLength: bounds.max });
}
