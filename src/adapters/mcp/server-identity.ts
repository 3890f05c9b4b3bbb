import { META, MODERN_CACHE_HINT, MODERN_REVISION, type LegacyRevision } from './protocol-constants.js';
import { traitsOf } from './revisions.js';

/** Who this server says it is. */
export interface ServerIdentity {
  readonly name: string;
  readonly version: string;
  /** Human title, sent where the negotiated revision has the field (2025-06-18 on). */
  readonly title: string;
  /** Instructions for the model, sent by `initialize` and `server/discover`. */
  readonly instructions: string;
}

/** The encoded results that never change for the life of the process. */
export interface FixedResults {
  /** `_meta` object carried by every modern result. */
  readonly serverMeta: string;
  /** `server/discover` result. */
  readonly discover: string;
  /** `initialize` result per legacy revision. */
  initialize(revision: LegacyRevision): string;
}

/** Encodes the fixed results of an identity once. */
export function encodeFixedResults(identity: ServerIdentity): FixedResults {
  const serverMeta = JSON.stringify({ [META.serverInfo]: { name: identity.name, version: identity.version } });
  const discover = JSON.stringify({
    resultType: 'complete',
    supportedVersions: [MODERN_REVISION],
    capabilities: { tools: {}, resources: {} },
    instructions: identity.instructions,
    ...MODERN_CACHE_HINT,
    _meta: JSON.parse(serverMeta) as unknown,
  });
  const initializeByRevision = new Map<LegacyRevision, string>();
  return {
    serverMeta,
    discover,
    initialize(revision) {
      let encoded = initializeByRevision.get(revision);
      if (encoded === undefined) {
        const serverInfo = traitsOf(revision).titles
          ? { name: identity.name, title: identity.title, version: identity.version }
          : { name: identity.name, version: identity.version };
        encoded = JSON.stringify({
          protocolVersion: revision,
          capabilities: { tools: { listChanged: false }, resources: { subscribe: false, listChanged: false } },
          serverInfo,
          instructions: identity.instructions,
        });
        initializeByRevision.set(revision, encoded);
      }
      return encoded;
    },
  };
}
