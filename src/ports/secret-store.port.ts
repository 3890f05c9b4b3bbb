import { portToken, type PortToken } from './port-token.js';
/** A secret reference as stored in the settings document: `qsr1_` + 32 hex digits (docs/configuration.md). */
export type SecretReference = string;

/** Result of resolving one secret reference. */
export type SecretResolution = { readonly status: 'resolved'; readonly value: string } | { readonly status: 'missing' } | { readonly status: 'unavailable' };

/** Result of writing or deleting one secret. */
export type SecretWrite = { readonly status: 'done' } | { readonly status: 'unavailable' } | { readonly status: 'failed' };

/**
 * Holds API keys under secret references, in the operating system's credential store
 * (docs/configuration.md). It never falls back to an environment variable, a plaintext file or
 * an in-memory keyring.
 *
 * Promise: a resolved value is only ever handed to a provider request; it never appears in a
 * tool result, an error or a log. No method throws.
 */
export interface SecretStore {
  /** Whether this store can resolve anything at all (drives `secret_store_unavailable`). */
  readonly available: boolean;
  /** Resolves one reference; never throws. */
  resolve(reference: SecretReference): Promise<SecretResolution>;
  /**
   * Stores `value` under `reference`, replacing what was there. `unavailable`: no credential
   * store can be reached (nothing stored); `failed`: the store refused the write.
   */
  store(reference: SecretReference, value: string): Promise<SecretWrite>;
  /** Deletes the secret under `reference`; deleting a reference that holds nothing is `done`. */
  remove(reference: SecretReference): Promise<SecretWrite>;
}

/** Service identifier of the {@link SecretStore} port. */
export const SecretStoreId: PortToken<SecretStore> = portToken('qiongli.SecretStore');
