import type { ServerIdentity } from '../adapters/mcp/server-identity.js';
import { LITE_INSTRUCTIONS } from '../adapters/mcp/tool-catalogue.js';
import { STANDARD_INSTRUCTIONS } from '../adapters/mcp/standard-catalogue.js';
import { VERSION } from './version.js';

/** Qiongli Lite's identity on the wire (docs/command-line.md: `serverInfo` is `{name: "qiongli", version}`). */
export const LITE_IDENTITY: ServerIdentity = {
  name: 'qiongli',
  version: VERSION,
  title: 'Qiongli Lite',
  instructions: LITE_INSTRUCTIONS,
};

/** Qiongli Standard's identity: the same name and version, its own title and instructions. */
export const STANDARD_IDENTITY: ServerIdentity = {
  name: 'qiongli',
  version: VERSION,
  title: 'Qiongli Standard',
  instructions: STANDARD_INSTRUCTIONS,
};
