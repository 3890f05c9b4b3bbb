import type { ProviderId, SourceId } from '../../ports/config-source.port.js';
import type { SecretReference, SecretStore } from '../../ports/secret-store.port.js';
import type { SettingsWriter } from '../../ports/settings-writer.port.js';

/**
 * What the configuration changes need (docs/configuration.md#changing-the-settings): the
 * settings writer, the secret store, and a source of fresh secret references. The domain draws
 * no random numbers itself; the composition root injects `newSecretReference`, which must
 * return `qsr1_` + 32 random lowercase hex digits, different at every call.
 */
export interface SettingsChangePorts {
  readonly settings: SettingsWriter;
  readonly secrets: SecretStore;
  readonly newSecretReference: () => SecretReference;
}

/** What `enable` and `disable` switch: a search provider, a keyless source, or Zotero delivery (`zotero`). */
export type ChangeTarget = ProviderId | SourceId | 'zotero';

/** The shape every secret reference has (docs/configuration.md#the-settings-document). */
export const SECRET_REFERENCE = /^qsr1_[0-9a-f]{32}$/;
