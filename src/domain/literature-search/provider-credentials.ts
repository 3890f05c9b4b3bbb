import type { NativeSettings, ProviderId } from '../../ports/config-source.port.js';
import type { ProviderSearchRequest } from '../../ports/provider-client.port.js';
import type { SecretStore } from '../../ports/secret-store.port.js';
import { hasSetting, PROVIDER_CATALOGUE } from '../shared/provider-catalogue.js';

/** The credentials handed to one provider request. */
export type ProviderCredentials = ProviderSearchRequest['credentials'];

/** Why a key that the settings name was not used (docs/providers.md#access-tiers). */
export type KeyFallback = 'key_missing' | 'secret_store_unavailable';

/** How one provider is asked in this search: its credentials, and why a named key is not among them. */
export interface ProviderAccessGrant {
  readonly credentials: ProviderCredentials;
  /** Set when the settings name a key that cannot be used now: the provider is asked keyless. */
  readonly fallback?: KeyFallback;
}

type KeyResolution = { readonly key: string } | { readonly fallback: KeyFallback } | undefined;

async function resolveKey(secrets: SecretStore, reference: string | undefined): Promise<KeyResolution> {
  if (reference === undefined) return undefined;
  if (!secrets.available) return { fallback: 'secret_store_unavailable' };
  try {
    const resolution = await secrets.resolve(reference);
    if (resolution.status === 'resolved' && resolution.value.trim().length > 0) return { key: resolution.value };
    return { fallback: resolution.status === 'unavailable' ? 'secret_store_unavailable' : 'key_missing' };
  } catch {
    return { fallback: 'secret_store_unavailable' }; // The port never throws; a broken store counts as unreachable.
  }
}

/**
 * Resolves how each given (ready) provider is asked, all at once (docs/providers.md#access-tiers):
 * with its key when the settings name one and it resolves; keyless otherwise. A named key that
 * cannot be used (the store holds no such secret, or no store is reachable, or the value is
 * blank) leaves the provider keyless with a {@link KeyFallback} the search turns into a static
 * warning — unless the provider serves no keyless requests, which is then left out (not
 * attempted). Contact emails ride along where the provider has one.
 *
 * Returns provider → grant for the providers that can be searched, in the given order. Secret
 * values only ever travel inside the returned credentials.
 */
export async function resolveProviderAccess(
  providers: readonly ProviderId[],
  settings: NativeSettings,
  secrets: SecretStore,
): Promise<Map<ProviderId, ProviderAccessGrant>> {
  const resolved = await Promise.all(
    providers.map(async (id) => {
      const setting = settings.providers[id];
      const credentials: { apiKey?: string; email?: string } = {};
      let fallback: KeyFallback | undefined;
      if (hasSetting(id, 'api_key')) {
        const resolution = await resolveKey(secrets, setting.apiKeyRef);
        if (resolution !== undefined && 'key' in resolution) credentials.apiKey = resolution.key;
        else if (!PROVIDER_CATALOGUE[id].keyless) return undefined;
        else if (resolution !== undefined) fallback = resolution.fallback;
      }
      if (hasSetting(id, 'email') && setting.email !== undefined) credentials.email = setting.email;
      const grant: ProviderAccessGrant = fallback === undefined ? { credentials } : { credentials, fallback };
      return [id, grant] as const;
    }),
  );
  return new Map(resolved.filter((entry) => entry !== undefined));
}

/** The static warning of a provider asked keyless because its named key cannot be used: `<provider>: <why> (searched keyless)`. */
export const keylessFallbackWarning = (provider: ProviderId, fallback: KeyFallback): string => `${provider}: ${fallback} (searched keyless)`;
