import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { UnknownCharset, charsetDecoder, type ChunkDecoder } from './charset.js';

/** Largest piece of a body decoded in one call. */
const DECODE_BYTES = 256 * 1024;

/** The `Accept-Encoding` every provider request sends (docs/provider-data.md). */
export const ACCEPT_ENCODING = 'gzip, br';

/**
 * A decoded body as the pieces it was decoded in (each from at most {@link DECODE_BYTES} of
 * bytes, a character never split between two), in order. Joining them is one long copy (80–150
 * ms for 16 MiB on a slow machine), so a reader that can take pieces takes them.
 */
export type TextPieces = readonly string[];

/** A body's text, given whole or in pieces, as pieces. */
export const piecesOf = (text: string | TextPieces): TextPieces => (typeof text === 'string' ? [text] : text);

/** Thrown (static message) when a body cannot be used: too large, badly compressed, unknown coding or charset. */
export class BodyRefused extends Error {
  constructor() {
    super('response body refused');
    this.name = 'BodyRefused';
  }
}

type Inflater = ReturnType<typeof createGunzip> | ReturnType<typeof createBrotliDecompress>;

/** The decompressors of the codings a response may use (`deflate` is accepted though not asked for). */
const INFLATERS: Readonly<Record<string, () => Inflater>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  br: createBrotliDecompress,
  deflate: createInflate,
};

/** The header value as one string (undici gives repeated headers as a list). */
const headerText = (value: string | string[] | undefined): string => (Array.isArray(value) ? value.join(',') : (value ?? ''));

/** The inflater for a `Content-Encoding`, `undefined` for none/identity; anything else (or a stack of codings) → {@link BodyRefused}. */
function inflaterFor(contentEncoding: string | string[] | undefined): Inflater | undefined {
  const codings = headerText(contentEncoding)
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0) return undefined;
  const make = codings.length === 1 && Object.hasOwn(INFLATERS, codings[0]!) ? INFLATERS[codings[0]!] : undefined;
  if (make === undefined) throw new BodyRefused();
  return make();
}

/**
 * Reads a 2xx response body into text pieces under one bound, `maxBytes`, held twice: on the bytes
 * received and on the bytes after decompression (gzip, br, deflate), so a compression bomb is
 * stopped as soon as its output passes the bound, without inflating further: the body and
 * the decompressor are destroyed at once. Decompression runs in the zlib thread pool; the
 * charset decoding runs on the event loop, a piece of at most 256 KiB per turn, and the pieces
 * are never joined here ({@link TextPieces}); `onBody` sees each piece of the body before it is
 * decoded (a byte order mark included). Any refusal → {@link BodyRefused}; errors of the body
 * stream itself (reset, timeout, abort) are rethrown as they are.
 */
export async function readBodyText(
  body: Readable,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  maxBytes: number,
  onBody?: (bytes: Uint8Array) => void,
): Promise<TextPieces> {
  let decoder: ChunkDecoder;
  try {
    decoder = charsetDecoder(headerText(headers['content-type']));
  } catch (error) {
    throw error instanceof UnknownCharset ? new BodyRefused() : error;
  }
  const inflater = inflaterFor(headers['content-encoding']);
  let refused = false;
  const refuse = (): Error => {
    refused = true;
    return new BodyRefused();
  };
  let received = 0;
  const receivedBound = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > maxBytes ? refuse() : null, chunk);
    },
  });
  const texts: string[] = [];
  let kept = 0;
  const keep = new Writable({
    write(chunk: Buffer, _encoding, done) {
      kept += chunk.length;
      if (kept > maxBytes) return done(refuse());
      onBody?.(chunk);
      // Decoded as it arrives, a piece per turn of the event loop: never one 4 MiB block.
      let start = 0;
      const decodeNext = (): void => {
        const piece = decoder.write(chunk.subarray(start, (start += DECODE_BYTES)));
        if (piece !== '') texts.push(piece);
        if (start < chunk.length) setImmediate(decodeNext);
        else done();
      };
      decodeNext();
    },
  });
  // The decompressor's own failure (bad data, truncated stream) refuses the body; an error it
  // only passes on (the body stream failed first) keeps its own kind.
  inflater?.once('error', () => {
    if (!body.errored) refused = true;
  });
  try {
    await (inflater ? pipeline(body, receivedBound, inflater, keep) : pipeline(body, receivedBound, keep));
  } catch (error) {
    throw refused ? new BodyRefused() : error;
  }
  const last = decoder.end();
  if (last !== '') texts.push(last);
  return texts;
}
