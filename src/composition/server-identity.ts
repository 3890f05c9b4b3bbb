import type { ServerIdentity } from '../adapters/mcp/server-identity.js';
import type { Profile } from '../domain/shared/profiles.js';
import { LITE_INSTRUCTIONS } from './profiles/lite.js';
import { STANDARD_INSTRUCTIONS } from './profiles/standard.js';
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

/** Each profile's identity. */
export const IDENTITIES: Readonly<Record<Profile, ServerIdentity>> = { lite: LITE_IDENTITY, standard: STANDARD_IDENTITY };
