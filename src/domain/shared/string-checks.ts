import { z } from 'zod';
import { isBlank, utf8ByteLength } from './text-bounds.js';

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
  /** Maximum length; in UTF-8 bytes when `unit` is `bytes`, else in characters. */
  readonly max: number;
  readonly unit: 'bytes' | 'characters';
  /** Whether the bound applies to the trimmed value (default: the raw value). */
  readonly measureTrimmed?: boolean;
  /** Whether a blank value is refused. */
  readonly nonBlank: boolean;
}

/**
 * A zod string schema with static messages per check. The JSON Schema it produces carries the
 * type (and `maxLength` for character bounds); byte bounds are checked by a refinement.
 */
export function boundedString(bounds: StringBounds, messages: StringMessages) {
  let schema = z.string({
    error: (issue) => (issue.input === undefined && messages.missing ? messages.missing : messages.type),
  });
  if (bounds.nonBlank) {
    const blank = messages.blank ?? messages.type;
    schema = schema.min(1, { error: blank }).refine((value) => !isBlank(value), { error: blank, abort: true });
  }
  if (bounds.unit === 'characters' && !bounds.measureTrimmed) return schema.max(bounds.max, { error: messages.tooLong });
  const measured = (value: string) => (bounds.measureTrimmed ? value.trim() : value);
  return schema.refine((value) => measure(measured(value), bounds.unit) <= bounds.max, { error: messages.tooLong });
}

const measure = (value: string, unit: StringBounds['unit']): number =>
  unit === 'bytes' ? utf8ByteLength(value) : value.length;
