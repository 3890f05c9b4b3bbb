import type { ServiceIdentifier } from 'inversify';
import type { Dispatcher } from 'undici';
import type { ToolDefinition } from '../adapters/mcp/tool-definition.js';
import type { ToolRegistry } from '../adapters/mcp/tool-registry.js';
import type { ServerIdentity } from '../adapters/mcp/server-identity.js';
import type { CapabilityGroup } from '../domain/shared/capability-groups.js';

/** The capability groups granted by `--capabilities` (all groups by default). */
export const GrantsId: ServiceIdentifier<ReadonlySet<CapabilityGroup>> = Symbol.for('qiongli.Grants');
/** Every implemented tool definition of the profile. */
export const ToolDefinitionsId: ServiceIdentifier<readonly ToolDefinition[]> = Symbol.for('qiongli.ToolDefinitions');
/** The served tools: definitions filtered by the grant, in frozen order. */
export const ToolRegistryId: ServiceIdentifier<ToolRegistry> = Symbol.for('qiongli.ToolRegistry');
/** Name, version, title and instructions the server reports. */
export const ServerIdentityId: ServiceIdentifier<ServerIdentity> = Symbol.for('qiongli.ServerIdentity');
/**
 * The undici Dispatcher provider requests go through. Unbound by default (the adapter then
 * uses its own plain Agent: no proxy, constant endpoints); bind a `MockAgent` in tests.
 */
export const DispatcherId: ServiceIdentifier<Dispatcher> = Symbol.for('qiongli.Dispatcher');
