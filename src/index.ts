/**
 * Qiongli as a library: compose the Lite or Standard profile in another program (or a test) and
 * replace adapters through the ports' service identifiers.
 */
export { createContainer, type ContainerOverrides, type Profile } from './composition/create-container.js';
export {
  DispatcherId,
  GrantsId,
  ServerIdentityId,
  ToolDefinitionsId,
  ToolRegistryId,
} from './composition/identifiers.js';
export { TransportId, type Transport, type TransportListener, type Framing } from './ports/transport.port.js';
export { SecretStoreId, type SecretStore, type SecretResolution } from './ports/secret-store.port.js';
export { ConfigSourceId, type ConfigSource, type SettingsReading, type NativeSettings } from './ports/config-source.port.js';
export { SealedTokensId, type SealedTokens } from './ports/sealed-tokens.port.js';
export { SetupPagesId, type SetupPages, type SetupPageRequest, type SetupPageOpening } from './ports/setup-page.port.js';
export { SetupBackendId, type SetupBackend, type SetupState, type SetupForm, type SetupFieldResult } from './ports/setup-backend.port.js';
export { FullTextClientId, type FullTextClient, type FullTextRequest, type FullTextOutcome } from './ports/fulltext-client.port.js';
export { HeldResourcesId, type HeldResources, type HeldResource, type ResourceFile } from './ports/held-resources.port.js';
export { ProviderClientId, type ProviderClient, type ProviderSearchRequest, type ProviderSearchOutcome } from './ports/provider-client.port.js';
export {
  CitationGraphClientId,
  GRAPH_SOURCE_IDS,
  type CitationGraphClient,
  type GraphSession,
  type GraphAccess,
  type GraphSourceId,
} from './ports/citation-graph.port.js';
export {
  ReferenceLookupId,
  REFERENCE_SOURCE_IDS,
  type ReferenceLookup,
  type ReferenceLookupSession,
  type LookupAccess,
  type ReferenceSourceId,
} from './ports/reference-lookup.port.js';
export {
  ZoteroConnectorId,
  type ZoteroConnector,
  type ZoteroFailure,
  type ZoteroResult,
  type ZoteroTarget,
  type ZoteroTargets,
} from './ports/zotero-connector.port.js';
export { VERSION } from './composition/version.js';
export { serveStreams, STOP_GRACE_MS, type ServeStreams } from './composition/serve-streams.js';
export { UseCaseId, TOOL_CATALOGUE, type UseCaseToken, type CatalogueEntry, type ToolName } from './composition/tool-catalogue.js';
export type { UseCase, UseCaseContext } from './domain/shared/use-case.js';
export type { PortToken } from './ports/port-token.js';
