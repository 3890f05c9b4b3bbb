import { SOURCE_IDS, type NativeSettings, type ProviderId, type ProviderSettings, type SourceId, type SourceSettings } from '../../ports/config-source.port.js';
import { PROVIDER_CATALOGUE, SEARCH_ORDER } from '../shared/provider-catalogue.js';

/** Readiness of one provider (docs/providers.md#providers-and-readiness). */
export type Readiness = 'disabled' | 'ready' | 'needs_secret' | 'needs_public_setting' | 'secret_store_unavailable';

/** The settings used when no settings document exists: the providers enabled by default, every keyless source enabled. */
export const DEFAULT_SETTINGS: NativeSettings = {
  providers: Object.fromEntries(SEARCH_ORDER.map((id): [ProviderId, ProviderSettings] => [id, { enabled: PROVIDER_CATALOGUE[id].enabledByDefault }])) as Record<
    ProviderId,
    ProviderSettings
  >,
  sources: Object.fromEntries(SOURCE_IDS.map((id): [SourceId, SourceSettings] => [id, { enabled: true }])) as Record<SourceId, SourceSettings>,
};

/**
 * Readiness of every provider, in search order. Status only: no secret is resolved here —
 * a provider needing a key is `ready` when a reference is set and the secret store is
 * available, `secret_store_unavailable` when the store is not (always, in Lite).
 */
export function assessReadiness(settings: NativeSettings, secretStoreAvailable: boolean): Record<ProviderId, Readiness> {
  const result = {} as Record<ProviderId, Readiness>;
  for (const id of SEARCH_ORDER) {
    const provider = settings.providers[id];
    const requirement = PROVIDER_CATALOGUE[id].requires;
    if (!provider.enabled) result[id] = 'disabled';
    else if (requirement === 'none') result[id] = 'ready';
    else if (requirement === 'email') result[id] = provider.email ? 'ready' : 'needs_public_setting';
    else if (!secretStoreAvailable) result[id] = 'secret_store_unavailable';
    else result[id] = provider.apiKeyRef ? 'ready' : 'needs_secret';
  }
  return result;
}

/** Ready provider ids in search order. */
export const readyProviders = (readiness: Record<ProviderId, Readiness>): ProviderId[] => SEARCH_ORDER.filter((id) => readiness[id] === 'ready');
