import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { InteropClient } from '../interop-session.js';
import { observe, seenInResult, serverCommand, textOfContents, watchNegotiation } from './server-command.js';

/**
 * The v1 TypeScript SDK client, which most hosts and frameworks are built on. It always asks for
 * its latest revision (2025-11-25) and offers no way to choose another. It validates every
 * `structuredContent` against the tool's `outputSchema`, error results included.
 */
export const SDK_V1: InteropClient = {
  packageName: '@modelcontextprotocol/sdk',
  validatesInputLocally: false,
  callsUnlistedTools: true,
  connections: [
    {
      label: 'its own choice (2025-11-25)',
      expected: '2025-11-25',
      open: async (configHome, program) => {
        const client = new Client({ name: 'qiongli-interop', version: '1.0.0' });
        const transport = new StdioClientTransport({ ...serverCommand(configHome, program), stderr: 'pipe' });
        const negotiated = watchNegotiation(transport);
        await client.connect(transport);
        const call = (name: string, args: Record<string, unknown>) =>
          observe(async () => seenInResult((await client.callTool({ name, arguments: args })) as Parameters<typeof seenInResult>[0]));
        return {
          negotiated: negotiated(),
          listToolNames: async () => (await client.listTools()).tools.map((tool) => tool.name),
          call,
          callUnlisted: (name) => call(name, {}),
          readResource: async (uri) => textOfContents((await client.readResource({ uri })).contents),
          close: () => client.close(),
        };
      },
    },
  ],
};
