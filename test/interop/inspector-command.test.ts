import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_BIN, PROJECT_ROOT } from '../support/built-program.js';
import { inspectorV1Argv } from './clients/inspector-cli.js';

const INSPECTOR_1 = 'npx @modelcontextprotocol/inspector@1';

/** The Inspector 1 `tools/list` command a page shows (in an inline code span or a code block). */
function documentedCommand(page: string): string[] {
  const text = readFileSync(join(PROJECT_ROOT, page), 'utf8');
  const line = text.split(/[`\n]/).find((candidate) => candidate.startsWith(`${INSPECTOR_1} --cli --method tools/list `));
  assert.ok(line, `${page} shows the Inspector 1 command line`);
  return line.trim().split(/\s+/);
}

describe('the MCP Inspector command line the docs give', () => {
  for (const page of ['README.md', 'docs/clients.md']) {
    it(`is, in ${page}, exactly the command the interop suite runs with Inspector CLI 1.0.3`, () => {
      // `npx @modelcontextprotocol/inspector@1` runs the same launcher (cli.js) as the pinned
      // @modelcontextprotocol/inspector-cli 1.0.3; `node` and the bundle path become absolute.
      const [, , ...rest] = documentedCommand(page);
      const asRun = rest.map((word) => (word === 'node' ? process.execPath : word === 'dist/bundle/qiongli.mjs' ? BUILT_BIN : word));
      assert.deepEqual(asRun, inspectorV1Argv('tools/list').slice(1));
    });
  }
});
