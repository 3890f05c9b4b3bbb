import { SOURCE_IDS, type NativeSettings, type ProviderId, type ProviderSettings, type SourceId, type SourceSettings } from '../../ports/config-source.port.js';
import type { SecretPresence, SecretStore } from '../../ports/secret-store.port.js';
import { hasSetting, PROVIDER_CATALOGUE, SEARCH_ORDER, type ProviderFacts } from '../shared/provider-catalogue.js';

/**
 * Readiness of one provider (docs/providers.md#providers-and-readiness): searched (`ready`), or
 * not — switched off, or (for a provider without keyless access, none today) no usable key.
 */
export type Readiness = 'disabled' | 'ready' | 'needs_key';

/** Every access tier, in the order the status schema lists them (docs/providers.md#access-tiers). */
export const ACCESS_TIERS = ['keyed', 'keyless', 'key_missing', 'secret_store_unavailable'] as const;

/**
 * How a provider is (or, when disabled, would be) asked (docs/providers.md#access-tiers):
 * - `keyed`: a key reference is set and the credential store holds its secret;
 * - `keyless`: no key reference is set (or the provider has no key at all) and the service
 *   answers without one;
 * - `secret_store_unavailable`: a key reference is set but no credential store answers —
 *   searched keyless, with a warning;
 * - `key_missing`: a key reference is set and the store does not hold its secret (settings
 *   copied to another machine, a keyring reset) — searched keyless, with a warning; or a
 *   provider that serves no keyless requests has no key reference (none today).
 */
export type ProviderAccess = (typeof ACCESS_TIERS)[number];

/** The settings used when no settings document exists: every provider and every keyless source enabled, no key, no Zotero delivery. */
export const DEFAULT_SETTINGS: NativeSettings = {
  providers: Object.fromEntries(SEARCH_ORDER.map((id): [ProviderId, ProviderSettings] => [id, { enabled: true }])) as Record<ProviderId, ProviderSettings>,
  sources: Object.fromEntries(SOURCE_IDS.map((id): [SourceId, SourceSettings] => [id, { enabled: true }])) as Record<SourceId, SourceSettings>,
  zotero: { enabled: false },
};

/**
 * What the credential store answered for each provider whose settings name a key reference
 * (providers without one are absent): see {@link checkKeys}.
 */
export type KeyPresence = Readonly<Partial<Record<ProviderId, SecretPresence>>>;

/**
 * Asks the store, for every provider whose settings name a key reference, whether it holds the
 * secret — all at once, so the answer takes at most the store's timeout; the secret values never
 * leave the store adapter (SecretStore.presence), and its answers are kept per reference.
 */
export async function checkKeys(settings: NativeSettings, secrets: Pick<SecretStore, 'presence'>): Promise<KeyPresence> {
  const named = SEARCH_ORDER.flatMap((id) => {
    const reference = hasSetting(id, 'api_key') ? settings.providers[id].apiKeyRef : undefined;
    return reference === undefined ? [] : [[id, reference] as const];
  });
  const answers = await Promise.all(named.map(([, reference]) => secrets.presence(reference).catch((): SecretPresence => 'unavailable')));
  return Object.fromEntries(named.map(([id], index) => [id, answers[index]]));
}

/**
 * The access of one provider from its facts, its settings and what the store said of its key
 * (`undefined`: not asked, counted as no store answering).
 */
export function accessFrom(facts: Pick<ProviderFacts, 'keyless' | 'settings'>, provider: ProviderSettings, key: SecretPresence | undefined): ProviderAccess {
  const hasKey = facts.settings.includes('api_key') && provider.apiKeyRef !== undefined;
  if (hasKey) return key === 'present' ? 'keyed' : key === 'missing' ? 'key_missing' : 'secret_store_unavailable';
  return facts.keyless ? 'keyless' : 'key_missing';
}

/** The access of every provider, in search order (see {@link accessFrom}). */
export function assessAccess(settings: NativeSettings, keys: KeyPresence): Record<ProviderId, ProviderAccess> {
  const result = {} as Record<ProviderId, ProviderAccess>;
  for (const id of SEARCH_ORDER) result[id] = accessFrom(PROVIDER_CATALOGUE[id], settings.providers[id], keys[id]);
  return result;
}

/**
 * Readiness of every provider, in search order. An enabled provider is `ready` unless it can
 * only be asked with a key and has none usable (`needs_key`). Without `keys` (a search or a
 * plan, which resolve nothing here) a named key counts as usable when the store is available.
 */
export function assessReadiness(settings: NativeSettings, secretStoreAvailable: boolean, keys?: KeyPresence): Record<ProviderId, Readiness> {
  const result = {} as Record<ProviderId, Readiness>;
  for (const id of SEARCH_ORDER) {
    const key = keys?.[id] ?? (secretStoreAvailable ? 'present' : 'unavailable');
    const usable = PROVIDER_CATALOGUE[id].keyless || accessFrom(PROVIDER_CATALOGUE[id], settings.providers[id], key) === 'keyed';
    result[id] = !settings.providers[id].enabled ? 'disabled' : usable ? 'ready' : 'needs_key';
  }
  return result;
}

/** Ready provider ids in search order. */
export const readyProviders = (readiness: Record<ProviderId, Readiness>): ProviderId[] => SEARCH_ORDER.filter((id) => readiness[id] === 'ready');
