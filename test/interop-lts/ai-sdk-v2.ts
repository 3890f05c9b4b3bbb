import type { InteropClient, InteropConnection } from '../interop/interop-session.js';
import { aiSdkSession, type AiSdkClient } from '../interop/clients/ai-sdk.js';
import { serverCommand } from '../interop/clients/server-command.js';
import { LTS_CLIENTS_DIR, loadLtsPackage } from './lts-install.js';

/** What the suite uses of `@ai-sdk/mcp` 2.x and of its `mcp-stdio` entry. */
interface AiSdkV2 {
  createMCPClient(config: {
    transport: object;
    protocolVersionDiscovery: boolean;
  }): Promise<AiSdkClient & { readonly initializeResult: { readonly protocolVersion: string } }>;
}
interface AiSdkV2Stdio {
  Experimental_StdioMCPTransport: new (config: ReturnType<typeof serverCommand> & { stderr: 'pipe' }) => object;
}

/**
 * One way to connect: with `server/discover` first (its default, the 2026-07-28 revision) or,
 * with `protocolVersionDiscovery: false`, the `initialize` handshake (it always asks for 2025-11-25).
 */
const connection = (label: string, protocolVersionDiscovery: boolean, expected: string): InteropConnection => ({
  label,
  expected,
  open: async (configHome, program) => {
    const [{ createMCPClient }, { Experimental_StdioMCPTransport }] = await Promise.all([
      loadLtsPackage<AiSdkV2>('@ai-sdk/mcp'),
      loadLtsPackage<AiSdkV2Stdio>('@ai-sdk/mcp/mcp-stdio'),
    ]);
    const transport = new Experimental_StdioMCPTransport({ ...serverCommand(configHome, program), stderr: 'pipe' });
    const client = await createMCPClient({ transport, protocolVersionDiscovery });
    return aiSdkSession(client, client.initializeResult.protocolVersion);
  },
});

/**
 * The Vercel AI SDK's MCP client 2.x (needs Node 22), used like 1.x: the model reads the text
 * blocks of `toModelOutput`. It speaks 2026-07-28 by default and 2025-11-25 on request.
 */
export const AI_SDK_V2: InteropClient = {
  packageName: '@ai-sdk/mcp',
  installedIn: LTS_CLIENTS_DIR,
  validatesInputLocally: false,
  callsUnlistedTools: true,
  connections: [
    connection('its own choice (server/discover, 2026-07-28)', true, '2026-07-28'),
    connection('initialize (protocolVersionDiscovery: false, 2025-11-25)', false, '2025-11-25'),
  ],
};
