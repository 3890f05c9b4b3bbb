// The single executable serving Standard loads the Zotero connector from its own asset (it is not
// in the start-up snapshot, scripts/build-binary.mjs) and reaches the loopback Zotero, inside a
// private network namespace (test/support/private-network.ts).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_BINARY } from '../support/isolated-binary.js';
import { isolatedConfigHome, testEnv } from '../support/run-program.js';
import { call, initialize } from '../support/messages.js';
import { LoopbackZotero } from '../support/loopback-zotero.js';
import { insidePrivateNetwork } from '../support/private-network.js';

describe('the single executable and Zotero (docs/zotero.md#status, docs/runtime.md)', () => {
  if (!insidePrivateNetwork(import.meta.url)) return;
  let zotero: LoopbackZotero;
  before(async () => {
    zotero = await new LoopbackZotero().start();
  });
  after(() => zotero?.stop());

  it("loads the connector on the first Zotero call: Standard's status sees Zotero, the save saves", { timeout: 60_000 }, async () => {
    assert.ok(existsSync(BUILT_BINARY), `${BUILT_BINARY} is missing: npm test builds it (npm run build:binary)`);
    const home = isolatedConfigHome();
    writeFileSync(
      join(home, 'settings.json'),
      JSON.stringify({ document_kind: 'qiongli-global-settings', schema_version: 1, revision: 1, providers: {}, zotero: { enabled: true } }),
      {
        mode: 0o600,
      },
    );
    const child = spawn(BUILT_BINARY, ['mcp', 'serve', '--profile', 'standard', '--transport', 'stdio'], {
      env: testEnv({ QIONGLI_CONFIG_HOME: home }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stdin.end(
      [
        initialize(0, '2025-11-25'),
        call(1, 'qiongli_zotero_status', {}),
        call(2, 'qiongli_zotero_save', { records: [{ title: 'A paper from the binary', year: 2024, record_type: 'book' }], tags: ['sea'] }),
      ]
        .map((message) => `${JSON.stringify(message)}\n`)
        .join(''),
    );
    const code = await new Promise((resolve) => child.on('close', resolve));
    const answers = new Map(
      stdout
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text))
        .map((message) => [message.id, message.result]),
    );
    assert.deepEqual([answers.get(1)?.structuredContent?.status, answers.get(1)?.structuredContent?.zotero?.version], ['ready', '7.0.15']);
    assert.deepEqual([answers.get(2)?.structuredContent?.status, answers.get(2)?.structuredContent?.saved], ['ok', 1]);
    assert.deepEqual(
      zotero.imported().map((item) => [item.itemType, item.fields['title']]),
      [['book', 'A paper from the binary']],
    );
    assert.deepEqual([code, stderr], [0, '']);
  });
});
