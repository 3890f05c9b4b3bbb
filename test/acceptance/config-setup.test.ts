import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILT_BIN } from '../support/built-program.js';
import { isolatedConfigHome } from '../support/run-program.js';
import { startPrivateSecretService, type PrivateSecretService } from '../support/private-secret-service.js';
import { formTokenOf, postForm, swapToken } from '../adapters/setup-page/page-support.js';

const KEY = 'PUBMED-CANARY-terminal-8c2e';

/** Runs `qiongli config setup PROVIDER` and submits `fields` on the page it prints, as a browser would. */
async function setupAndSubmit(provider: string, env: NodeJS.ProcessEnv, fields: (p: string) => Record<string, string>) {
  const child = spawn(process.execPath, [BUILT_BIN, 'config', 'setup', provider], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  for (let tries = 0; tries < 500 && !stdout.includes('token='); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
  const url = new URL(/http:\/\/127\.0\.0\.1:\d+\/start\?token=[\w-]+/.exec(stdout)?.[0] ?? 'http://invalid');
  const port = Number(url.port);
  const cookie = await swapToken(port, url.searchParams.get('token') ?? '');
  const body = new URLSearchParams({ form_token: await formTokenOf(port, cookie), revision: 'none', ...fields(provider) });
  const page = await postForm(port, cookie, body.toString());
  return { code: await exited, stdout, stderr, page: page === 'refused' ? '' : page.body };
}

describe('the built program serves the setup page at a terminal: qiongli config setup (docs/command-line.md#qiongli-config)', () => {
  let service: PrivateSecretService;
  before(async () => {
    service = await startPrivateSecretService();
  });
  after(() => service?.stop());

  it('prints the address on stdout, saves what the page submits, and exits 0', async () => {
    const home = isolatedConfigHome();
    const run = await setupAndSubmit('crossref', { PATH: process.env.PATH ?? '', QIONGLI_CONFIG_HOME: home }, (p) => ({
      [`${p}.shown`]: 'on',
      [`${p}.shown_email`]: '',
      [`${p}.enabled`]: 'on',
      [`${p}.email`]: 'me@example.org',
    }));
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    assert.match(run.stdout, /Settings saved/);
    const settings = JSON.parse(await readFile(join(home, 'settings.json'), 'utf8'));
    assert.deepEqual(settings.providers.crossref, { enabled: true, email: 'me@example.org' });
    assert.equal(settings.revision, 1, 'one field changed (Crossref is on by default): one atomic write');
  });

  it('keeps a key typed on the page in the real Secret Service, under the reference the settings name; never printed', async () => {
    const home = isolatedConfigHome();
    const run = await setupAndSubmit('pubmed', { ...service.env, QIONGLI_CONFIG_HOME: home }, (p) => ({
      [`${p}.shown`]: 'on',
      [`${p}.enabled`]: 'on',
      [`${p}.api_key`]: KEY,
    }));
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.page, /PubMed, API key: saved/);
    const reference = JSON.parse(await readFile(join(home, 'settings.json'), 'utf8')).providers.pubmed.api_key_ref;
    assert.equal(service.lookup(reference), KEY);
    assert.ok(![run.stdout, run.stderr, run.page].some((text) => text.includes(KEY)));
  });
});
