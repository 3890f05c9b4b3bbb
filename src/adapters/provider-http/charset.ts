import { TextDecoder } from 'node:util';

/** Thrown (static message) for a `charset` no decoder knows. */
export class UnknownCharset extends Error {
  constructor() {
    super('unknown charset');
    this.name = 'UnknownCharset';
  }
}

/** windows-1252 bytes 0x80–0x9F (WHATWG index); the rest of the byte range maps to itself. */
const WINDOWS_1252_C1 = new Uint16Array([
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d, 0x017d, 0x008f, 0x0090, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
]);

// Made on first use, not when the module loads (a startup snapshot must not hold a decoder).
let utf16: TextDecoder | undefined;

/**
 * windows-1252, which the WHATWG Encoding Standard also uses for `latin1`, `iso-8859-1` and
 * `us-ascii`. Node 20's decoder for it treats 0x80–0x9F as C1 controls (ISO-8859-1), which
 * would turn the smart quotes and dashes such bodies carry into invisible characters; this one
 * maps them as browsers do. One linear pass over a typed array.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]!;
    units[index] = byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_C1[byte - 0x80]! : byte;
  }
  return (utf16 ??= new TextDecoder('utf-16le')).decode(units);
}

/** Decodes a body chunk by chunk, as the chunks arrive (a multi-byte character may span two). */
export interface ChunkDecoder {
  /** The text of one more chunk (an unfinished character waits for the next). */
  write(bytes: Uint8Array): string;
  /** The text still held back at the end of the body (U+FFFD for an unfinished character). */
  end(): string;
}

/**
 * The decoder of a `Content-Type`'s `charset` parameter (quoted or not), UTF-8 when there is
 * none: any label the WHATWG Encoding Standard knows. An unknown label → {@link UnknownCharset}.
 * Malformed byte sequences become U+FFFD; a byte order mark matching the encoding is dropped.
 * Streaming, so a 4 MiB body is never decoded in one long call.
 */
export function charsetDecoder(contentType: string): ChunkDecoder {
  const label = /;\s*charset\s*=\s*"?([^";\s]*)"?/iu.exec(contentType)?.[1] || 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    throw new UnknownCharset();
  }
  if (decoder.encoding === 'windows-1252') return { write: decodeWindows1252, end: () => '' };
  return { write: (bytes) => decoder.decode(bytes, { stream: true }), end: () => decoder.decode() };
}
