/** The SecretStore adapter of the Lite profile (docs/configuration.md). */
export { UnavailableSecretStore } from './unavailable-secret-store.js';
