import type { SealedTokens } from '../../ports/sealed-tokens.port.js';
import type { ClientRequestBounds } from './client-requests.js';

/** What an MCP connection may be given besides its transport, tools, identity and lifecycle. */
export interface ConnectionOptions {
  /** Seals the `requestState` of input-required results (default: a key of the connection's own). */
  readonly sealedTokens?: SealedTokens;
  /** Bounds of the requests sent to the client (default `CLIENT_REQUEST_BOUNDS`: 4 out at once, 45 s each). */
  readonly clientRequests?: ClientRequestBounds;
}
