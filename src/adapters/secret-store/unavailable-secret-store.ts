import type { SecretPresence, SecretReference, SecretResolution, SecretStore, SecretWrite } from '../../ports/secret-store.port.js';

const UNAVAILABLE: SecretResolution = Object.freeze({ status: 'unavailable' });
const NOT_WRITTEN: SecretWrite = Object.freeze({ status: 'unavailable' });

/**
 * The secret store bound when no credential store is to be used (docs/configuration.md): it holds
 * nothing, resolves nothing and stores nothing.
 *
 * `available` is false, so enabled key-needing providers report `secret_store_unavailable`;
 * `resolve` always answers `unavailable` and never throws. It deliberately reads no
 * environment variable, plaintext file or keychain — there is no fallback to find a key
 * "somewhere else".
 */
export class UnavailableSecretStore implements SecretStore {
  readonly available = false;

  /** Always false: there is no store to reach. */
  reachable(): Promise<boolean> {
    return Promise.resolve(false);
  }

  /** Always `unavailable`, whatever the reference. */
  presence(_reference: SecretReference): Promise<SecretPresence> {
    return Promise.resolve('unavailable');
  }

  /** Always `{ status: 'unavailable' }`, whatever the reference. */
  resolve(_reference: SecretReference): Promise<SecretResolution> {
    return Promise.resolve(UNAVAILABLE);
  }

  /** Always `{ status: 'unavailable' }`: nothing is stored anywhere. */
  store(_reference: SecretReference, _value: string): Promise<SecretWrite> {
    return Promise.resolve(NOT_WRITTEN);
  }

  /** Always `{ status: 'unavailable' }`. */
  remove(_reference: SecretReference): Promise<SecretWrite> {
    return Promise.resolve(NOT_WRITTEN);
  }
}
