import { ContainerModule } from 'inversify';
import { LazySetupPages } from './lazy-setup-pages.js';
import { StoringSetupBackend } from '../domain/provider-setup/storing-setup-backend.js';
import type { SettingsChangePorts } from '../domain/provider-config-mutation/settings-change-ports.js';
import { SettingsWriterId, type SettingsWriter } from '../ports/settings-writer.port.js';
import { LazySettingsWriter, ReadOnlySettingsWriter } from './lazy-settings-writer.js';
import { freshSecretReference } from './secret-references.js';
import { SecretStoreId, type SecretStore } from '../ports/secret-store.port.js';
import { SetupBackendId, type SetupBackend } from '../ports/setup-backend.port.js';
import { SetupPagesId } from '../ports/setup-page.port.js';
import type { ContainerOverrides } from './create-container.js';
import { ZoteroConnectorId } from '../ports/zotero-connector.port.js';
import { LazyZoteroConnector } from './lazy-zotero-connector.js';

/**
 * The ports only the Standard profile has (docs/command-line.md#profiles): the settings writer,
 * the setup page and its backend, which its configuration tools' slices name, and the connector
 * to the person's Zotero (its status and save tools), loaded on first use.
 */
export const standardModule = (overrides: ContainerOverrides): ContainerModule =>
  new ContainerModule(({ bind }) => {
    // The settings file of this process; a replaced settings source without a writer is never
    // paired with the real file (its writes fail instead).
    bind(SettingsWriterId)
      .toResolvedValue(
        () =>
          overrides.settingsWriter ?? (overrides.configSource === undefined ? new LazySettingsWriter() : new ReadOnlySettingsWriter(overrides.configSource)),
      )
      .inSingletonScope();
    bind(SetupBackendId)
      .toResolvedValue(
        (settings: SettingsWriter, secrets: SecretStore) => overrides.setupBackend ?? new StoringSetupBackend(changePorts(settings, secrets, overrides)),
        [SettingsWriterId, SecretStoreId],
      )
      .inSingletonScope();
    bind(SetupPagesId)
      .toResolvedValue((backend: SetupBackend) => overrides.setupPages ?? new LazySetupPages(backend), [SetupBackendId])
      .inSingletonScope();
    bind(ZoteroConnectorId)
      .toResolvedValue(() => overrides.zoteroConnector ?? new LazyZoteroConnector())
      .inSingletonScope();
  });

/** What the configuration use cases are given: the writer, the store, fresh references. */
const changePorts = (settings: SettingsWriter, secrets: SecretStore, overrides: ContainerOverrides): SettingsChangePorts => ({
  settings,
  secrets,
  newSecretReference: overrides.newSecretReference ?? freshSecretReference,
});
