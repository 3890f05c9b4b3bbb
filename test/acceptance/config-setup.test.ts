import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILT_BIN } from '../support/built-program.js';
import { isolatedConfigHome } from '../support/run-program.js';
import { formTokenOf, postForm, swapToken } from '../adapters/setup-page/page-support.js';

describe('the built program serves the setup page at a terminal: qiongli config setup (docs/command-line.md#qiongli-config)', () => {
  it('prints the address on stdout, saves what the page submits, and exits 0', async () => {
    const home = isolatedConfigHome();
    const child = spawn(process.execPath, [BUILT_BIN, 'config', 'setup', 'crossref'], {
      env: { PATH: process.env.PATH ?? '', QIONGLI_CONFIG_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    for (let tries = 0; tries < 500 && !stdout.includes('token='); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    const url = new URL(/http:\/\/127\.0\.0\.1:\d+\/start\?token=[\w-]+/.exec(stdout)?.[0] ?? 'http://invalid');
    const port = Number(url.port);
    const cookie = await swapToken(port, url.searchParams.get('token') ?? '');
    const body = new URLSearchParams({
      form_token: await formTokenOf(port, cookie),
      'crossref.shown': '1',
      'crossref.enabled': 'on',
      'crossref.email': 'me@example.org',
    });
    await postForm(port, cookie, body.toString());
    assert.equal(await exited, 0, stderr);
    assert.equal(stderr, '');
    assert.match(stdout, /Settings saved/);
    const settings = JSON.parse(await readFile(join(home, 'settings.json'), 'utf8'));
    assert.deepEqual(settings.providers.crossref, { enabled: true, email: 'me@example.org' });
    assert.equal(settings.revision, 2, 'two fields changed: two atomic writes');
  });
});
