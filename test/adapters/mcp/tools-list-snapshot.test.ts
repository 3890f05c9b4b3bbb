import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asciiJson } from '../../../src/adapters/mcp/ascii-json.js';
import { McpConnection } from '../../../src/adapters/mcp/connection.js';
import { createContainer, ServerIdentityId, ToolRegistryId } from '../../../src/index.js';
import { FakeTransport } from '../../fakes/transport.fake.js';
import { initialize, modern, request } from '../../support/messages.js';
import { PROJECT_ROOT } from '../../support/built-program.js';

/**
 * The `tools/list` answer of every protocol revision, byte for byte, against a recorded copy in
 * test/fixtures/tools-list/: names, order, titles, descriptions, schemas and annotations cannot
 * drift while the edge is reshaped. A deliberate change (a new argument, a new tool) is
 * recorded again with `QIONGLI_UPDATE_SNAPSHOTS=1 node --test dist/test/adapters/mcp/tools-list-snapshot.test.js`
 * and the diff of the fixture is reviewed with the change.
 */
const REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'tools-list');
const updating = process.env.QIONGLI_UPDATE_SNAPSHOTS === '1';

/** The encoded `tools/list` result a fresh Lite container answers in `revision`. */
function toolsListResult(revision: (typeof REVISIONS)[number]): string {
  const container = createContainer('lite');
  const transport = new FakeTransport();
  const connection = new McpConnection(transport, container.get(ToolRegistryId), container.get(ServerIdentityId), {
    finished: () => undefined,
    failed: () => undefined,
  });
  connection.start();
  if (revision === '2026-07-28') transport.receive(modern(1, 'tools/list'));
  else {
    transport.receive(initialize(0, revision));
    transport.receive(request(1, 'tools/list'));
  }
  const frame = transport.sent.at(-1)?.payload ?? '';
  const prefix = '{"jsonrpc":"2.0","id":1,"result":';
  assert.ok(frame.startsWith(prefix) && frame.endsWith('}'), 'a tools/list result frame');
  return frame.slice(prefix.length, -1);
}

/** Pretty text of a result, so a fixture diff reads tool by tool. */
const pretty = (encoded: string): string => `${JSON.stringify(JSON.parse(encoded), null, 2)}\n`;

describe('tools/list is pinned per protocol revision (docs/tools.md#the-twelve-tools)', () => {
  for (const revision of REVISIONS) {
    it(`answers ${revision} exactly as recorded`, () => {
      const encoded = toolsListResult(revision);
      const file = join(FIXTURES, `${revision}.json`);
      if (updating) writeFileSync(file, pretty(encoded));
      const recorded = readFileSync(file, 'utf8');
      // Pretty form first (a readable diff), then the exact bytes of the compact form (sent
      // ASCII-only: non-ASCII characters as \uXXXX escapes, docs/robustness.md#batches).
      assert.equal(pretty(encoded), recorded);
      assert.equal(encoded, asciiJson(JSON.stringify(JSON.parse(recorded))));
      assert.match(encoded, /^[\x20-\x7e]*$/);
    });
  }

  it('records twelve tools in every revision, titles and output schemas from 2025-06-18 only', () => {
    for (const revision of REVISIONS) {
      const tools = JSON.parse(readFileSync(join(FIXTURES, `${revision}.json`), 'utf8')).tools as Record<string, unknown>[];
      assert.equal(tools.length, 12, revision);
      for (const tool of tools) assert.equal('title' in tool && 'outputSchema' in tool, revision !== '2025-03-26', revision);
    }
  });
});
