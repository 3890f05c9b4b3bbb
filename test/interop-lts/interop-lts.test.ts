// The client majors that need Node 22 or later, on the pinned Node LTS only: scripts/run-tests.mjs
// includes this folder when scripts/run-tests-on-pinned-node.mjs asks it to (docs/clients.md).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeInteropRows } from '../interop/interop-checks.js';
import { LTS_INTEROP_CLIENTS } from './client-table.js';
import { INSPECTOR_V2_BIN } from './inspector-v2.js';
import { LTS_CLIENTS_DIR } from './lts-install.js';

describeInteropRows(LTS_INTEROP_CLIENTS);

describe('the Inspector 2 launcher the suite starts', () => {
  it('is the `inspector` bin of the installed package, the file `npx @modelcontextprotocol/inspector` runs', () => {
    const manifest = JSON.parse(readFileSync(join(LTS_CLIENTS_DIR, 'node_modules', '@modelcontextprotocol', 'inspector', 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    assert.equal(join(manifest.bin['inspector']!), INSPECTOR_V2_BIN);
  });
});
