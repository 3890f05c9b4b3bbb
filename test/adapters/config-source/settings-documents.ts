/** Builders of settings documents for the config-source tests (docs/configuration.md). */

/** A well-formed secret reference. */
export const REF_A = 'qsr1_0123456789abcdef0123456789abcdef';
/** Another well-formed secret reference. */
const REF_B = 'qsr1_ffffffffffffffffffffffffffffffff';
/** A third well-formed secret reference. */
const REF_C = 'qsr1_00000000000000000000000000000001';

/** A document that sets every field of every provider, and switches Zotero delivery on. */
export function fullDocument(): Record<string, unknown> {
  return {
    document_kind: 'qiongli-global-settings',
    schema_version: 1,
    revision: 7,
    default_profile: 'lite',
    providers: {
      openalex: { enabled: true, email: 'ada@example.org', api_key_ref: REF_A },
      semantic_scholar: { enabled: true, api_key_ref: REF_B },
      crossref: { enabled: true, email: 'crossref@example.org' },
      pubmed: { enabled: false, api_key_ref: REF_C },
      arxiv: { enabled: false },
      opencitations: { enabled: false },
      europepmc: { enabled: true },
    },
    zotero: { enabled: true },
  };
}

/** The smallest valid document: no provider entries, so every provider takes its default. */
export function minimalDocument(): Record<string, unknown> {
  return { document_kind: 'qiongli-global-settings', schema_version: 1, revision: 0, providers: {} };
}

/** The settings {@link fullDocument} maps to. */
export const FULL_SETTINGS = {
  providers: {
    openalex: { enabled: true, email: 'ada@example.org', apiKeyRef: REF_A },
    semantic_scholar: { enabled: true, apiKeyRef: REF_B },
    crossref: { enabled: true, email: 'crossref@example.org' },
    pubmed: { enabled: false, apiKeyRef: REF_C },
    arxiv: { enabled: false },
  },
  sources: { opencitations: { enabled: false }, europepmc: { enabled: true } },
  zotero: { enabled: true },
};

/** The defaults (only arXiv enabled), spelled out independently of the domain constant. */
export const DEFAULTS = {
  providers: {
    openalex: { enabled: true },
    semantic_scholar: { enabled: true },
    crossref: { enabled: true },
    pubmed: { enabled: true },
    arxiv: { enabled: true },
  },
  sources: { opencitations: { enabled: true }, europepmc: { enabled: true } },
  zotero: { enabled: false },
};

/** {@link fullDocument} with one change applied to a fresh copy. */
export function fullDocumentWith(change: (document: any) => void): string {
  const document = fullDocument();
  change(document);
  return JSON.stringify(document);
}
