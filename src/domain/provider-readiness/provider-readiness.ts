import { PROVIDER_IDS, type NativeSettings, type ProviderId } from '../../ports/config-source.port.js';

/** Readiness of one provider (docs/providers.md#providers-and-readiness). */
export type Readiness = 'disabled' | 'ready' | 'needs_secret' | 'needs_public_setting' | 'secret_store_unavailable';

/** What each provider needs beyond being enabled. */
const REQUIREMENT: Readonly<Record<ProviderId, 'api_key' | 'email' | 'none'>> = {
  openalex: 'api_key',
  semantic_scholar: 'api_key',
  crossref: 'email',
  pubmed: 'api_key',
  arxiv: 'none',
};

/** The settings Lite uses when no settings document exists: only arXiv enabled. */
export const DEFAULT_SETTINGS: NativeSettings = {
  providers: {
    openalex: { enabled: false },
    semantic_scholar: { enabled: false },
    crossref: { enabled: false },
    pubmed: { enabled: false },
    arxiv: { enabled: true },
  },
};

/**
 * Readiness of every provider, in search order. Status only: no secret is resolved here —
 * a provider needing a key is `ready` when a reference is set and the secret store is
 * available, `secret_store_unavailable` when the store is not (always, in Lite).
 */
export function assessReadiness(settings: NativeSettings, secretStoreAvailable: boolean): Record<ProviderId, Readiness> {
  const result = {} as Record<ProviderId, Readiness>;
  for (const id of PROVIDER_IDS) {
    const provider = settings.providers[id];
    const requirement = REQUIREMENT[id];
    if (!provider.enabled) result[id] = 'disabled';
    else if (requirement === 'none') result[id] = 'ready';
    else if (requirement === 'email') result[id] = provider.email ? 'ready' : 'needs_public_setting';
    else if (!secretStoreAvailable) result[id] = 'secret_store_unavailable';
    else result[id] = provider.apiKeyRef ? 'ready' : 'needs_secret';
  }
  return result;
}

/** Ready provider ids in search order. */
export const readyProviders = (readiness: Record<ProviderId, Readiness>): ProviderId[] =>
  PROVIDER_IDS.filter((id) => readiness[id] === 'ready');
