import { Container, ContainerModule } from 'inversify';
import type { Dispatcher } from 'undici';
import { ToolRegistry } from '../adapters/mcp/tool-registry.js';
import { NativeSettingsFileSource } from '../adapters/config-source/index.js';
import type { CapabilityGroup } from '../domain/shared/capability-groups.js';
import { DEFAULT_GROUPS, type Profile } from '../domain/shared/profiles.js';
import { ConfigSourceId, type ConfigSource } from '../ports/config-source.port.js';
import { SecretStoreId, type SecretReference, type SecretStore } from '../ports/secret-store.port.js';
import type { SettingsWriter } from '../ports/settings-writer.port.js';
import { ProviderClientId, type ProviderClient } from '../ports/provider-client.port.js';
import { SealedTokensId, type SealedTokens } from '../ports/sealed-tokens.port.js';
import { FullTextClientId, type FullTextClient } from '../ports/fulltext-client.port.js';
import { lazyUndiciFullTextClient } from './lazy-fulltext-client.js';
import { ReferenceLookupId, type ReferenceLookup } from '../ports/reference-lookup.port.js';
import { BibliographyParserSourceId } from '../ports/bibliography-parser.port.js';
import { lazyBibliographyParser, lazyUndiciReferenceLookup } from './lazy-reference-lookup.js';
import { AesGcmSealedTokens } from '../adapters/sealed-token/index.js';
import { DispatcherId, GrantsId, ProviderRuntimeId, ServerIdentityId, ToolDefinitionsId, ToolRegistryId } from './identifiers.js';
import { identityOf } from './server-identity.js';
import { lazyUndiciProviderClient, providerRuntimeLoader, type ProviderRuntimeLoader } from './lazy-provider-client.js';
import { LazyConfigSource } from './lazy-config-source.js';
import type { SetupPages } from '../ports/setup-page.port.js';
import type { SetupBackend } from '../ports/setup-backend.port.js';
import { standardModule } from './standard-module.js';
import { lazyUndiciCitationGraphClient } from './lazy-citation-graph-client.js';
import { CitationGraphClientId, type CitationGraphClient } from '../ports/citation-graph.port.js';
import { profileSecretStore } from './secret-store-binding.js';
import { TimeSlicesId, type TimeSlices } from '../ports/time-slices.port.js';
import { eventLoopSlices } from '../adapters/scheduling/time-slices.js';
import { TextDigestsId, type TextDigests } from '../ports/text-digests.port.js';
import type { ZoteroConnector } from '../ports/zotero-connector.port.js';
import { sha256Hex } from '../adapters/fulltext-client/text-digest.js';
import { toolBindings } from './tool-bindings.js';
import { HeldResourcesId, type HeldResources } from '../ports/held-resources.port.js';
import { InMemoryHeldResources } from '../adapters/held-resources/index.js';
import { LITE_TOOLS } from './profiles/lite.js';
import { STANDARD_TOOLS } from './profiles/standard.js';
import type { ToolSlice } from '../tools/tool-slice.js';

export type { Profile } from '../domain/shared/profiles.js';

/**
 * What an embedding program or a test may replace. Endpoints are not among them: no override,
 * argument or environment variable can change where provider requests go.
 */
export interface ContainerOverrides {
  /** Capability groups to serve (default: the profile's: Lite's without the opt-in `graph`, `fulltext` and `verify`, every group in Standard). */
  readonly grants?: ReadonlySet<CapabilityGroup>;
  /** Settings source (default: the native settings file, read lazily once). */
  readonly configSource?: ConfigSource;
  /** Secret store (default: {@link profileSecretStore}, the store the config commands use too). */
  readonly secretStore?: SecretStore;
  /** undici Dispatcher for provider requests, e.g. a `MockAgent` (default: a plain Agent). */
  readonly dispatcher?: Dispatcher;
  /** A whole provider client, replacing the undici adapter (tests, embedders). */
  readonly providerClient?: ProviderClient;
  /** Sealer of cursors and request states (default: AES-256-GCM under a key drawn on first use). */
  readonly sealedTokens?: SealedTokens;
  /** Standard only: the setup page (default: the loopback page on 127.0.0.1). */
  readonly setupPages?: SetupPages;
  /** Standard only: what the setup page reads and saves (default: the settings writer and the secret store, through the configuration use cases). */
  readonly setupBackend?: SetupBackend;
  /**
   * Standard only: the settings writer of the save tool and the setup page (default: the
   * settings file of this process; when `configSource` is replaced and this is not, a writer
   * that reads that source and writes nothing).
   */
  readonly settingsWriter?: SettingsWriter;
  /** Standard only: fresh secret references for keys saved on the setup page (default: 128 random bits). */
  readonly newSecretReference?: () => SecretReference;
  /** A whole citation-graph client, replacing the undici adapter (tests, embedders). */
  readonly citationGraphClient?: CitationGraphClient;
  /** A whole full-text client, replacing the undici adapter (tests, embedders). */
  readonly fullTextClient?: FullTextClient;
  /** Where tools hold the files they link (default: this process's memory, 30 minutes, bounded). */
  readonly heldResources?: HeldResources;
  /** The reference check's sources, replacing the undici adapter (tests, embedders). */
  readonly referenceLookup?: ReferenceLookup;
  /** Standard only: the connector to the person's Zotero (default: the undici adapter on 127.0.0.1:23119, loaded on first use). */
  readonly zoteroConnector?: ZoteroConnector;
}

