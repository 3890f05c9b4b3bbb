import { portToken, type PortToken } from './port-token.js';
/** A secret reference as stored in the settings document: `qsr1_` + 32 hex digits (docs/configuration.md). */
export type SecretReference = string;

/** Result of resolving one secret reference. */
export type SecretResolution = { readonly status: 'resolved'; readonly value: string } | { readonly status: 'missing' } | { readonly status: 'unavailable' };

/**
 * Resolves secret references to secret values. Lite binds the *unavailable* store, which
 * never reads environment variables, files or keychains; a later profile binds a real store
 * without touching the domain.
 *
 * Promise: a resolved value is only ever handed to a provider request; it never appears in a
 * tool result, an error or a log.
 */
export interface SecretStore {
  /** Whether this store can resolve anything at all (drives `secret_store_unavailable`). */
  readonly available: boolean;
  /** Resolves one reference; never throws. */
  resolve(reference: SecretReference): Promise<SecretResolution>;
}

/** Service identifier of the {@link SecretStore} port. */
export const SecretStoreId: PortToken<SecretStore> = portToken('qiongli.SecretStore');
