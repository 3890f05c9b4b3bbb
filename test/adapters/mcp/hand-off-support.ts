import { McpConnection, type ConnectionOptions } from '../../../src/adapters/mcp/connection.js';
import { ToolRegistry } from '../../../src/adapters/mcp/tool-registry.js';
import type { ToolDefinition } from '../../../src/adapters/mcp/tool-definition.js';
import { ALL_CAPABILITY_GROUPS } from '../../../src/domain/shared/capability-groups.js';
import { success } from '../../../src/domain/shared/result.js';
import { UrlHandOff, type PageOffer } from '../../../src/domain/shared/url-hand-off.js';
import { FakeTransport } from '../../fakes/transport.fake.js';
import { envelope } from '../../support/messages.js';
import { controllableTool } from './connection-support.js';
import { testConnectionOptions } from '../../support/connection-options.js';

export const PAGE_URL = 'http://127.0.0.1:4321/start?token=abc';
export const PAGE_MESSAGE = 'Open the page';

/** A hand-off tool whose page "saves" when the test calls `save()`; it counts how often it ran. */
export function handOffTool(name = 'qiongli_configure_provider') {
  let markSaved!: (saved: boolean) => void;
  const completed = new Promise<boolean>((resolve) => (markSaved = resolve));
  const state = { runs: 0 };
  const tool: ToolDefinition = controllableTool(name, () => {
    state.runs++;
    return success(new UrlHandOff(PAGE_URL, PAGE_MESSAGE, completed, (offer: PageOffer) => ({ url: PAGE_URL, offer })));
  });
  return { tool, state, save: (saved = true) => markSaved(saved) };
}

/** The URL-mode elicitation capability, as clients declare it. */
export const URL_MODE = { elicitation: { url: {} } };

/** A started connection; legacy ones are initialized with `capabilities`. */
export function connectWith(tools: ToolDefinition[], revision: string, capabilities: Record<string, unknown> = {}, options: Partial<ConnectionOptions> = {}) {
  const transport = new FakeTransport();
  const events = { finished: 0 };
  const connection = new McpConnection(
    transport,
    new ToolRegistry(tools, new Set(ALL_CAPABILITY_GROUPS)),
    { name: 'qiongli', version: '0.0.0', title: 'Q', instructions: 'i' },
    { finished: () => events.finished++, failed: () => undefined },
    testConnectionOptions(options),
  );
  connection.start();
  if (revision !== '2026-07-28')
    transport.receive({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: revision, capabilities, clientInfo: { name: 't', version: '1' } },
    });
  return { transport, events, connection };
}

/** A 2026-07-28 tools/call whose envelope declares `capabilities`, with extra params (a retry's). */
export const modernCall = (
  id: number | string,
  name: string,
  args: Record<string, unknown>,
  capabilities: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, ...extra, _meta: envelope(undefined, { 'io.modelcontextprotocol/clientCapabilities': capabilities }) },
});

/** Requests the server sent (messages with a method and an id). */
export const serverRequests = (transport: FakeTransport) => transport.messages().filter((message) => 'method' in message && 'id' in message);
/** Notifications the server sent. */
export const serverNotifications = (transport: FakeTransport, method: string) =>
  transport.messages().filter((message) => message.method === method && !('id' in message));
