import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { runConfigCommand } from '../../src/composition/config-command.js';
import { runSetupCommand } from '../../src/composition/config-setup.js';
import { LoopbackSetupPages } from '../../src/adapters/setup-page/index.js';
import { FakeSecretStore, secretReference } from '../fakes/secret-store.fake.js';
import { FakeSettingsWriter } from '../fakes/settings-writer.fake.js';
import { createConfigHome, type ConfigHome } from '../adapters/config-source/config-home.js';
import { formTokenOf, postForm, request, swapToken, TEST_TIMINGS } from '../adapters/setup-page/page-support.js';

const KEY = 'sk-CANARY-setup-cmd-93';

/** The page address `qiongli config setup` printed: port and token. */
function pageIn(stdout: string): { port: number; token: string } {
  const url = new URL(/http:\/\/127\.0\.0\.1:\d+\/start\?token=[\w-]+/.exec(stdout)?.[0] ?? 'http://invalid');
  return { port: Number(url.port), token: url.searchParams.get('token') ?? '' };
}

/** Resolves once `stdout()` holds the address. */
async function printedAddress(stdout: () => string): Promise<{ port: number; token: string }> {
  for (let tries = 0; tries < 200 && !stdout().includes('token='); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
  return pageIn(stdout());
}

describe('qiongli config setup (docs/command-line.md#qiongli-config)', () => {
  let home: ConfigHome;
  beforeEach(async () => {
    home = await createConfigHome();
  });
  afterEach(async () => {
    await home.remove();
  });

  const start = (provider: 'openalex' | undefined, secrets: FakeSecretStore, interrupt?: (handler: () => void) => void) => {
    let stdout = '';
    let stderr = '';
    const code = runConfigCommand(
      provider === undefined ? { name: 'setup' } : { name: 'setup', provider },
      { stdin: Readable.from([]), writeStdout: (text) => (stdout += text), writeStderr: (text) => (stderr += text) },
      {
        environment: { env: { QIONGLI_CONFIG_HOME: home.root }, platform: process.platform, homedir: () => home.base },
        secretStore: secrets,
        newSecretReference: () => secretReference(7),
        onInterrupt: (handler) => {
          interrupt?.(handler);
          return () => undefined;
        },
      },
    );
    return { code, stdout: () => stdout, stderr: () => stderr };
  };

  it('prints the address, waits for the save, stores the key before the settings name it, and exits 0', async () => {
    const secrets = FakeSecretStore.empty();
    const run = start('openalex', secrets);
    const { port, token } = await printedAddress(run.stdout);
    const cookie = await swapToken(port, token);
    const formToken = await formTokenOf(port, cookie);
    const body = new URLSearchParams({
      form_token: formToken,
      revision: 'none',
      'openalex.shown': 'on',
      'openalex.shown_email': '',
      'openalex.enabled': 'on',
      'openalex.email': 'me@example.org',
      'openalex.api_key': KEY,
    });
    const answer = await postForm(port, cookie, body.toString());
    assert.ok(answer !== 'refused' && /Settings saved/.test(answer.body));
    assert.equal(await run.code, 0);
    assert.match(run.stdout(), /Settings saved\. A running Qiongli server uses them on its next search\./);
    const settings = JSON.parse(await readFile(home.file, 'utf8'));
    assert.deepEqual(settings.providers.openalex, { enabled: true, email: 'me@example.org', api_key_ref: secretReference(7) });
    assert.equal(secrets.peek(secretReference(7)), KEY);
    assert.ok(!run.stdout().includes(KEY) && !run.stderr().includes(KEY), 'the key is never printed');
    assert.equal(await request(port, 'GET', '/'), 'refused', 'the page is closed');
  });

  it('stops on Ctrl-C with exit 1, closes the page and saves nothing', async () => {
    let interrupt = (): void => undefined;
    const run = start(undefined, FakeSecretStore.empty(), (handler) => {
      interrupt = handler;
    });
    const { port } = await printedAddress(run.stdout);
    interrupt();
    assert.equal(await run.code, 1);
    assert.equal(run.stderr(), 'error: stopped before a save; the setup page is closed\n');
    assert.equal(await request(port, 'GET', '/'), 'refused');
    await assert.rejects(readFile(home.file, 'utf8'), 'no settings were written');
  });

  it('exits 1 when the page closes unsaved or cannot listen', async () => {
    const ports = { settings: FakeSettingsWriter.defaults(), secrets: FakeSecretStore.empty(), newSecretReference: () => secretReference(1) };
    const parts = { writeStdout: () => undefined, onInterrupt: () => () => undefined };
    const expired = await runSetupCommand(ports, undefined, {
      ...parts,
      pagesOver: (backend) => new LoopbackSetupPages(backend, { ...TEST_TIMINGS, lifetimeMs: 300 }),
    });
    assert.deepEqual(expired, { stdout: '', stderr: 'error: the setup page closed without a save\n', code: 1 });
    const taken = await runSetupCommand(ports, undefined, {
      ...parts,
      pagesOver: () => ({ open: () => Promise.resolve({ ok: false, error: 'listen-failed' }), close: () => Promise.resolve() }),
    });
    assert.equal(taken.stderr, 'error: the setup page could not listen on 127.0.0.1\n');
    assert.equal(taken.code, 1);
  });
});
