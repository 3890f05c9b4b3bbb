import { MCPClient } from '@mastra/mcp';
import type { InteropClient, Seen } from '../interop-session.js';
import { observe, serverCommand, textOfContents } from './server-command.js';

let sessions = 0;

/** What a Mastra MCP tool's `execute` returns: `structuredContent` when present, else the whole result. */
export function seenInMastraOutput(output: any): Seen {
  if (output && Array.isArray(output.content)) {
    const text = output.content.map((block: { text?: unknown }) => (typeof block.text === 'string' ? block.text : '')).join('\n');
    return { outcome: 'result', isError: output.isError === true, text };
  }
  // Mastra's own argument check answers with an object instead of throwing.
  if (output?.error === true) return { outcome: 'thrown', message: String(output.message) };
  return { outcome: 'result', isError: undefined, text: JSON.stringify(output), structured: output };
}

/**
 * Mastra's MCP client (`@mastra/mcp`): `getTools()` returns Mastra tools named
 * `<server>_<tool>`; it checks arguments locally and returns `structuredContent` alone when a
 * result has it (else the whole result, `isError` included). It offers no call path for a tool
 * it did not list. Underneath is the v1 SDK client (2025-11-25).
 */
export const MASTRA: InteropClient = {
  packageName: '@mastra/mcp',
  validatesInputLocally: true,
  callsUnlistedTools: false,
  connections: [
    {
      label: 'its v1 SDK client (2025-11-25)',
      expected: '2025-11-25',
      open: async (configHome, program) => {
        const client = new MCPClient({ id: `qiongli-interop-${++sessions}`, servers: { qiongli: serverCommand(configHome, program) } });
        const tools = await client.getTools();
        return {
          negotiated: undefined,
          listToolNames: async () => Object.keys(await client.getTools()).map((name) => name.replace(/^qiongli_(?=qiongli_)/, '')),
          call: (name, args) =>
            observe(async () => {
              const tool = tools[`qiongli_${name}`];
              if (!tool?.execute) throw new Error('tool not offered by the client');
              return seenInMastraOutput(await tool.execute({ context: args }));
            }),
          readResource: async (uri) => textOfContents((await client.resources.read('qiongli', uri)).contents),
          close: () => client.disconnect(),
        };
      },
    },
  ],
};
