import { portToken, type PortToken } from './port-token.js';
/** A secret reference as stored in the settings document: `qsr1_` + 32 hex digits (docs/configuration.md). */
export type SecretReference = string;

/** Result of resolving one secret reference. */
export type SecretResolution = { readonly status: 'resolved'; readonly value: string } | { readonly status: 'missing' } | { readonly status: 'unavailable' };

/**
 * Whether one reference holds a secret, learned without the secret leaving the store adapter
 * (the status answers' `keyed` / `key_missing` / `secret_store_unavailable`).
 */
export type SecretPresence = 'present' | 'missing' | 'unavailable';

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
  /**
   * A cheap, synchronous hint: false once the store proved unreachable (its native module did
   * not load, no answer in time) or when nothing could reach it (no D-Bus session on Linux).
   * True promises nothing before a call: {@link reachable} asks the store.
   */
  readonly available: boolean;
  /**
   * Whether the store answers now: the native module loads and one lookup of a reference that
   * is never used answers in time (bounded by the store's timeout). Never throws.
   */
  reachable(): Promise<boolean>;
  /**
   * Whether `reference` holds a secret, for status answers: the adapter reads the value and
   * discards it where it is read (it is never returned, cached or logged); bounded by the
   * store's timeout; an answer is kept per reference (a settings revision that changes a key
   * names a fresh reference) until this store writes, deletes or resolves that reference. Never
   * throws.
   */
  presence(reference: SecretReference): Promise<SecretPresence>;
  /** Resolves one reference; never throws. */
  resolve(reference: SecretReference): Promise<SecretResolution>;
  /**
   * Stores `value` under `reference`, replacing what was there. `unavailable`: no credential
   * store can be reached (nothing stored); `failed`: the store refused the write. `description`
   * (say `OpenAlex API key`) names the secret where the store shows a label a person reads.
   */
  store(reference: SecretReference, value: string, description?: string): Promise<SecretWrite>;
  /** Deletes the secret under `reference`; deleting a reference that holds nothing is `done`. */
  remove(reference: SecretReference): Promise<SecretWrite>;
}

/** Service identifier of the {@link SecretStore} port. */
export const SecretStoreId: PortToken<SecretStore> = portToken('qiongli.SecretStore');
