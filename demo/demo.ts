/**
 * `npm run demo`: starts the built server over stdio, talks to it with the official MCP client
 * in the modern era (2026-07-28), and prints what was negotiated, the tools, and one whole preview
 * result — so a newcomer sees it work without an AI client.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bundle/qiongli.mjs', import.meta.url));
const configHome = mkdtempSync(join(tmpdir(), 'qiongli-demo-'));
const client = new Client({ name: 'qiongli-demo', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [bin, 'mcp', 'serve', '--profile', 'lite', '--transport', 'stdio'],
  env: { PATH: process.env.PATH ?? '', QIONGLI_CONFIG_HOME: configHome },
});

try {
  await client.connect(transport);
  const server = client.getServerVersion();
  console.log(`negotiated protocol revision: ${client.getNegotiatedProtocolVersion()}`);
  console.log(`server: ${server?.name} ${server?.version}`);
  const { tools } = await client.listTools();
  console.log(`\n${tools.length} tools:`);
  for (const tool of tools) console.log(`  - ${tool.name.padEnd(36)} ${tool.title ?? ''}`);
  const planName = tools.some((tool) => tool.name === 'qiongli_search_plan') ? 'qiongli_search_plan' : 'qiongli_orchestrator_route';
  const args =
    planName === 'qiongli_search_plan'
      ? { query: 'research data governance', query_variants: ['open science policy'], search_mode: 'review' }
      : { request: 'find systematic reviews on research data governance', platform: 'cli' };
  const result = await client.callTool({ name: planName, arguments: args });
  console.log(`\n${planName} ${JSON.stringify(args)} →`);
  console.log(JSON.stringify(result.structuredContent, null, 2)); // the whole result, uncut
} finally {
  await client.close();
  rmSync(configHome, { recursive: true, force: true });
}
