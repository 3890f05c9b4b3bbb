import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_BIN, PROJECT_ROOT } from '../support/built-program.js';
import { inspectorV1Argv } from './clients/inspector-cli.js';
import { inspectorV2Argv } from '../interop-lts/inspector-v2.js';

const INSPECTOR_1 = 'npx @modelcontextprotocol/inspector@1';
const INSPECTOR_2 = 'npx @modelcontextprotocol/inspector@2';
/** The standalone Inspector CLI 1.0.3 the docs give for Node 20 (run from `dist/`). */
const INSPECTOR_CLI = 'npx -y @modelcontextprotocol/inspector-cli@1.0.3';

/** The words of a shell command line as the docs write them (plain words and '…' quoting). */
const shellWords = (line: string): string[] => [...line.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2]!);

/**
 * The words after `npx <package>` of the command a page shows (in an inline code span or a code
 * block) that starts with `<npx> <start>`, with `node` and the bundle's relative path as the suite
 * runs them: absolute.
 */
function documentedCommand(page: string, npx: string, start: string): string[] {
  const text = readFileSync(join(PROJECT_ROOT, page), 'utf8');
  const found = text.split(/[`\n]/).find((candidate) => candidate.startsWith(`${npx} ${start} `) || candidate.startsWith(`cd dist && ${npx} ${start} `));
  assert.ok(found, `${page} shows the command line ${npx} ${start} …`);
  const line = found.slice(found.indexOf(npx));
  const bundle = found.startsWith('cd dist && ') ? 'bundle/qiongli.mjs' : 'dist/bundle/qiongli.mjs';
  return shellWords(line.slice(npx.length)).map((word) => (word === 'node' ? process.execPath : word === bundle ? BUILT_BIN : word));
}

describe('the MCP Inspector command line the docs give', () => {
  for (const page of ['README.md', 'docs/clients.md']) {
    it(`is, in ${page}, for Node 20, exactly the listing the interop suite runs with Inspector CLI 1.0.3`, () => {
      assert.deepEqual(documentedCommand(page, INSPECTOR_CLI, '--cli --method tools/list'), inspectorV1Argv('tools/list').slice(1));
    });

    it(`is, in ${page}, for Inspector 2, exactly the listing the Node 22+ interop suite runs with Inspector 2`, () => {
      // `npx @modelcontextprotocol/inspector` runs the package's `inspector` bin, which the suite
      // starts (test/interop-lts/ checks that it is that bin).
      assert.deepEqual(documentedCommand(page, INSPECTOR_2, '--cli --method tools/list'), inspectorV2Argv('tools/list').slice(1));
    });
  }

  it('is, in docs/clients.md, for Inspector 1 on Node 22+, the same listing (its launcher is the same cli.js)', () => {
    assert.deepEqual(documentedCommand('docs/clients.md', INSPECTOR_1, '--cli --method tools/list'), inspectorV1Argv('tools/list').slice(1));
  });

  it('is, in docs/clients.md, for an Inspector 2 tool call, the form the suite builds for each of its tool calls', () => {
    const tool = { name: 'qiongli_task_plan', args: { task_id: 'T-1', paper_type: 'review', topic: 'open science' } };
    assert.deepEqual(documentedCommand('docs/clients.md', INSPECTOR_2, '--cli --method tools/call'), inspectorV2Argv('tools/call', { tool }).slice(1));
  });
});
