import type { SealedTokens } from '../../ports/sealed-tokens.port.js';
import type { TimeSlices } from '../../ports/time-slices.port.js';
import type { HeldResources } from '../../ports/held-resources.port.js';
import type { ClientRequestBounds } from './client-requests.js';

/** What an MCP connection is given besides its transport, tools, identity and lifecycle: the ports it uses itself. */
export interface ConnectionOptions {
  /** Seals the `requestState` of input-required results (docs/protocol.md#input-required-results). */
  readonly sealedTokens: SealedTokens;
  /** Runs the measurement of a bulk tool's arguments (up to 2 MiB) in time slices (docs/provider-data.md). */
  readonly timeSlices: TimeSlices;
  /** The files tools hold for `resources/read` (docs/protocol.md#resources); absent: none is ever found. */
  readonly heldResources?: HeldResources;
  /** Bounds of the requests sent to the client (default `CLIENT_REQUEST_BOUNDS`: 4 out at once, 45 s each). */
  readonly clientRequests?: ClientRequestBounds;
}
