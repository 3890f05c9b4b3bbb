import { locateKeyringModule, OsKeyringSecretStore } from '../adapters/secret-store/index.js';
import type { SecretStore } from '../ports/secret-store.port.js';

/**
 * The secret store this build binds (docs/configuration.md#secrets): the operating system's
 * credential store (macOS Keychain, Windows Credential Manager, the Secret Service on Linux),
 * in both profiles. It is what `SecretStoreId` resolves to in every profile, and what the
 * `qiongli config` commands use, so a key set at a terminal is the key the server resolves.
 * One function for both, so they cannot drift apart (a test checks the container's binding
 * and this agree). The native module loads on the first key resolved or stored, never here.
 */
export const profileSecretStore = (): SecretStore => new OsKeyringSecretStore({ locate: locateKeyringModule });
