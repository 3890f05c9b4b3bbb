import type { createContainer } from '../../src/composition/create-container.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { initialize, request } from './messages.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';

/** Serves `container` over an in-memory transport, initialized (2025-06-18): send requests with `receive`, read answers with `responseTo`. */
export function connectInMemory(container: ReturnType<typeof createContainer>): FakeTransport {
  const transport = new FakeTransport();
  mcpConnection(container, transport, { finished: () => undefined, failed: () => undefined }).start();
  transport.receive(initialize(0, '2025-06-18'));
  return transport;
}

/**
 * Serves `container` over an in-memory transport, initializes (2025-06-18), sends one
 * `qiongli_literature_search` call with `args` as request 1 and resolves with the transport
 * once its response is there (rejects after `ms`).
 */
export async function searchInMemory(container: ReturnType<typeof createContainer>, args: Record<string, unknown>, ms = 15_000): Promise<FakeTransport> {
  const transport = connectInMemory(container);
  transport.receive(request(1, 'tools/call', { name: 'qiongli_literature_search', arguments: args }));
  const deadline = Date.now() + ms;
  while (transport.responseTo(1) === undefined) {
    if (Date.now() > deadline) throw new Error('no search response in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return transport;
}
