import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asciiJson } from '../../../src/adapters/mcp/ascii-json.js';
import { createContainer, type Profile } from '../../../src/index.js';
import { FakeTransport } from '../../fakes/transport.fake.js';
import { initialize, modern, request } from '../../support/messages.js';
import { PROJECT_ROOT } from '../../support/built-program.js';
import { toolNamesOf } from '../../../src/composition/tool-catalogue.js';
import { ALL_CAPABILITY_GROUPS, LITE_DEFAULT_GROUPS } from '../../../src/domain/shared/capability-groups.js';
import { mcpConnection } from '../../../src/composition/mcp-connection.js';

/** The groups Standard grants beyond Lite's default ones, in group order. */
const OPT_IN_GROUPS = ALL_CAPABILITY_GROUPS.filter((group) => !(LITE_DEFAULT_GROUPS as readonly string[]).includes(group));

/**
 * The `tools/list` answer of every protocol revision, byte for byte, against a recorded copy in
 * test/fixtures/tools-list/ (Lite) and test/fixtures/tools-list-standard/ (Standard): names, order, titles, descriptions, schemas and annotations cannot
 * drift while the edge is reshaped. A deliberate change (a new argument, a new tool) is
 * recorded again with `QIONGLI_UPDATE_SNAPSHOTS=1 node --test dist/test/adapters/mcp/tools-list-snapshot.test.js`
 * and the diff of the fixture is reviewed with the change.
 */
const REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'tools-list');
const STANDARD_FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'tools-list-standard');
const updating = process.env.QIONGLI_UPDATE_SNAPSHOTS === '1';

/** The encoded `tools/list` result a fresh container of `profile` answers in `revision`. */
function toolsListResult(revision: (typeof REVISIONS)[number], profile: Profile = 'lite'): string {
  const container = createContainer(profile);
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

describe("the Standard profile's tools/list is pinned per protocol revision, apart from Lite's (docs/tools.md#in-the-standard-profile)", () => {
  for (const revision of REVISIONS) {
    it(`answers ${revision} exactly as recorded`, () => {
      const encoded = toolsListResult(revision, 'standard');
      const file = join(STANDARD_FIXTURES, `${revision}.json`);
      if (updating) writeFileSync(file, pretty(encoded));
      assert.equal(pretty(encoded), readFileSync(file, 'utf8'));
    });
  }

  it("holds Lite's twelve, differing only in the three configuration tools (texts, the save tool's enabled field and names, output schemas), the Zotero status (text, output schema: the probe of Zotero) and the two previews (texts, output schemas: no Full CLI), then the opt-in groups' tools", () => {
    for (const revision of REVISIONS) {
      const lite = JSON.parse(readFileSync(join(FIXTURES, `${revision}.json`), 'utf8')).tools as Record<string, unknown>[];
      const all = JSON.parse(readFileSync(join(STANDARD_FIXTURES, `${revision}.json`), 'utf8')).tools as Record<string, unknown>[];
      const standard = all.slice(0, lite.length);
      assert.deepEqual(
        standard.map((tool) => tool.name),
        lite.map((tool) => tool.name),
      );
      assert.deepEqual(
        all.slice(lite.length).map((tool) => tool.name),
        OPT_IN_GROUPS.flatMap((group) => toolNamesOf(group)),
        revision,
      );
      const changed = standard.filter((tool, index) => JSON.stringify(tool) !== JSON.stringify(lite[index])).map((tool) => tool.name);
      assert.deepEqual(
        changed,
        [
          'qiongli_save_provider_config',
          'qiongli_configure_provider',
          'qiongli_open_config_wizard',
          'qiongli_zotero_status',
          'qiongli_orchestrator_route',
          'qiongli_task_plan',
        ],
        revision,
      );
      for (const [index, tool] of standard.entries()) {
        if (tool.name !== 'qiongli_save_provider_config') {
          assert.deepEqual(tool.inputSchema, lite[index]?.inputSchema, `${revision} ${String(tool.name)}: one shared input schema`);
          continue;
        }
        const fieldsOf = (schema: unknown) => (schema as { properties: { field: { enum: string[] } } }).properties.field.enum;
        assert.deepEqual(fieldsOf(tool.inputSchema), [...fieldsOf(lite[index]?.inputSchema), 'enabled'], `${revision}: Standard's save tool adds enabled`);
      }
    }
  });
});
