/** The stdio Transport adapter (docs/protocol.md#framing). */
export { StdioTransport } from './stdio-transport.js';
