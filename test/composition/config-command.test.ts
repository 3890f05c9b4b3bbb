import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { runConfigCommand, freshSecretReference, type ConfigCommandOverrides } from '../../src/composition/config-command.js';
import { profileSecretStore } from '../../src/composition/secret-store-binding.js';
import { createContainer } from '../../src/composition/create-container.js';
import type { ConfigAction } from '../../src/adapters/cli/parsed-command.js';
import { SecretStoreId } from '../../src/ports/secret-store.port.js';
import { FakeSecretStore, secretReference } from '../fakes/secret-store.fake.js';
import { createConfigHome, type ConfigHome } from '../adapters/config-source/config-home.js';

const KEY = 'sk-CANARY-4b1d9e';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

describe('qiongli config, run in process (docs/command-line.md#qiongli-config)', () => {
  let home: ConfigHome;
  let references: number;
  beforeEach(async () => {
    home = await createConfigHome();
    references = 0;
  });
  afterEach(async () => {
    await home.remove();
  });

  const run = async (action: ConfigAction, stdin: Readable, overrides: ConfigCommandOverrides = {}): Promise<Run> => {
    let stdout = '';
    let stderr = '';
    const code = await runConfigCommand(
      action,
      { stdin, writeStdout: (text) => (stdout += text), writeStderr: (text) => (stderr += text) },
      {
        environment: { env: { QIONGLI_CONFIG_HOME: home.root }, platform: process.platform, homedir: () => home.base },
        newSecretReference: () => secretReference(++references),
        ...overrides,
      },
    );
    return { code, stdout, stderr };
  };
  const piped = (text: string | Buffer) => Readable.from([Buffer.from(text)]);
  const document = async () => JSON.parse(await readFile(home.file, 'utf8'));

  it('set-key: the key is in the store (read back through it), the settings name it, the file is 0600', async () => {
    const store = FakeSecretStore.empty();
    const result = await run({ name: 'set-key', provider: 'openalex' }, piped(`${KEY}\n`), { secretStore: store });
    assert.deepEqual(result, {
      code: 0,
      stdout: 'Saved: the OpenAlex API key is in the credential store, and the settings name it (settings revision 1).\n',
      stderr: '',
    });
    const reference = (await document()).providers.openalex.api_key_ref;
    assert.equal(reference, secretReference(1));
    assert.deepEqual(await store.resolve(reference), { status: 'resolved', value: KEY });
    assert.equal((await stat(home.file)).mode & 0o777, 0o600);
    assert.ok(!(await readFile(home.file, 'utf8')).includes(KEY), 'the key never enters the settings file');
  });

  it('set-key again replaces the key and deletes the old one; remove-key deletes it', async () => {
    const store = FakeSecretStore.empty();
    await run({ name: 'set-key', provider: 'pubmed' }, piped(KEY), { secretStore: store });
    await run({ name: 'set-key', provider: 'pubmed' }, piped(`${KEY}-2`), { secretStore: store });
    assert.deepEqual(store.storedReferences, [secretReference(2)]);
    assert.equal((await document()).providers.pubmed.api_key_ref, secretReference(2));
    const removed = await run({ name: 'remove-key', provider: 'pubmed' }, piped(''), { secretStore: store });
    assert.equal(removed.code, 0);
    assert.deepEqual(store.storedReferences, []);
    assert.deepEqual((await document()).providers.pubmed, { enabled: true }, 'enabled as by default, keyless again');
    assert.equal((await document()).revision, 3);
  });

  it('refuses before reading the key when no credential store is reachable: nothing read, nothing saved', async () => {
    const stdin = new PassThrough();
    stdin.write(`${KEY}\n`);
    const result = await run({ name: 'set-key', provider: 'semantic_scholar' }, stdin, { secretStore: FakeSecretStore.unavailable() });
    assert.deepEqual(result, {
      code: 1,
      stdout: '',
      stderr:
        'error: no credential store is reachable, so the key was not saved (Qiongli never keeps keys in a file); docs/configuration.md#no-credential-store says how to start or unlock one\n',
    });
    assert.equal(String(stdin.read()), `${KEY}\n`, 'the key was never read');
    await assert.rejects(stat(home.file), { code: 'ENOENT' });
  });

  it('refuses bad keys with a static error, storing nothing and never echoing them', async () => {
    const cases: [string | Buffer, string][] = [
      [`${KEY}\nsecond-line\n`, 'the key holds a line break or another control character; nothing was saved'],
      [`${KEY}\u0000\n`, 'the key holds a line break or another control character; nothing was saved'],
      [`${KEY}\u001b[A\n`, 'the key holds a line break or another control character; nothing was saved'],
      ['\n', 'the key is empty; nothing was saved'],
      ['', 'no key was given (standard input was empty or closed); nothing was saved'],
      [`${KEY}${'x'.repeat(64 * 1024)}`, 'the key is longer than 4096 bytes; nothing was saved'],
      [Buffer.concat([Buffer.from(KEY), Buffer.from([0xc3, 0x28])]), 'the key is not UTF-8 text; nothing was saved'],
      [` ${KEY}\n`, 'the key starts or ends with a space; nothing was saved'],
    ];
    for (const [input, message] of cases) {
      const store = FakeSecretStore.empty();
      const result = await run({ name: 'set-key', provider: 'openalex' }, piped(input), { secretStore: store });
      assert.deepEqual(result, { code: 1, stdout: '', stderr: `error: ${message}\n` }, message);
      assert.deepEqual(store.storedReferences, [], message);
    }
    await assert.rejects(stat(home.file), { code: 'ENOENT' }, 'no settings written');
  });

  it('enable, disable and set-email change the file; a repeat changes nothing', async () => {
    assert.deepEqual(await run({ name: 'enable', target: 'crossref' }, piped('')), {
      code: 0,
      stdout: 'Crossref is already enabled; nothing changed.\n',
      stderr: '',
    });
    assert.equal((await run({ name: 'disable', target: 'crossref' }, piped(''))).stdout, 'Crossref is disabled (settings revision 1).\n');
    assert.equal((await run({ name: 'set-email', provider: 'crossref', address: 'me@example.org' }, piped(''))).code, 0);
    assert.equal((await run({ name: 'disable', target: 'opencitations' }, piped(''))).code, 0);
    assert.equal((await run({ name: 'enable', target: 'crossref' }, piped(''))).stdout, 'Crossref is enabled (settings revision 4).\n');
    const now = await document();
    assert.deepEqual(now.providers, { crossref: { enabled: true, email: 'me@example.org' }, opencitations: { enabled: false } });
    assert.equal(now.revision, 4);
  });

  it('status and check read the file as it is now; unusable settings make both exit 1', async () => {
    await run({ name: 'disable', target: 'pubmed' }, piped(''));
    const status = await run({ name: 'status' }, piped(''), { secretStore: FakeSecretStore.empty() });
    assert.equal(status.code, 0);
    assert.match(status.stdout, /\(revision 1\)\ncredential store: reachable\n/);
    assert.match(status.stdout, /^pubmed {12}no {7}- {8}not set {2}keyless$/m);
    assert.deepEqual(await run({ name: 'check' }, piped('')), {
      code: 0,
      stdout: `The settings at ${home.file} are valid (revision 1).\nZotero delivery: off (delivery of found records to your Zotero desktop; qiongli config enable zotero switches it on).\n`,
      stderr: '',
    });
    await home.write('{"revision": 1,,}');
    const check = await run({ name: 'check' }, piped(''));
    assert.equal(check.code, 1);
    assert.match(check.stderr, /^error: the settings are unusable: settings.json is not valid JSON/);
    const unusable = await run({ name: 'status' }, piped(''));
    assert.equal(unusable.code, 1);
    assert.match(unusable.stderr, /^error: the settings are unusable: .*\nRun qiongli config check to see what to fix\.\n$/);
    assert.equal((await run({ name: 'enable', target: 'arxiv' }, piped(''))).code, 1);
  });
  it('a lock whose holder runs (here: dated in the future) refuses with busy and names the lock file to delete (issue 29, row 11)', async () => {
    await writeFile(join(home.root, 'settings.json.lock'), JSON.stringify({ pid: process.pid, host: hostname(), token: 'held' }));
    const future = new Date(Date.now() + 3_600_000);
    await utimes(join(home.root, 'settings.json.lock'), future, future);
    const result = await run({ name: 'disable', target: 'crossref' }, piped(''));
    assert.equal(result.code, 1);
    assert.equal(
      result.stderr,
      `error: another program is changing the settings right now; nothing was saved, try again\nIf it keeps saying so and no other qiongli command or server is changing the settings, delete the lock file ${join(home.root, 'settings.json.lock')} and try again.\n`,
    );
  });
});

describe('the secret store of the config commands', () => {
  it('is the store the composition root binds as SecretStoreId', () => {
    const bound = createContainer('lite').get(SecretStoreId);
    const used = profileSecretStore();
    assert.equal(used.constructor, bound.constructor);
    assert.equal(used.available, bound.available);
  });

  it('draws fresh references: qsr1_ and 32 random hex digits', () => {
    const drawn = new Set(Array.from({ length: 100 }, freshSecretReference));
    assert.equal(drawn.size, 100);
    for (const reference of drawn) assert.match(reference, /^qsr1_[0-9a-f]{32}$/);
  });
});
