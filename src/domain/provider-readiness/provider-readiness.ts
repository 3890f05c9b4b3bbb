import { SOURCE_IDS, type NativeSettings, type ProviderId, type ProviderSettings, type SourceId, type SourceSettings } from '../../ports/config-source.port.js';
import { PROVIDER_CATALOGUE, SEARCH_ORDER, type ProviderFacts } from '../shared/provider-catalogue.js';

/**
 * Readiness of one provider (docs/providers.md#providers-and-readiness): searched (`ready`), or
 * not — switched off, or (for a provider without keyless access, none today) no usable key.
 */
export type Readiness = 'disabled' | 'ready' | 'needs_key';

/** Every access tier, in the order the status schema lists them (docs/providers.md#access-tiers). */
export const ACCESS_TIERS = ['keyed', 'keyless', 'key_missing', 'secret_store_unavailable'] as const;

/**
 * How a provider is (or, when disabled, would be) asked (docs/providers.md#access-tiers):
 * - `keyed`: a key reference is set and the credential store is reachable;
 * - `keyless`: no key reference is set (or the provider has no key at all) and the service
 *   answers without one;
 * - `secret_store_unavailable`: a key reference is set but no credential store is reachable —
 *   searched keyless, with a warning;
 * - `key_missing`: a key is needed and none can be used — a provider that does not serve keyless
 *   requests without a key reference (none today), or, seen only by a search, a reference whose
 *   secret the store does not hold (then searched keyless, with a warning).
 */
export type ProviderAccess = (typeof ACCESS_TIERS)[number];

/** The settings used when no settings document exists: every provider and every keyless source enabled, no key, no Zotero delivery. */
export const DEFAULT_SETTINGS: NativeSettings = {
  providers: Object.fromEntries(SEARCH_ORDER.map((id): [ProviderId, ProviderSettings] => [id, { enabled: true }])) as Record<ProviderId, ProviderSettings>,
  sources: Object.fromEntries(SOURCE_IDS.map((id): [SourceId, SourceSettings] => [id, { enabled: true }])) as Record<SourceId, SourceSettings>,
  zotero: { enabled: false },
};

/**
 * The access of one provider from its facts and settings, without resolving anything (status
 * tools never resolve secrets): whether the key resolves is only known when a search asks.
 */
export function accessFrom(facts: Pick<ProviderFacts, 'keyless' | 'settings'>, provider: ProviderSettings, secretStoreAvailable: boolean): ProviderAccess {
  const hasKey = facts.settings.includes('api_key') && provider.apiKeyRef !== undefined;
  if (hasKey) return secretStoreAvailable ? 'keyed' : 'secret_store_unavailable';
  return facts.keyless ? 'keyless' : 'key_missing';
}

/** The access of every provider, in search order (see {@link accessFrom}). */
export function assessAccess(settings: NativeSettings, secretStoreAvailable: boolean): Record<ProviderId, ProviderAccess> {
  const result = {} as Record<ProviderId, ProviderAccess>;
  for (const id of SEARCH_ORDER) result[id] = accessFrom(PROVIDER_CATALOGUE[id], settings.providers[id], secretStoreAvailable);
  return result;
}

/**
 * Readiness of every provider, in search order. Status only: no secret is resolved here. An
 * enabled provider is `ready` unless it can only be asked with a key and has none usable
 * (`needs_key`: no reference, or a store that cannot be reached).
 */
export function assessReadiness(settings: NativeSettings, secretStoreAvailable: boolean): Record<ProviderId, Readiness> {
  const result = {} as Record<ProviderId, Readiness>;
  for (const id of SEARCH_ORDER) {
    const usable = PROVIDER_CATALOGUE[id].keyless || accessFrom(PROVIDER_CATALOGUE[id], settings.providers[id], secretStoreAvailable) === 'keyed';
    result[id] = !settings.providers[id].enabled ? 'disabled' : usable ? 'ready' : 'needs_key';
  }
  return result;
}

/** Ready provider ids in search order. */
export const readyProviders = (readiness: Record<ProviderId, Readiness>): ProviderId[] => SEARCH_ORDER.filter((id) => readiness[id] === 'ready');
