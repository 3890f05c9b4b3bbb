import { createMCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import type { InteropClient, InteropSession, Seen } from '../interop-session.js';
import { observe, serverCommand, textOfContents, watchNegotiation } from './server-command.js';

/** An AI SDK tool as `tools()` returns it: `execute` for the call, `toModelOutput` for what the model reads. */
interface AiSdkTool {
  execute?: (args: unknown, options: { toolCallId: string; messages: [] }) => unknown;
  toModelOutput?: (options: { output: unknown }) => unknown;
}

/** A tool list as `toolsFromDefinitions` takes it (the part the suite fills in). */
type ToolDefinitions = { tools: { name: string; inputSchema: { type: 'object' } }[] };

/** What the suite uses of an AI SDK MCP client: the same in 1.x and 2.x. */
export interface AiSdkClient {
  tools(): Promise<object>;
  toolsFromDefinitions(definitions: ToolDefinitions): object;
  readResource(args: { uri: string }): Promise<{ contents: readonly unknown[] }>;
  close(): Promise<void>;
}

/** Runs an AI SDK tool as an agent loop would, and reports the text its model would read. */
async function runTool(tool: AiSdkTool | undefined, args: Record<string, unknown>): Promise<Seen> {
  if (!tool?.execute) throw new Error('tool not offered by the client');
  const output = (await tool.execute(args, { toolCallId: 'interop', messages: [] })) as { isError?: boolean; structuredContent?: unknown };
  const model = (await tool.toModelOutput?.({ output })) as { type: string; value: { type: string; text?: string }[] };
  const text = model.value.map((part) => part.text ?? '').join('\n');
  return { outcome: 'result', isError: output.isError === true, text, structured: output.structuredContent };
}

/**
 * A session over a connected AI SDK client, used the way agents built with `ai` use it:
 * `tools()` turns the listed tools into AI SDK tools; the model reads `toModelOutput` of each
 * result (the text blocks; `isError` and `structuredContent` stay with the host).
 */
export function aiSdkSession(client: AiSdkClient, negotiated: string | undefined): InteropSession {
  let tools: Record<string, AiSdkTool> | undefined;
  const listed = async () => (tools ??= (await client.tools()) as Record<string, AiSdkTool>);
  return {
    negotiated,
    listToolNames: async () => Object.keys((tools = (await client.tools()) as Record<string, AiSdkTool>)),
    call: async (name, args) => observe(async () => runTool((await listed())[name], args)),
    // A host holding a tool list from an earlier server version still calls those names.
    callUnlisted: (name) => {
      const stale: ToolDefinitions = { tools: [{ name, inputSchema: { type: 'object' } }] };
      return observe(() => runTool((client.toolsFromDefinitions(stale) as Record<string, AiSdkTool>)[name], {}));
    },
    readResource: async (uri) => textOfContents((await client.readResource({ uri })).contents),
    close: () => client.close(),
  };
}

/** The Vercel AI SDK's MCP client 1.x (`@ai-sdk/mcp`). It always asks for 2025-11-25. */
export const AI_SDK: InteropClient = {
  packageName: '@ai-sdk/mcp',
  validatesInputLocally: false,
  callsUnlistedTools: true,
  connections: [
    {
      label: 'its own choice (2025-11-25)',
      expected: '2025-11-25',
      open: async (configHome, program) => {
        const transport = new Experimental_StdioMCPTransport({ ...serverCommand(configHome, program), stderr: 'pipe' });
        const negotiated = watchNegotiation(transport);
        const client = await createMCPClient({ transport });
        return aiSdkSession(client, negotiated());
      },
    },
  ],
};
