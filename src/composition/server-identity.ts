import type { ServerIdentity } from '../adapters/mcp/server-identity.js';
import { LITE_INSTRUCTIONS } from '../adapters/mcp/tool-catalogue.js';
import { VERSION } from './version.js';

/** Qiongli Lite's identity on the wire (docs/command-line.md: `serverInfo` is `{name: "qiongli", version}`). */
export const LITE_IDENTITY: ServerIdentity = {
  name: 'qiongli',
  version: VERSION,
  title: 'Qiongli Lite',
  instructions: LITE_INSTRUCTIONS,
};
