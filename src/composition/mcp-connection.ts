import type { Container } from 'inversify';
import { McpConnection, type ConnectionLifecycle } from '../adapters/mcp/connection.js';
import { SealedTokensId } from '../ports/sealed-tokens.port.js';
import { TimeSlicesId } from '../ports/time-slices.port.js';
import { HeldResourcesId } from '../ports/held-resources.port.js';
import type { Transport } from '../ports/transport.port.js';
import { ServerIdentityId, ToolRegistryId } from './identifiers.js';

/**
 * An MCP connection over `transport` with what `container` binds: the served tools, the
 * server's identity, and the ports the connection uses itself (sealing input-required states,
 * time slices for bulk arguments).
 */
export const mcpConnection = (container: Container, transport: Transport, lifecycle: ConnectionLifecycle): McpConnection =>
  new McpConnection(transport, container.get(ToolRegistryId), container.get(ServerIdentityId), lifecycle, {
    sealedTokens: container.get(SealedTokensId),
    timeSlices: container.get(TimeSlicesId),
    heldResources: container.get(HeldResourcesId),
  });
