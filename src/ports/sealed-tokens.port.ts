import { portToken, type PortToken } from './port-token.js';

/**
 * Issues and checks opaque, integrity-protected tokens: the paging cursors of the citation
 * graph and the full-text reader, and the `requestState` of a 2026-07-28 input request.
 *
 * A token is bound to a `purpose` (for example the tool name, the work and the filters it was
 * issued for) and expires. Only this process can open what it sealed: a token that was altered,
 * sealed for another purpose, sealed by another process, or is past its lifetime does not open.
 *
 * Promise: `open` never throws and never says *why* a token did not open (the caller answers one
 * static message); the payload is never readable from the token text.
 */
export interface SealedTokens {
  /**
   * Seals a JSON-serialisable payload for `purpose`, valid for `ttlMs` milliseconds. The token
   * is URL-safe text of bounded length (a few hundred characters for small payloads).
   */
  seal(purpose: string, payload: unknown, ttlMs: number): string;
  /** The payload of a token this process sealed for exactly `purpose` and not yet expired; otherwise `undefined`. */
  open(purpose: string, token: string): unknown;
}

/** Service identifier of the {@link SealedTokens} port. */
export const SealedTokensId: PortToken<SealedTokens> = portToken('qiongli.SealedTokens');
