import { UnavailableSecretStore } from '../adapters/secret-store/index.js';
import type { SecretStore } from '../ports/secret-store.port.js';

/**
 * The secret store this build binds (docs/configuration.md#secrets): what `SecretStoreId`
 * resolves to in every profile, and what the `qiongli config` commands use, so a key set at a
 * terminal is the key the server resolves. One function for both, so they cannot drift apart
 * (a test checks the container's binding and this agree).
 */
export const profileSecretStore = (): SecretStore => new UnavailableSecretStore();
