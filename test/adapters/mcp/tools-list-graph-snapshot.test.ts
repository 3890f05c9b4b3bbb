import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LITE_DEFAULT_GROUPS } from '../../../src/domain/shared/capability-groups.js';
import { createContainer } from '../../../src/index.js';
import { FakeTransport } from '../../fakes/transport.fake.js';
import { initialize, modern, request } from '../../support/messages.js';
import { PROJECT_ROOT } from '../../support/built-program.js';
import { mcpConnection } from '../../../src/composition/mcp-connection.js';

/**
 * The two citation-graph tools as `tools/list` describes them when `graph` is granted
 * (`--capabilities …,graph`), per protocol revision, against test/fixtures/tools-list/graph/.
 * The twelve listed before them must stay exactly the recorded default list. Recorded again with
 * `QIONGLI_UPDATE_SNAPSHOTS=1 node --test dist/test/adapters/mcp/tools-list-graph-snapshot.test.js`.
 */
const REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'tools-list');
const updating = process.env.QIONGLI_UPDATE_SNAPSHOTS === '1';

function toolsWithGraph(revision: (typeof REVISIONS)[number]): unknown[] {
  const container = createContainer('lite', { grants: new Set([...LITE_DEFAULT_GROUPS, 'graph']) });
  const transport = new FakeTransport();
  const connection = mcpConnection(container, transport, {
    finished: () => undefined,
    failed: () => undefined,
  });
  connection.start();
  if (revision === '2026-07-28') transport.receive(modern(1, 'tools/list'));
  else {
    transport.receive(initialize(0, revision));
    transport.receive(request(1, 'tools/list'));
  }
  return transport.responseTo(1).result.tools;
}

describe('tools/list with the graph group granted (docs/tools.md#the-citation-graph)', () => {
  for (const revision of REVISIONS) {
    it(`lists the frozen twelve unchanged, then the two graph tools exactly as recorded (${revision})`, () => {
      const tools = toolsWithGraph(revision);
      const defaults = JSON.parse(readFileSync(join(FIXTURES, `${revision}.json`), 'utf8')).tools;
      assert.deepEqual(tools.slice(0, 12), defaults);
      const graph = tools.slice(12);
      const file = join(FIXTURES, 'graph', `${revision}.json`);
      if (updating) {
        mkdirSync(join(FIXTURES, 'graph'), { recursive: true });
        writeFileSync(file, `${JSON.stringify({ tools: graph }, null, 2)}\n`);
      }
      assert.deepEqual({ tools: graph }, JSON.parse(readFileSync(file, 'utf8')));
      assert.deepEqual(
        graph.map((tool: any) => [tool.name, tool.annotations]),
        [
          ['qiongli_literature_references', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }],
          ['qiongli_literature_citations', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true }],
        ],
      );
    });
  }
});
