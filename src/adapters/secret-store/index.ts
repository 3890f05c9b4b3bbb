/** The SecretStore adapters (docs/configuration.md#secrets). */
export { UnavailableSecretStore } from './unavailable-secret-store.js';
export { OsKeyringSecretStore, type OsKeyringOptions } from './os-keyring-secret-store.js';
export { locateKeyringModule, type KeyringModuleLocation } from './keyring-module-location.js';
