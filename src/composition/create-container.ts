import { Container, ContainerModule } from 'inversify';
import type { Dispatcher } from 'undici';
import { ToolRegistry } from '../adapters/mcp/tool-registry.js';
import { NativeSettingsFileSource } from '../adapters/config-source/index.js';
import { UnavailableSecretStore } from '../adapters/secret-store/index.js';
import { LITE_DEFAULT_GROUPS, type CapabilityGroup } from '../domain/shared/capability-groups.js';
import { ConfigSourceId, type ConfigSource } from '../ports/config-source.port.js';
import { SecretStoreId, type SecretStore } from '../ports/secret-store.port.js';
import { ProviderClientId, type ProviderClient } from '../ports/provider-client.port.js';
import { SealedTokensId, type SealedTokens } from '../ports/sealed-tokens.port.js';
import { FullTextClientId, type FullTextClient } from '../ports/fulltext-client.port.js';
import { lazyUndiciFullTextClient } from './lazy-fulltext-client.js';
import { AesGcmSealedTokens } from '../adapters/sealed-token/index.js';
import { DispatcherId, GrantsId, ProviderRuntimeId, ServerIdentityId, ToolDefinitionsId, ToolRegistryId } from './identifiers.js';
import { LITE_IDENTITY } from './server-identity.js';
import { liteUseCases } from './lite-use-cases.js';
import { TOOL_CATALOGUE } from '../adapters/mcp/tool-catalogue.js';
import { toolDefinition } from '../adapters/mcp/tool-definition.js';
import type { UseCase } from '../domain/shared/use-case.js';
import { lazyUndiciProviderClient, providerRuntimeLoader, type ProviderRuntimeLoader } from './lazy-provider-client.js';
import { LazyConfigSource } from './lazy-config-source.js';

/** Profiles this program can compose. Only Lite exists (docs/index.md#what-lite-does-not-do: no Full profile). */
export type Profile = 'lite';

/**
 * What an embedding program or a test may replace. Endpoints are not among them: no override,
 * argument or environment variable can change where provider requests go.
 */
export interface ContainerOverrides {
  /** Capability groups to serve (default: Lite's default groups, without the opt-in `graph` and `fulltext`). */
  readonly grants?: ReadonlySet<CapabilityGroup>;
  /** Settings source (default: the native settings file, read lazily once). */
  readonly configSource?: ConfigSource;
  /** Secret store (default: the unavailable store). */
  readonly secretStore?: SecretStore;
  /** undici Dispatcher for provider requests, e.g. a `MockAgent` (default: a plain Agent). */
  readonly dispatcher?: Dispatcher;
  /** A whole provider client, replacing the undici adapter (tests, embedders). */
  readonly providerClient?: ProviderClient;
  /** Sealer of cursors and request states (default: AES-256-GCM under a key drawn on first use). */
  readonly sealedTokens?: SealedTokens;
  /** A whole full-text client, replacing the undici adapter (tests, embedders). */
  readonly fullTextClient?: FullTextClient;
}

/** The Lite profile's bindings. */
export const liteModule = (overrides: ContainerOverrides): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(GrantsId).toConstantValue(overrides.grants ?? new Set(LITE_DEFAULT_GROUPS));
    bind(ServerIdentityId).toConstantValue(LITE_IDENTITY);
    bind(ConfigSourceId)
      .toResolvedValue(() => overrides.configSource ?? new LazyConfigSource(() => NativeSettingsFileSource.forThisProcess()))
      .inSingletonScope();
    bind(SecretStoreId)
      .toResolvedValue(() => overrides.secretStore ?? new UnavailableSecretStore())
      .inSingletonScope();
    bind(SealedTokensId)
      .toResolvedValue(() => overrides.sealedTokens ?? new AesGcmSealedTokens())
      .inSingletonScope();
    if (overrides.dispatcher) bind(DispatcherId).toConstantValue(overrides.dispatcher);
    bind(ProviderRuntimeId)
      .toResolvedValue((dispatcher: Dispatcher | undefined) => providerRuntimeLoader(dispatcher), [{ serviceIdentifier: DispatcherId, optional: true }])
      .inSingletonScope();
    // The undici client, loaded on the first search, unless a whole client was given.
    bind(ProviderClientId)
      .toResolvedValue((runtime: ProviderRuntimeLoader) => overrides.providerClient ?? lazyUndiciProviderClient(runtime), [ProviderRuntimeId])
      .inSingletonScope();
    // The full-text client, loaded on the first read from the same runtime (shared pacing).
    bind(FullTextClientId)
      .toResolvedValue((runtime: ProviderRuntimeLoader) => overrides.fullTextClient ?? lazyUndiciFullTextClient(runtime), [ProviderRuntimeId])
      .inSingletonScope();
    // Each catalogue entry joined with the use case it names, in catalogue order.
    bind(ToolDefinitionsId)
      .toResolvedValue(
        (...useCases: UseCase[]) => TOOL_CATALOGUE.map((entry, index) => toolDefinition(entry, useCases[index] as UseCase)),
        TOOL_CATALOGUE.map((entry) => entry.useCase),
      )
      .inSingletonScope();
    bind(ToolRegistryId)
      .toResolvedValue((definitions, grants) => new ToolRegistry(definitions, grants), [ToolDefinitionsId, GrantsId])
      .inSingletonScope();
  });

/**
 * Composes a profile. A fresh container per call, so tests and embedders never share
 * singletons. Bindings may also be replaced with `container.rebind(ConfigSourceId)` and the
 * like before the first `get`.
 */
export function createContainer(profile: Profile, overrides: ContainerOverrides = {}): Container {
  if (profile !== 'lite') throw new Error('unsupported profile');
  const container = new Container();
  container.load(liteModule(overrides), liteUseCases);
  return container;
}
