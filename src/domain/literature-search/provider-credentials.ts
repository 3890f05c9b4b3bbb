import type { NativeSettings, ProviderId } from '../../ports/config-source.port.js';
import type { ProviderSearchRequest } from '../../ports/provider-client.port.js';
import type { SecretStore } from '../../ports/secret-store.port.js';
import { hasSetting } from '../shared/provider-catalogue.js';

/** The credentials handed to one provider request. */
export type ProviderCredentials = ProviderSearchRequest['credentials'];

async function resolveKey(secrets: SecretStore, reference: string | undefined): Promise<string | undefined> {
  if (reference === undefined) return undefined;
  try {
    const resolution = await secrets.resolve(reference);
    return resolution.status === 'resolved' && resolution.value.trim().length > 0 ? resolution.value : undefined;
  } catch {
    return undefined; // The port never throws; a broken store counts as "does not resolve".
  }
}

/**
 * Resolves the credentials of each given (ready) provider, all at once. docs/providers.md#providers-and-readiness makes a key
 * provider ready only when its key *resolves*; readiness (which never resolves secrets) can
 * only see that a reference is set. So a key provider whose reference does not resolve now
 * (missing, store unavailable, blank value) is left out of the answer: the search treats it as
 * not ready and does not attempt it. Email and arXiv providers always get an entry.
 *
 * Returns provider → credentials for the providers that can be searched, in the given order.
 * Secret values only ever travel inside the returned credentials.
 */
export async function resolveProviderCredentials(
  providers: readonly ProviderId[],
  settings: NativeSettings,
  secrets: SecretStore,
): Promise<Map<ProviderId, ProviderCredentials>> {
  const resolved = await Promise.all(
    providers.map(async (id) => {
      const setting = settings.providers[id];
      const credentials: { apiKey?: string; email?: string } = {};
      if (hasSetting(id, 'api_key')) {
        const apiKey = await resolveKey(secrets, setting.apiKeyRef);
        if (apiKey === undefined) return undefined;
        credentials.apiKey = apiKey;
      }
      if (hasSetting(id, 'email') && setting.email !== undefined) credentials.email = setting.email;
      return [id, credentials] as const;
    }),
  );
  return new Map(resolved.filter((entry) => entry !== undefined));
}
