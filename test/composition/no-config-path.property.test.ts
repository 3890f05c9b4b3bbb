import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NativeSettingsFileSource } from '../../src/adapters/config-source/index.js';
import { createContainer } from '../../src/composition/create-container.js';
import { FROZEN_TOOL_ORDER } from '../../src/composition/tool-catalogue.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { SAMPLE_ARGUMENTS } from '../support/official-client.js';
import { initialize, request } from '../support/messages.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';

const SETTINGS = {
  valid: JSON.stringify({
    document_kind: 'qiongli-global-settings',
    schema_version: 1,
    revision: 3,
    providers: { crossref: { enabled: true, email: 'lab@example.org' }, arxiv: { enabled: false } },
  }),
  invalid: '{"document_kind": "qiongli-global-settings", "unexpected": true}',
};

/** Random arguments: a valid sample with random extra keys and values, or anything at all. */
const argumentsFor = (name: string) =>
  fc.oneof(
    fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 })),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })).map((extra) => ({ ...SAMPLE_ARGUMENTS[name], ...extra })),
    fc.constant(SAMPLE_ARGUMENTS[name] ?? {}),
  );

const toolCall = fc
  .constantFrom(...FROZEN_TOOL_ORDER.filter((name) => name !== 'qiongli_literature_search'))
  .chain((name) => argumentsFor(name).map((args) => ({ name, args })));

describe('no tool input makes any output contain the configuration root path (property, docs/tools.md#redaction)', () => {
  for (const [label, content] of Object.entries(SETTINGS)) {
    it(`holds with a ${label} settings file`, async () => {
      const parent = mkdtempSync(join(tmpdir(), 'qiongli-rootpath-'));
      const root = join(parent, 'ConfigRootCanary');
      mkdirSync(root, { mode: 0o700 });
      writeFileSync(join(root, 'settings.json'), content, { mode: 0o600 });
      try {
        const configSource = new NativeSettingsFileSource({ env: { QIONGLI_CONFIG_HOME: root }, platform: process.platform, homedir: () => parent });
        const container = createContainer('lite', { configSource });
        const transport = new FakeTransport();
        const connection = mcpConnection(container, transport, { finished() {}, failed() {} });
        connection.start();
        transport.receive(initialize(0));
        let id = 1;
        await fc.assert(
          fc.asyncProperty(fc.array(toolCall, { minLength: 1, maxLength: 12 }), async (calls) => {
            const first = id;
            for (const { name, args } of calls) transport.receive(request(id++, 'tools/call', { name, arguments: args }));
            for (let waiting = first; waiting < id; waiting++) {
              while (transport.responseTo(waiting) === undefined) await new Promise((resolve) => setImmediate(resolve));
            }
            for (const frame of transport.sent) {
              assert.ok(!frame.payload.includes(root), 'configuration root in output');
              assert.ok(!frame.payload.includes('ConfigRootCanary'), 'configuration folder name in output');
            }
          }),
          { numRuns: 150 },
        );
        assert.ok(id > 150);
      } finally {
        rmSync(parent, { recursive: true, force: true });
      }
    });
  }
});
