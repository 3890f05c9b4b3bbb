import { createHash } from 'node:crypto';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { piecesOf, type TextPieces } from '../provider-http/body-text.js';

/** SHA-256 of a text encoded as UTF-8, as 64 lowercase hex digits (the domain's `TextDigest`). */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** UTF-16 units hashed between two pauses. */
const UNITS_PER_STEP = 256 * 1024;

/**
 * SHA-256 and UTF-8 length of a whole document's text, given whole or in the pieces it was
 * decoded in, stepwise (a 16 MiB page is hashed in pieces, never cutting a surrogate pair — the
 * decoder never splits one between its pieces either — so the digest equals that of the text in
 * one piece).
 */
export function* documentDigest(body: string | TextPieces): Stepwise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for (const text of piecesOf(body)) {
    for (let at = 0; at < text.length; ) {
      let end = Math.min(text.length, at + UNITS_PER_STEP);
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
      const piece = text.slice(at, end);
      hash.update(piece, 'utf8');
      bytes += Buffer.byteLength(piece, 'utf8');
      at = end;
      yield;
    }
  }
  return { sha256: hash.digest('hex'), bytes };
}
