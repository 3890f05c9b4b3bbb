import { ContainerModule } from 'inversify';
import { DEFAULT_GROUPS } from '../domain/shared/profiles.js';
import { UseCaseId } from '../adapters/mcp/use-case-ids.js';
import { standardCatalogue } from '../adapters/mcp/standard-catalogue.js';
import { openSetupPageUseCase, savePublicSettingsUseCase } from '../adapters/mcp/tools/standard-config-tools.js';
import { LazySetupPages } from './lazy-setup-pages.js';
import { StoringSetupBackend } from '../domain/provider-setup/storing-setup-backend.js';
import type { SettingsChangePorts } from '../domain/provider-config-mutation/settings-change-ports.js';
import { SettingsWriterId, type SettingsWriter } from '../ports/settings-writer.port.js';
import { LazySettingsWriter, ReadOnlySettingsWriter } from './lazy-settings-writer.js';
import { freshSecretReference } from './secret-references.js';
import { SecretStoreId, type SecretStore } from '../ports/secret-store.port.js';
import { SetupBackendId, type SetupBackend } from '../ports/setup-backend.port.js';
import { SetupPagesId, type SetupPages } from '../ports/setup-page.port.js';
import { GrantsId, ServerIdentityId, ToolDefinitionsId } from './identifiers.js';
import { STANDARD_IDENTITY } from './server-identity.js';
import type { ContainerOverrides } from './create-container.js';
import { toolDefinitionsOf } from './tool-definitions.js';

/**
 * The Standard profile's bindings, loaded over Lite's (docs/command-line.md#profiles): every
 * capability group granted by default, its identity and tool texts, the settings writer, the
 * setup page and its backend, and the configuration use cases that use them. Nothing else differs from Lite.
 */
export const standardModule = (overrides: ContainerOverrides): ContainerModule =>
  new ContainerModule(({ bind, rebind }) => {
    rebind(GrantsId).toConstantValue(overrides.grants ?? new Set(DEFAULT_GROUPS.standard));
    rebind(ServerIdentityId).toConstantValue(STANDARD_IDENTITY);
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
    rebind(UseCaseId.saveProviderConfig)
      .toResolvedValue((settings: SettingsWriter) => savePublicSettingsUseCase({ settings }), [SettingsWriterId])
      .inSingletonScope();
    rebind(UseCaseId.configureProvider)
      .toResolvedValue((pages: SetupPages) => openSetupPageUseCase(pages), [SetupPagesId])
      .inSingletonScope();
    const definitions = toolDefinitionsOf(standardCatalogue());
    rebind(ToolDefinitionsId).toResolvedValue(definitions.resolve, definitions.tokens).inSingletonScope();
  });

/** What the configuration use cases are given: the writer, the store, fresh references. */
const changePorts = (settings: SettingsWriter, secrets: SecretStore, overrides: ContainerOverrides): SettingsChangePorts => ({
  settings,
  secrets,
  newSecretReference: overrides.newSecretReference ?? freshSecretReference,
});
