/** The SecretStore adapter of the Lite profile (SPEC §8). */
export { UnavailableSecretStore } from './unavailable-secret-store.js';
