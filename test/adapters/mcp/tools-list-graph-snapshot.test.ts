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
 * (`--capabilities …,graph`), per protocol revision, against test/fixtures/tools-list/graph/,
 * and the reference check when `verify` is granted, against test/fixtures/tools-list/verify/.
 * The twelve listed before them must stay exactly the recorded default list. Recorded again with
 * `QIONGLI_UPDATE_SNAPSHOTS=1 node --test dist/test/adapters/mcp/tools-list-graph-snapshot.test.js`.
 */
const REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'tools-list');
const updating = process.env.QIONGLI_UPDATE_SNAPSHOTS === '1';

function toolsWithGroup(revision: (typeof REVISIONS)[number], group: 'graph' | 'verify'): unknown[] {
  const container = createContainer('lite', { grants: new Set([...LITE_DEFAULT_GROUPS, group]) });
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

/** The annotations every opt-in tool states: read-only, open-world, idempotent. */
const OPEN_WORLD_READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };

const GROUPS = [
  { group: 'graph', doc: 'docs/tools.md#the-citation-graph', names: ['qiongli_literature_references', 'qiongli_literature_citations'] },
  { group: 'verify', doc: 'docs/tools.md#the-reference-check', names: ['qiongli_literature_check_references'] },
] as const;

for (const { group, doc, names } of GROUPS) {
  describe(`tools/list with the ${group} group granted (${doc})`, () => {
    for (const revision of REVISIONS) {
      it(`lists the frozen twelve unchanged, then ${names.join(' and ')} exactly as recorded (${revision})`, () => {
        const tools = toolsWithGroup(revision, group);
        const defaults = JSON.parse(readFileSync(join(FIXTURES, `${revision}.json`), 'utf8')).tools;
        assert.deepEqual(tools.slice(0, 12), defaults);
        const granted = tools.slice(12);
        const file = join(FIXTURES, group, `${revision}.json`);
        if (updating) {
          mkdirSync(join(FIXTURES, group), { recursive: true });
          writeFileSync(file, `${JSON.stringify({ tools: granted }, null, 2)}\n`);
        }
        assert.deepEqual({ tools: granted }, JSON.parse(readFileSync(file, 'utf8')));
        assert.deepEqual(
          granted.map((tool: any) => [tool.name, tool.annotations]),
          names.map((name) => [name, OPEN_WORLD_READ]),
        );
      });
    }
  });
}
