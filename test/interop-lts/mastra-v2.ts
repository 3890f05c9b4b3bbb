import type { InteropClient, InteropConnection } from '../interop/interop-session.js';
import { seenInMastraOutput } from '../interop/clients/mastra.js';
import { observe, serverCommand, textOfContents } from '../interop/clients/server-command.js';
import { LTS_CLIENTS_DIR, loadLtsPackage } from './lts-install.js';

/** A Mastra tool as `listTools()` returns it (1.x tool signature: input first, then the context). */
interface MastraTool {
  execute?: (input: Record<string, unknown>, context: object) => Promise<unknown>;
}

/** What the suite uses of `@mastra/mcp` 2.x. */
interface MastraV2 {
  MCPClient: new (options: {
    id: string;
    servers: Record<string, ReturnType<typeof serverCommand> & { protocolVersion?: 'legacy' }>;
  }) => {
    listTools(): Promise<Record<string, MastraTool>>;
    getServerProtocolVersions(): Record<string, string | undefined>;
    disconnect(): Promise<void>;
    __setLogger(logger: unknown): void;
    readonly resources: { read(server: string, uri: string): Promise<{ contents: readonly unknown[] }> };
  };
}

let sessions = 0;

/** One way to connect: its default probe (`server/discover`, then what the server offers), or `protocolVersion: 'legacy'`. */
const connection = (label: string, protocolVersion: 'legacy' | undefined, expected: string): InteropConnection => ({
  label,
  expected,
  open: async (configHome, program) => {
    const [{ MCPClient }, { noopLogger }] = await Promise.all([
      loadLtsPackage<MastraV2>('@mastra/mcp'),
      loadLtsPackage<{ noopLogger: unknown }>('@mastra/core/logger'),
    ]);
    const server = { ...serverCommand(configHome, program), ...(protocolVersion ? { protocolVersion } : {}) };
    const client = new MCPClient({ id: `qiongli-interop-v2-${++sessions}`, servers: { qiongli: server } });
    // It logs every tool error with a stack trace on the console, where a Mastra app would give
    // it the app's logger; the suite reads the error from what `execute` throws instead.
    client.__setLogger(noopLogger);
    const tools = await client.listTools();
    return {
      negotiated: client.getServerProtocolVersions()['qiongli'],
      listToolNames: async () => Object.keys(await client.listTools()).map((name) => name.replace(/^qiongli_(?=qiongli_)/, '')),
      call: (name, args) =>
        observe(async () => {
          const tool = tools[`qiongli_${name}`];
          if (!tool?.execute) throw new Error('tool not offered by the client');
          return seenInMastraOutput(await tool.execute(args, {}));
        }),
      readResource: async (uri) => textOfContents((await client.resources.read('qiongli', uri)).contents),
      close: () => client.disconnect(),
    };
  },
});

/**
 * Mastra's MCP client 2.x (needs Node 22; built on the official v2 client): `listTools()` returns
 * Mastra tools named `<server>_<tool>`. It checks arguments locally, returns `structuredContent`
 * on success and, for an `isError` result, throws a `MastraError` whose message is the result's
 * text — which an agent hands its model as the tool's error text. Like 0.14 it offers no call
 * path for a tool it did not list.
 */
export const MASTRA_V2: InteropClient = {
  packageName: '@mastra/mcp',
  installedIn: LTS_CLIENTS_DIR,
  validatesInputLocally: true,
  callsUnlistedTools: false,
  connections: [
    connection('its own choice (server/discover, 2026-07-28)', undefined, '2026-07-28'),
    connection("protocolVersion 'legacy' (initialize, 2025-11-25)", 'legacy', '2025-11-25'),
  ],
};
