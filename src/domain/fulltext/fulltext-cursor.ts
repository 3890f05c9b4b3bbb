import type { SealedTokens } from '../../ports/sealed-tokens.port.js';
import type { ReadFullTextArguments } from './fulltext-input.js';

/** How long a page cursor stays valid: one hour. */
const CURSOR_TTL_MS = 60 * 60 * 1000;

/** What a cursor holds: where the next page starts, and which document it pages through. */
export interface CursorState {
  readonly offset: number;
  /** When the outline is paged: the index of the next section to list (the outline's length once it is all listed). */
  readonly sections?: number;
  /** When the `recheck` verdicts are paged: the index of the next verdict to list. */
  readonly rechecked?: number;
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
  tokens.seal(
    purpose,
    {
      o: state.offset,
      ...(state.sections === undefined ? {} : { s: state.sections }),
      ...(state.rechecked === undefined ? {} : { r: state.rechecked }),
      h: state.sha256,
    },
    CURSOR_TTL_MS,
  );

/** The state a cursor holds, or `undefined` when it does not open for `purpose` (tampered, foreign, expired) or holds anything else. */
export function openCursor(tokens: SealedTokens, purpose: string, cursor: string): CursorState | undefined {
  const payload = tokens.open(purpose, cursor);
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { o: offset, s: sections, r: rechecked, h: sha256 } = payload as { o?: unknown; s?: unknown; r?: unknown; h?: unknown };
  if (!isCount(offset) || (sections !== undefined && !isCount(sections)) || (rechecked !== undefined && !isCount(rechecked))) return undefined;
  if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/u.test(sha256)) return undefined;
  return { offset, ...(sections === undefined ? {} : { sections }), ...(rechecked === undefined ? {} : { rechecked }), sha256 };
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
