import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connectOfficialClient, SAMPLE_ARGUMENTS, type Negotiation } from '../support/official-client.js';

const CASES: { label: string; negotiation: Negotiation; expected: string }[] = [
  { label: '2025-03-26', negotiation: { legacy: '2025-03-26' }, expected: '2025-03-26' },
  { label: '2025-06-18', negotiation: { legacy: '2025-06-18' }, expected: '2025-06-18' },
  { label: '2025-11-25', negotiation: { legacy: '2025-11-25' }, expected: '2025-11-25' },
  { label: 'pinned 2026-07-28', negotiation: { pin: '2026-07-28' }, expected: '2026-07-28' },
  { label: "'auto'", negotiation: 'auto', expected: '2026-07-28' },
];

describe('the official MCP client (@modelcontextprotocol/client 2.4.0) over stdio', () => {
  for (const { label, negotiation, expected } of CASES) {
    it(`negotiates ${label}, lists the tools and calls each one with valid results`, async () => {
      const { client, stderr } = await connectOfficialClient(negotiation);
      try {
        assert.equal(client.getNegotiatedProtocolVersion(), expected);
        assert.equal(client.getServerVersion()?.name, 'qiongli');
        const { tools } = await client.listTools();
        assert.ok(tools.length >= 3);
        for (const tool of tools) {
          const args = SAMPLE_ARGUMENTS[tool.name];
          assert.ok(args, `sample arguments for ${tool.name}`);
          // The client validates structuredContent against the declared outputSchema.
          const result = await client.callTool({ name: tool.name, arguments: args });
          // One text block; the exports add a resource_link per file they hold (from 2025-06-18 on).
          assert.ok(Array.isArray(result.content) && result.content[0]?.type === 'text');
          assert.ok(result.content.slice(1).every((item) => item.type === 'resource_link'));
          if (result.content.length > 1) assert.ok(tool.name.includes('export') && expected !== '2025-03-26', tool.name);
          if (expected !== '2025-03-26' && !result.isError) assert.equal(typeof result.structuredContent, 'object');
        }
      } finally {
        await client.close();
      }
      assert.equal(stderr(), '');
    });
  }
});
