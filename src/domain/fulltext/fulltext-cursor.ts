import type { SealedTokens } from '../../ports/sealed-tokens.port.js';
import type { ReadFullTextArguments } from './fulltext-input.js';

/** How long a page cursor stays valid: one hour. */
export const CURSOR_TTL_MS = 60 * 60 * 1000;

/** What a cursor holds: where the next page starts, and which document it pages through. */
export interface CursorState {
  readonly offset: number;
  /** The document's SHA-256. */
  readonly sha256: string;
}

/**
 * The purpose a cursor is sealed for: this reader, the work (canonical) and every argument but
 * the cursor, so a cursor opens only for the same question about the same work.
 */
export function cursorPurpose(work: string, args: ReadFullTextArguments): string {
  return `fulltext.read\n${JSON.stringify([work, args.find ?? null, args.section ?? null, args.max_chars, args.recheck ?? null])}`;
}

/** Seals the state of the next page. */
export const sealCursor = (tokens: SealedTokens, purpose: string, state: CursorState): string =>
  tokens.seal(purpose, { o: state.offset, h: state.sha256 }, CURSOR_TTL_MS);

/** The state a cursor holds, or `undefined` when it does not open for `purpose` (tampered, foreign, expired) or holds anything else. */
export function openCursor(tokens: SealedTokens, purpose: string, cursor: string): CursorState | undefined {
  const payload = tokens.open(purpose, cursor);
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { o: offset, h: sha256 } = payload as { o?: unknown; h?: unknown };
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) return undefined;
  if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/u.test(sha256)) return undefined;
  return { offset, sha256 };
}
