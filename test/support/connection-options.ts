import type { ConnectionOptions } from '../../src/adapters/mcp/connection-options.js';
import { runInSlices } from '../../src/adapters/scheduling/time-slices.js';
import { AesGcmSealedTokens } from '../../src/adapters/sealed-token/index.js';

/**
 * The ports an MCP connection uses itself, as the composition root gives them (a sealer with a
 * key of its own, the scheduling adapter's time slices), with `replaced` instead where given.
 */
export const testConnectionOptions = (replaced: Partial<ConnectionOptions> = {}): ConnectionOptions => ({
  sealedTokens: new AesGcmSealedTokens(),
  timeSlices: { run: (work, signal) => runInSlices(work, signal) },
  ...replaced,
});
