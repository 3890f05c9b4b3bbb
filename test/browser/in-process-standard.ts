import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LoopbackSetupPages } from '../../src/adapters/setup-page/index.js';
import { createContainer, type ContainerOverrides } from '../../src/index.js';
import { SetupPagesId } from '../../src/ports/setup-page.port.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import type { FakeSetupBackend } from '../fakes/setup-backend.fake.js';
import { BridgedTransport, ClientEnd } from '../support/in-process-v1-client.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';

/** Every frame that crossed the connection, both ways, as text: what a host could log. */
interface Wire {
  readonly frames: string[];
}

/** The client end, recording what the client sends. */
class RecordingClientEnd extends ClientEnd {
  constructor(
    server: BridgedTransport,
    private readonly wire: Wire,
  ) {
    super(server);
  }

  override send(message: JSONRPCMessage): Promise<void> {
    this.wire.frames.push(JSON.stringify(message));
    return super.send(message);
  }
}

/**
 * The Standard profile served in process with the real setup page, and a connection whose frames
 * are all kept; `end` is what a client (v1 or v2) connects to. Over `backend` (a fake) with
 * default settings, or — without one — over the profile's own backend and whatever `overrides`
 * give (the settings file and secret store of a test, the loopback providers' dispatcher).
 */
export function standardInProcess(backend: FakeSetupBackend | undefined, overrides: ContainerOverrides = {}) {
  const container = createContainer(
    'standard',
    backend === undefined ? overrides : { configSource: FakeConfigSource.defaults(), setupPages: new LoopbackSetupPages(backend), setupBackend: backend },
  );
  const pages = container.get(SetupPagesId);
  const server = new BridgedTransport();
  const wire: Wire = { frames: [] };
  mcpConnection(container, server, { finished: () => undefined, failed: () => undefined }).start();
  const end = new RecordingClientEnd(server, wire);
  /** Everything the server sent, and the client sent, so far. */
  const allFrames = () => [...server.sent.map((frame) => frame.payload), ...wire.frames];
  return { end, allFrames, close: () => pages.close() };
}

/** A v1 SDK client that declares URL-mode elicitation (it negotiates 2025-11-25). */
export const urlModeV1 = () => new ClientV1({ name: 'qiongli-browser', version: '1.0.0' }, { capabilities: { elicitation: { url: {} } } });

/** A v2 client pinned to 2026-07-28 that declares URL-mode elicitation (it fulfils input requests itself). */
export const urlModeV2 = () =>
  new ClientV2(
    { name: 'qiongli-browser', version: '1.0.0' },
    { capabilities: { elicitation: { url: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
