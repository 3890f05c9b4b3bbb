import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { BUNDLE_DIR, SERVE_ARGS } from '../support/built-program.js';
import { isolatedConfigHome, lines, parseLines } from '../support/run-program.js';
import { call, initialize, initialized, request } from '../support/messages.js';
import { SAMPLE_ARGUMENTS } from '../support/official-client.js';
import { networkGuardEnv } from '../support/network-guard.js';

describe('a copy of the program in a temporary directory (docs/command-line.md; seed acceptance)', () => {
  it('answers every request with PATH="" and an isolated config home, exits 0 with empty stderr', async () => {
    const home = mkdtempSync(join(tmpdir(), 'qiongli-copy-'));
    cpSync(BUNDLE_DIR, join(home, 'qiongli'), { recursive: true });
    const list = await new Promise<{ code: number | null; stdout: Buffer; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [join(home, 'qiongli', 'qiongli.mjs'), ...SERVE_ARGS], {
        cwd: home,
        env: { PATH: '', QIONGLI_CONFIG_HOME: isolatedConfigHome(), ...networkGuardEnv() },
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }));
      const calls = Object.entries(SAMPLE_ARGUMENTS)
        .map(([name, args], index) => ({ name, message: call(100 + index, name, args) }))
        .filter(({ name }) => name !== 'qiongli_literature_search')
        .map(({ message }) => message);
      child.stdin.end(lines(initialize(1), initialized, request(2, 'tools/list'), request(3, 'ping'), ...calls));
    });
    rmSync(home, { recursive: true, force: true });
    assert.equal(list.code, 0);
    assert.equal(list.stderr, '');
    const responses = parseLines(list.stdout) as any[];
    const ids = responses.map((response) => response.id).sort((a, b) => a - b);
    const listed: string[] = responses.find((response) => response.id === 2).result.tools.map((tool: any) => tool.name);
    assert.ok(listed.length >= 3);
    assert.deepEqual(ids.slice(0, 3), [1, 2, 3]);
    // every listed tool answered with a result (a served tool never yields a JSON-RPC error)
    for (const [index, name] of Object.keys(SAMPLE_ARGUMENTS).entries()) {
      const response = responses.find((candidate) => candidate.id === 100 + index);
      if (name === 'qiongli_literature_search') continue;
      assert.ok(response, `response for ${name}`);
      if (listed.includes(name)) assert.ok('result' in response, `${name} answered with a result`);
    }
  });
});
