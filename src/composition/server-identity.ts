import type { ServerIdentity } from '../adapters/mcp/server-identity.js';
import type { CapabilityGroup } from '../domain/shared/capability-groups.js';
import type { Profile } from '../domain/shared/profiles.js';
import { LITE_INSTRUCTIONS } from './profiles/lite.js';
import { standardInstructions } from './profiles/standard.js';
import { VERSION } from './version.js';

/** Qiongli Lite's identity on the wire (docs/command-line.md: `serverInfo` is `{name: "qiongli", version}`). */
const LITE_IDENTITY: ServerIdentity = {
  name: 'qiongli',
  version: VERSION,
  title: 'Qiongli Lite',
  instructions: LITE_INSTRUCTIONS,
};

/**
 * A profile's identity for the groups it grants: Lite's is fixed; Standard's has the same name
 * and version, its own title, and instructions that name the tools it grants.
 */
export const identityOf = (profile: Profile, grants: ReadonlySet<CapabilityGroup>): ServerIdentity =>
  profile === 'lite' ? LITE_IDENTITY : { name: 'qiongli', version: VERSION, title: 'Qiongli Standard', instructions: standardInstructions(grants) };
