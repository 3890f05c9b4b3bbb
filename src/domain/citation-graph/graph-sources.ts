import type { CitationGraphClient, GraphAccess, GraphDirection, GraphSession, GraphSourceId } from '../../ports/citation-graph.port.js';
import type { NativeSettings, ProviderId } from '../../ports/config-source.port.js';
import type { SecretStore } from '../../ports/secret-store.port.js';
import { resolveProviderAccess, type KeyFallback, type ProviderCredentials } from '../literature-search/provider-credentials.js';
import { SOURCES_OF, type GraphArguments } from './graph-input.js';
import type { MetadataLookup } from './graph-page.js';

/** Whether the settings let a source be used: the search provider's `enabled`, or OpenCitations' own entry. */
const isEnabled = (settings: NativeSettings, source: GraphSourceId): boolean =>
  source === 'opencitations' ? settings.sources.opencitations.enabled : settings.providers[source].enabled;

/** The sources a call asks: the direction's sources that are enabled, narrowed to `providers` when given, in source order. */
export function askedSources(direction: GraphDirection, settings: NativeSettings, wanted: GraphArguments['providers']): GraphSourceId[] {
  return SOURCES_OF[direction].filter((source) => isEnabled(settings, source) && (wanted === undefined || wanted.includes(source)));
}

/**
 * Where works known only by their DOI are looked up: OpenAlex when it is enabled (its
 * single-work lookups are free), else Crossref when it is, else nowhere. The `providers`
 * argument chooses whose edges are read, not where a DOI is looked up.
 */
const lookupProvider = (settings: NativeSettings): MetadataLookup['provider'] | undefined =>
  settings.providers.openalex.enabled ? 'openalex' : settings.providers.crossref.enabled ? 'crossref' : undefined;

/** What every session of one call shares besides its credentials. */
export type SharedAccess = Omit<GraphAccess, 'credentials'>;

/** The sessions of one call: one per asked source, and one for the DOI lookups (own budget, own cost). */
export interface CallSessions {
  readonly sources: ReadonlyMap<GraphSourceId, GraphSession>;
  readonly lookup: MetadataLookup | undefined;
  /** Providers asked keyless because the key their settings name cannot be used now, and why. */
  readonly keyless: ReadonlyMap<ProviderId, KeyFallback>;
}

/**
 * Opens the sessions of one call. Credentials come from the settings and the secret store
 * (docs/providers.md#providers-and-readiness); a provider whose key does not resolve is asked
 * keyless (`keyless` says which and why, for the warning the search gives too), and
 * OpenCitations is always keyless.
 */
export async function openSessions(
  client: CitationGraphClient,
  sources: readonly GraphSourceId[],
  settings: NativeSettings,
  secrets: SecretStore,
  access: SharedAccess,
): Promise<CallSessions> {
  const lookup = lookupProvider(settings);
  const keyed = [...new Set([...sources, ...(lookup === undefined ? [] : [lookup])])].flatMap((source): ProviderId[] =>
    source === 'opencitations' ? [] : [source],
  );
  const grants = await resolveProviderAccess(keyed, settings, secrets);
  const accessOf = (source: GraphSourceId): GraphAccess => ({
    ...access,
    credentials: (source === 'opencitations' ? undefined : grants.get(source)?.credentials) ?? ({} satisfies ProviderCredentials),
  });
  const keyless = new Map<ProviderId, KeyFallback>();
  for (const [id, grant] of grants) if (grant.fallback !== undefined) keyless.set(id, grant.fallback);
  return {
    sources: new Map(sources.map((source) => [source, client.session(source, accessOf(source))])),
    lookup: lookup === undefined ? undefined : { provider: lookup, session: client.session(lookup, accessOf(lookup)) },
    keyless,
  };
}
