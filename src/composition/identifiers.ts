import type { ServiceIdentifier } from 'inversify';
import type { Dispatcher } from 'undici';
import type { ToolDefinition } from '../adapters/mcp/tool-definition.js';
import type { ToolRegistry } from '../adapters/mcp/tool-registry.js';
import type { ServerIdentity } from '../adapters/mcp/server-identity.js';
import type { CapabilityGroup } from '../domain/shared/capability-groups.js';
import type { ProviderRuntimeLoader } from './lazy-provider-client.js';

/** The capability groups granted by `--capabilities` (the profile's default groups when absent). */
export const GrantsId: ServiceIdentifier<ReadonlySet<CapabilityGroup>> = Symbol.for('qiongli.Grants');
/** Every implemented tool definition of the profile. */
export const ToolDefinitionsId: ServiceIdentifier<readonly ToolDefinition[]> = Symbol.for('qiongli.ToolDefinitions');
/** The served tools: definitions filtered by the grant, in frozen order. */
export const ToolRegistryId: ServiceIdentifier<ToolRegistry> = Symbol.for('qiongli.ToolRegistry');
/** Name, version, title and instructions the server reports. */
export const ServerIdentityId: ServiceIdentifier<ServerIdentity> = Symbol.for('qiongli.ServerIdentity');
/**
 * The undici Dispatcher provider requests go through. Unbound by default (the adapter then
 * uses its own, which honours HTTPS_PROXY/NO_PROXY: docs/configuration.md#proxies; endpoints
 * stay constant); bind a `MockAgent` in tests.
 */
export const DispatcherId: ServiceIdentifier<Dispatcher> = Symbol.for('qiongli.Dispatcher');
/**
 * Loads the provider adapters and their shared HTTP policy on first need (one per container):
 * every networked client of the profile is built from it, so they share pacing.
 */
export const ProviderRuntimeId: ServiceIdentifier<ProviderRuntimeLoader> = Symbol.for('qiongli.ProviderRuntime');