/** The tools each profile serves, in `tools/list` order (src/composition/profiles/). */
const PROFILE_TOOLS: Readonly<Record<Profile, readonly ToolSlice[]>> = { lite: LITE_TOOLS, standard: STANDARD_TOOLS };

/** SHA-256 over `node:crypto`. */
const DIGESTS: TextDigests = { sha256Hex };

/** The bindings every profile has: its grants and identity, and the ports the tools and the MCP connection use. */
const sharedModule = (profile: Profile, overrides: ContainerOverrides): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(GrantsId).toConstantValue(overrides.grants ?? new Set(DEFAULT_GROUPS[profile]));
    bind(ServerIdentityId)
      .toResolvedValue((grants: ReadonlySet<CapabilityGroup>) => identityOf(profile, grants), [GrantsId])
      .inSingletonScope();
    bind(ConfigSourceId)
      .toResolvedValue(() => overrides.configSource ?? new LazyConfigSource(() => NativeSettingsFileSource.forThisProcess()))
      .inSingletonScope();
    bind(SecretStoreId)
      .toResolvedValue(() => overrides.secretStore ?? profileSecretStore())
      .inSingletonScope();
    bind(SealedTokensId)
      .toResolvedValue(() => overrides.sealedTokens ?? new AesGcmSealedTokens())
      .inSingletonScope();
    if (overrides.dispatcher) bind(DispatcherId).toConstantValue(overrides.dispatcher);
    bind(ProviderRuntimeId)
      .toResolvedValue(
        (slices: TimeSlices, dispatcher: Dispatcher | undefined) => providerRuntimeLoader(dispatcher, slices),
        [TimeSlicesId, { serviceIdentifier: DispatcherId, optional: true }],
      )
      .inSingletonScope();
    // The undici client, loaded on the first search, unless a whole client was given.
    bind(ProviderClientId)
      .toResolvedValue((runtime: ProviderRuntimeLoader) => overrides.providerClient ?? lazyUndiciProviderClient(runtime), [ProviderRuntimeId])
      .inSingletonScope();
    // The citation-graph client, built from the same runtime (shared HTTP policy and pacing) when a graph tool first asks a source.
    bind(CitationGraphClientId)
      .toResolvedValue((runtime: ProviderRuntimeLoader) => overrides.citationGraphClient ?? lazyUndiciCitationGraphClient(runtime), [ProviderRuntimeId])
      .inSingletonScope();
    // The full-text client, loaded on the first read from the same runtime (shared pacing).
    bind(FullTextClientId)
      .toResolvedValue((runtime: ProviderRuntimeLoader) => overrides.fullTextClient ?? lazyUndiciFullTextClient(runtime), [ProviderRuntimeId])
      .inSingletonScope();
    // The reference check's lookups, loaded on its first question from the same runtime (shared pacing); its BibTeX parser on the first BibTeX.
    bind(ReferenceLookupId)
      .toResolvedValue((runtime: ProviderRuntimeLoader) => overrides.referenceLookup ?? lazyUndiciReferenceLookup(runtime), [ProviderRuntimeId])
      .inSingletonScope();
    bind(BibliographyParserSourceId).toResolvedValue(lazyBibliographyParser).inSingletonScope();
    bind(TimeSlicesId).toConstantValue(eventLoopSlices);
    bind(TextDigestsId).toConstantValue(DIGESTS);
    // The files tools hold for resources/read (docs/protocol.md#resources), one store per container.
    bind(HeldResourcesId)
      .toResolvedValue(() => overrides.heldResources ?? new InMemoryHeldResources())
      .inSingletonScope();
    bind(ToolRegistryId)
      .toResolvedValue((definitions, grants) => new ToolRegistry(definitions, grants), [ToolDefinitionsId, GrantsId])
      .inSingletonScope();
  });

/**
 * Composes a profile: the shared bindings, the use cases and tool definitions derived from the
 * profile's list of tool slices, and for Standard the ports only it has (see
 * {@link standardModule}). A fresh container per call, so tests and embedders never share
 * singletons. Bindings may also be replaced with `container.rebind(ConfigSourceId)` and the
 * like before the first `get`.
 */
export function createContainer(profile: Profile, overrides: ContainerOverrides = {}): Container {
  if (profile !== 'lite' && profile !== 'standard') throw new Error('unsupported profile');
  const container = new Container();
  container.load(sharedModule(profile, overrides), toolBindings(PROFILE_TOOLS[profile]));
  if (profile === 'standard') container.load(standardModule(overrides));
  return container;
}
