import type { Framing } from '../../ports/transport.port.js';
import type { Params } from './admission.js';
import type { RequestId } from './json-rpc.js';
import type { LegacyRevision, Revision } from './protocol-constants.js';
import type { Reply } from './inflight-work.js';

/**
 * The era a connection speaks (docs/protocol.md#protocol-eras); chosen by its first accepted
 * negotiating message. A modern connection that has served nothing but `server/discover` is
 * `probeOnly`: a client whose probe timed out may still fall back to `initialize`.
 */
export type Era =
  | { readonly kind: 'none' }
  | { readonly kind: 'legacy'; readonly revision: LegacyRevision }
  | { readonly kind: 'modern'; readonly probeOnly: boolean };

/** One admitted request and where it came from. */
export interface Incoming {
  readonly id: RequestId;
  readonly method: string;
  readonly params: Params | undefined;
  readonly framing: Framing;
  /** It is an element of a batch. */
  readonly inBatch: boolean;
}

/** Answers one method of a negotiated era. */
export type MethodHandler = (request: Incoming, revision: Revision) => Reply;
