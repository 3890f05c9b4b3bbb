import { portToken, type PortToken } from './port-token.js';

/**
 * Digests of text: the SHA-256 behind full-text passage ids and the evidence snapshot's check
 * of recorded passages (docs/tools.md#qiongli_literature_read_fulltext). A port because the
 * domain computes no hash itself (it imports no `node:` module).
 *
 * Promise: the same text always gives the same digest, in every process; never throws.
 */
export interface TextDigests {
  /** SHA-256 of `text` encoded as UTF-8, as 64 lowercase hex digits. */
  sha256Hex(text: string): string;
}

/** Service identifier of the {@link TextDigests} port. */
export const TextDigestsId: PortToken<TextDigests> = portToken('qiongli.TextDigests');
