import { after, before, beforeEach, afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { SettingsFileWriter } from '../../src/adapters/config-source/settings-file-writer.js';
import { OsKeyringSecretStore, locateKeyringModule } from '../../src/adapters/secret-store/index.js';
import { freshSecretReference } from '../../src/composition/secret-references.js';
import { StoringSetupBackend } from '../../src/domain/provider-setup/storing-setup-backend.js';
import { createConfigHome, type ConfigHome } from '../adapters/config-source/config-home.js';
import { startPrivateSecretService, type PrivateSecretService } from '../support/private-secret-service.js';
import { saveOn } from '../domain/provider-setup/setup-forms.js';

const FIRST = 'OPENALEX-CANARY-first-31';
const SECOND = 'OPENALEX-CANARY-second-47';

describe("the setup page's backend over the real Secret Service and the settings file (docs/setup-page.md#what-a-save-does)", () => {
  let service: PrivateSecretService;
  let home: ConfigHome;
  before(async () => {
    service = await startPrivateSecretService();
    Object.assign(process.env, service.env);
  });
  after(() => service.stop());
  beforeEach(async () => {
    home = await createConfigHome();
  });
  afterEach(() => home.remove());

  const backend = (timeoutMs?: number) =>
    new StoringSetupBackend({
      settings: new SettingsFileWriter({ env: { QIONGLI_CONFIG_HOME: home.root }, platform: process.platform, homedir: () => home.base }),
      secrets: new OsKeyringSecretStore({ locate: locateKeyringModule, ...(timeoutMs === undefined ? {} : { timeoutMs }) }),
      newSecretReference: freshSecretReference,
    });
  const reference = async (): Promise<string | undefined> => JSON.parse(await readFile(home.file, 'utf8')).providers.openalex.api_key_ref;

  it('keeps a key under a fresh reference, deletes the key it replaces, and deletes a removed key', async () => {
    const page = backend();
    assert.equal((await page.state()).credentialStore, 'available');
    assert.equal((await saveOn(page, { openalex: { enabled: true, apiKey: FIRST } }))[2]?.outcome, 'saved');
    const first = await reference();
    assert.equal(service.lookup(first ?? ''), FIRST);
    assert.equal((await saveOn(page, { openalex: { enabled: true, apiKey: SECOND } }))[2]?.outcome, 'saved');
    const second = await reference();
    assert.notEqual(second, first, 'a fresh reference for the new key');
    assert.equal(service.lookup(second ?? ''), SECOND);
    assert.equal(service.lookup(first ?? ''), undefined, 'the replaced key is gone from the store');
    assert.equal((await saveOn(page, { openalex: { enabled: true, removeKey: true } }))[2]?.outcome, 'removed');
    assert.equal(await reference(), undefined);
    assert.equal(service.lookup(second ?? ''), undefined, 'the removed key is gone from the store');
    assert.ok(!(await readFile(home.file, 'utf8')).includes('CANARY'), 'no key in the settings file');
  });

  it('saves no key, and names none, when the Secret Service does not answer in time', async () => {
    service.freeze();
    try {
      const results = await saveOn(backend(500), { openalex: { enabled: false, apiKey: FIRST } });
      assert.deepEqual(results[2], { provider: 'openalex', field: 'api_key', outcome: 'failed', failure: 'credential-store-unavailable' });
      assert.equal(results[0]?.outcome, 'saved', 'the public field of the same form is saved');
      assert.equal(await reference(), undefined);
    } finally {
      service.thaw();
    }
  });
});
