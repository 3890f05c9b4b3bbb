import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { createContainer } from '../../src/composition/create-container.js';
import type { Framing } from '../../src/ports/transport.port.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';

/** The server end: a fake transport whose frames go straight to the client end. */
export class BridgedTransport extends FakeTransport {
  toClient: ((message: JSONRPCMessage) => void) | undefined;

  override send(payload: string | Uint8Array, framing: Framing): void {
    super.send(payload, framing);
    const message = JSON.parse(this.sent.at(-1)!.payload) as JSONRPCMessage;
    queueMicrotask(() => this.toClient?.(message));
  }
}

/** The client end, in the v1 SDK's transport shape. */
export class ClientEnd implements SdkTransport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  constructor(private readonly server: BridgedTransport) {
    server.toClient = (message) => this.onmessage?.(message);
  }

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    this.server.receive(message);
  }

  async close(): Promise<void> {
    this.server.end();
    this.onclose?.();
  }
}

/**
 * The v1 SDK client connected in process to a composed server (its McpConnection over a
 * {@link BridgedTransport}). The v1 client checks every `structuredContent` against the
 * tool's listed `outputSchema` (after `tools/list`, which the caller runs first) and throws
 * when it does not conform; error results must carry none.
 */
export async function connectV1InProcess(container: ReturnType<typeof createContainer>): Promise<{ client: Client; server: BridgedTransport }> {
  const server = new BridgedTransport();
  mcpConnection(container, server, { finished: () => undefined, failed: () => undefined }).start();
  const client = new Client({ name: 'qiongli-in-process', version: '1.0.0' });
  await client.connect(new ClientEnd(server));
  return { client, server };
}
