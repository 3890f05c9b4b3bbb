// The client majors that need Node 22 or later, on the pinned Node LTS only: scripts/run-tests.mjs
// includes this folder when scripts/run-tests-on-pinned-node.mjs asks it to (docs/clients.md).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describeInteropRows } from '../interop/interop-checks.js';
import { describeResourceRows } from '../interop/resource-checks.js';
import { LTS_INTEROP_CLIENTS } from './client-table.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { runInspector } from '../interop/clients/inspector-runs.js';
import { PROJECT_ROOT } from '../support/built-program.js';
import { INSPECTOR_V2_BIN, inspectorV2Argv } from './inspector-v2.js';
import { LTS_CLIENTS_DIR } from './lts-install.js';
import { networkGuardEnv } from '../support/network-guard.js';
import { AI_SDK_V2 } from './ai-sdk-v2.js';
import { SLOW_START_PROGRAM } from '../interop/clients/server-command.js';
import { isolatedConfigHome } from '../support/run-program.js';
import { FROZEN_TOOL_ORDER } from '../../src/composition/tool-catalogue.js';
import { successValue } from '../interop/interop-session.js';

describeInteropRows(LTS_INTEROP_CLIENTS);
describeResourceRows(LTS_INTEROP_CLIENTS);

describe('AI SDK 2 and a server that answers its server/discover probe after the probe timed out', () => {
  it('falls back to initialize on 2025-11-25, as the 2026-07-28 stdio binding says, and the server serves it: tools listed and called', async () => {
    const [discovering] = AI_SDK_V2.connections;
    assert.equal(discovering?.expected, '2026-07-28', 'the first connection is the one that probes');
    const session = await discovering.open(isolatedConfigHome(), SLOW_START_PROGRAM);
    try {
      assert.equal(session.negotiated, '2025-11-25');
      assert.deepEqual(await session.listToolNames(), [...FROZEN_TOOL_ORDER]);
      const seen = await session.call('qiongli_zotero_status', {});
      assert.equal(successValue(seen).status, 'disabled');
    } finally {
      await session.close();
    }
  });
});

describe('the Inspector 2 launcher the suite starts', () => {
  it('is the `inspector` bin of the installed package, the file `npx @modelcontextprotocol/inspector` runs', () => {
    const manifest = JSON.parse(readFileSync(join(LTS_CLIENTS_DIR, 'node_modules', '@modelcontextprotocol', 'inspector', 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    assert.equal(join(manifest.bin['inspector']!), INSPECTOR_V2_BIN);
  });
});

describe('Inspector 2 --strict on the tool list (issue 19)', () => {
  it('finds no schema that constrains nothing (it found 17 on tools 8 and 10), only the two documented type-array notes', async () => {
    const home = mkdtempSync(join(tmpdir(), 'qiongli-strict-'));
    try {
      // The launcher reads its mode flag first: `--strict` goes after `--cli`, else it starts the web UI.
      const [launcher, cli, ...rest] = inspectorV2Argv('tools/list');
      const run = await runInspector([launcher!, cli!, '--strict', ...rest], {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: home, ...networkGuardEnv() },
      });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(JSON.parse(run.stdout).tools.length, 12);
      assert.doesNotMatch(run.stderr, /no validation keyword|^Error/mu, run.stderr.slice(0, 2000));
      const paths = [...run.stderr.matchAll(/Path: (\S+)/gu)].map((match) => match[1]);
      assert.deepEqual(paths, ['inputSchema.properties.records.items.properties.abstract', 'inputSchema.properties.records.items.properties.retracted']);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
