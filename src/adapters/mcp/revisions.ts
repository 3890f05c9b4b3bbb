import { MODERN_REVISION, type Revision } from './protocol-constants.js';

/** What one protocol revision shows on the wire (docs/protocol.md#the-legacy-era, #the-modern-era). */
export interface RevisionTraits {
  /** JSON-RPC batches are accepted (2025-03-26 only). */
  readonly batches: boolean;
  /** Tools carry `title` and `outputSchema`; `serverInfo` carries `title` (2025-06-18 on). */
  readonly titles: boolean;
  /** Successful tool results carry `structuredContent` besides their text (2025-06-18 on). */
  readonly structuredContent: boolean;
  /** Tool results may carry `resource_link` content items (2025-06-18 on). */
  readonly resourceLinks: boolean;
  /** Requests carry the `_meta` envelope; results carry `resultType`, the server `_meta` and cache hints (modern). */
  readonly envelope: boolean;
}

/**
 * Every revision this server speaks and what it shows. The registry, the result encoder, the
 * identity and the connection read this table instead of comparing revision strings.
 */
export const REVISION_TRAITS = {
  '2025-03-26': { batches: true, titles: false, structuredContent: false, resourceLinks: false, envelope: false },
  '2025-06-18': { batches: false, titles: true, structuredContent: true, resourceLinks: true, envelope: false },
  '2025-11-25': { batches: false, titles: true, structuredContent: true, resourceLinks: true, envelope: false },
  [MODERN_REVISION]: { batches: false, titles: true, structuredContent: true, resourceLinks: true, envelope: true },
} as const satisfies Record<Revision, RevisionTraits>;

/** The traits of a revision. */
export const traitsOf = (revision: Revision): RevisionTraits => REVISION_TRAITS[revision];
