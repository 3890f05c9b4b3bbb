import type { SecretReference, SecretResolution, SecretStore } from '../../ports/secret-store.port.js';

const UNAVAILABLE: SecretResolution = Object.freeze({ status: 'unavailable' });

/**
 * The secret store Lite binds (docs/configuration.md): it holds nothing and resolves nothing.
 *
 * `available` is false, so enabled key-needing providers report `secret_store_unavailable`;
 * `resolve` always answers `unavailable` and never throws. It deliberately reads no
 * environment variable, plaintext file or keychain — there is no fallback to find a key
 * "somewhere else". A later profile binds a real store without touching the domain.
 */
export class UnavailableSecretStore implements SecretStore {
  readonly available = false;

  /** Always `{ status: 'unavailable' }`, whatever the reference. */
  resolve(_reference: SecretReference): Promise<SecretResolution> {
    return Promise.resolve(UNAVAILABLE);
  }
}
