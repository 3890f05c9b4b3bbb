// The comparison server built the way the official TypeScript SDK documents it:
// `@modelcontextprotocol/server` 2.4.0, `McpServer` + `registerTool` with zod input/output
// schemas, served over stdio with `serveStdio` (both eras from one factory).
//
// It serves the same tool list as Qiongli (names, titles, descriptions, annotations and JSON
// Schemas from the fixture captured from Qiongli), so `tools/list` answers have the same size.
// `qiongli_orchestrator_route` is implemented with real zod schemas equivalent to Qiongli's; the
// other tools are listed through pass-through Standard Schemas carrying Qiongli's JSON Schemas
// (the benchmark never calls them).
//
// Usage: node bench/servers/sdk-server.mjs <fixture.json>

import { readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const fixture = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const ROUTE_TOOL = 'qiongli_orchestrator_route';
const PLATFORMS = ['codex', 'claude_code', 'claude', 'antigravity', 'cli', 'unknown'];

// Equivalent of src/domain/route-preview/route-preview.ts (input) and its output schema.
const routeInput = z.strictObject({
  request: z
    .string({ error: 'request must be a string' })
    .refine((value) => value.trim().length > 0, 'request must not be empty')
    .refine((value) => Buffer.byteLength(value, 'utf8') <= 4096, 'request exceeds the byte limit')
    .describe('What the user wants done, in their words (at most 4096 bytes). Returned unchanged.'),
  platform: z.enum(PLATFORMS, { error: 'unsupported platform' }).default('unknown').describe('The client platform asking for the route.'),
});
const routeOutput = z.strictObject({
  mode: z.literal('preview'),
  preview_only: z.literal(true),
  runtime_profile: z.literal('marketplace_lite'),
  run_agents_allowed: z.literal(false),
  shell_execution_allowed: z.literal(false),
  project_writes_allowed: z.literal(false),
  recommended_runtime: z.literal('full_cli_for_execution'),
  upgrade: z.strictObject({
    required_for_execution: z.literal(true),
    runtime_profile: z.literal('full_cli'),
    available: z.literal(false),
  }),
  request: z.string(),
  platform: z.enum(PLATFORMS),
});
const { request: _request, platform: _platform, ...previewFlags } = fixture.legacyCallResult.structuredContent;

/** A Standard Schema that accepts anything and advertises a fixed JSON Schema. */
const listedSchema = (jsonSchema) => ({
  '~standard': {
    version: 1,
    vendor: 'bench',
    validate: (value) => ({ value }),
    jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
  },
});

const identity = fixture.initializeResult.serverInfo;
const tools = fixture.legacyListResult.tools;

function createServer() {
  const server = new McpServer(
    { name: identity.name, version: identity.version, title: identity.title },
    { capabilities: { tools: { listChanged: false } }, instructions: fixture.initializeResult.instructions },
  );
  for (const tool of tools) {
    const config = { title: tool.title, description: tool.description, annotations: tool.annotations };
    if (tool.name === ROUTE_TOOL) {
      server.registerTool(ROUTE_TOOL, { ...config, inputSchema: routeInput, outputSchema: routeOutput }, async (args) => {
        const preview = { ...previewFlags, request: args.request, platform: args.platform };
        return { content: [{ type: 'text', text: JSON.stringify(preview) }], structuredContent: preview };
      });
    } else {
      const input = listedSchema(tool.inputSchema);
      const output = tool.outputSchema === undefined ? undefined : listedSchema(tool.outputSchema);
      server.registerTool(tool.name, { ...config, inputSchema: input, ...(output ? { outputSchema: output } : {}) }, async () => ({
        content: [{ type: 'text', text: '{}' }],
      }));
    }
  }
  return server;
}

// Out-of-band errors (for example a failed stdout write) are reported on stderr, as a server
// built on the SDK would typically log them; they never alter the wire.
serveStdio(() => createServer(), { onerror: (error) => process.stderr.write(`sdk-server error: ${error?.message ?? error}\n`) });
