import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { OsKeyringSecretStore, locateKeyringModule } from '../../../src/adapters/secret-store/index.js';
import { startPrivateSecretService, type PrivateSecretService } from '../../support/private-secret-service.js';

const CANARY = 'qiongli-locked-canary-2a7d';
const REF = `qsr1_${'c'.repeat(32)}`;

// Its own file (its own process): the native module keeps one D-Bus connection per process, so
// a keyring locked here is not one another suite's store meets.
describe('OsKeyringSecretStore and a locked keyring that cannot prompt (SSH, headless) (docs/configuration.md#no-credential-store)', () => {
  let service: PrivateSecretService;
  before(async () => {
    service = await startPrivateSecretService();
    Object.assign(process.env, service.env);
    const stored = spawnSync('secret-tool', ['store', '--label=qiongli test', 'service', 'qiongli', 'username', REF], { env: service.env, input: CANARY });
    assert.equal(stored.status, 0);
  });
  after(() => service.stop());

  it('unavailable — not a missing key, not a refused write — once the keyring is locked', async () => {
    const store = new OsKeyringSecretStore({ locate: locateKeyringModule });
    assert.equal(await store.presence(REF), 'present');
    const lock = spawnSync(
      'dbus-send',
      [
        '--session',
        '--print-reply',
        '--dest=org.freedesktop.secrets',
        '/org/freedesktop/secrets',
        'org.freedesktop.Secret.Service.Lock',
        'array:objpath:/org/freedesktop/secrets/collection/login',
      ],
      { env: service.env },
    );
    assert.equal(lock.status, 0);
    const locked = new OsKeyringSecretStore({ locate: locateKeyringModule });
    assert.equal(await locked.presence(REF), 'unavailable');
    assert.deepEqual(await locked.resolve(REF), { status: 'unavailable' });
    assert.deepEqual(await locked.store(`qsr1_${'d'.repeat(32)}`, CANARY), { status: 'unavailable' });
  });
});
