import { ContainerModule } from 'inversify';
import { DEFAULT_GROUPS } from '../domain/shared/profiles.js';
import { UseCaseId } from '../adapters/mcp/use-case-ids.js';
import { standardCatalogue } from '../adapters/mcp/standard-catalogue.js';
import { openSetupPageUseCase, saveWithoutKeysUseCase } from '../adapters/mcp/tools/standard-config-tools.js';
import { LazySetupPages } from './lazy-setup-pages.js';
import { SettingsOnlySetupBackend } from '../domain/provider-setup/settings-only-setup-backend.js';
import { ConfigSourceId, type ConfigSource } from '../ports/config-source.port.js';
import { SecretStoreId, type SecretStore } from '../ports/secret-store.port.js';
import { SetupBackendId, type SetupBackend } from '../ports/setup-backend.port.js';
import { SetupPagesId, type SetupPages } from '../ports/setup-page.port.js';
import { GrantsId, ServerIdentityId, ToolDefinitionsId } from './identifiers.js';
import { STANDARD_IDENTITY } from './server-identity.js';
import type { ContainerOverrides } from './create-container.js';
import { toolDefinitionsOf } from './tool-definitions.js';

/**
 * The Standard profile's bindings, loaded over Lite's (docs/command-line.md#profiles): every
 * capability group granted by default, its identity and tool texts, the setup page and its
 * backend, and the configuration use cases that use them. Nothing else differs from Lite.
 */
export const standardModule = (overrides: ContainerOverrides): ContainerModule =>
  new ContainerModule(({ bind, rebind }) => {
    rebind(GrantsId).toConstantValue(overrides.grants ?? new Set(DEFAULT_GROUPS.standard));
    rebind(ServerIdentityId).toConstantValue(STANDARD_IDENTITY);
    bind(SetupBackendId)
      .toResolvedValue(
        (config: ConfigSource, secrets: SecretStore) => overrides.setupBackend ?? new SettingsOnlySetupBackend(config, secrets),
        [ConfigSourceId, SecretStoreId],
      )
      .inSingletonScope();
    bind(SetupPagesId)
      .toResolvedValue((backend: SetupBackend) => overrides.setupPages ?? new LazySetupPages(backend), [SetupBackendId])
      .inSingletonScope();
    rebind(UseCaseId.saveProviderConfig).toConstantValue(saveWithoutKeysUseCase);
    rebind(UseCaseId.configureProvider)
      .toResolvedValue((pages: SetupPages) => openSetupPageUseCase(pages), [SetupPagesId])
      .inSingletonScope();
    const definitions = toolDefinitionsOf(standardCatalogue());
    rebind(ToolDefinitionsId).toResolvedValue(definitions.resolve, definitions.tokens).inSingletonScope();
  });
