import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import type { InteropClient, Seen } from '../interop-session.js';
import { observe, seenInResult, serverCommand, textOfContents } from './server-command.js';

/** The text of a LangChain tool's content: a string, one block or a list of blocks. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  const blocks = Array.isArray(content) ? content : [content];
  return blocks.map((block: { text?: unknown }) => (typeof block?.text === 'string' ? block.text : '')).join('\n');
}

/**
 * LangChain's MCP adapters (`@langchain/mcp-adapters`): `getTools()` turns the listed tools into
 * LangChain tools. They check arguments against `inputSchema` before sending, hand the model the
 * text content, and throw a `ToolException` carrying the error text for an `isError` result
 * (which an agent's tool node hands to the model). Underneath is the v1 SDK client (2025-11-25).
 */
export const LANGCHAIN: InteropClient = {
  packageName: '@langchain/mcp-adapters',
  validatesInputLocally: true,
  callsUnlistedTools: true,
  connections: [
    {
      label: 'its v1 SDK client (2025-11-25)',
      expected: '2025-11-25',
      open: async (configHome, program) => {
        const client = new MultiServerMCPClient({
          mcpServers: { qiongli: { transport: 'stdio', ...serverCommand(configHome, program), stderr: 'pipe' } },
          prefixToolNameWithServerName: false,
          throwOnLoadError: true,
        });
        const tools = await client.getTools();
        return {
          negotiated: undefined,
          listToolNames: async () => (await client.getTools()).map((tool) => tool.name),
          call: (name, args) =>
            observe(async (): Promise<Seen> => {
              const tool = tools.find((candidate) => candidate.name === name);
              if (!tool) throw new Error('tool not offered by the client');
              return { outcome: 'result', isError: undefined, text: textOf(await tool.invoke(args)) };
            }),
          callUnlisted: async (name) => {
            const sdkClient = await client.getClient('qiongli');
            if (!sdkClient) throw new Error('no client for the server');
            return observe(async () => seenInResult((await sdkClient.callTool({ name, arguments: {} })) as Parameters<typeof seenInResult>[0]));
          },
          readResource: async (uri) => textOfContents(await client.readResource('qiongli', uri)),
          close: () => client.close(),
        };
      },
    },
  ],
};
