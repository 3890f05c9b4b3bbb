import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { OsKeyringSecretStore, locateKeyringModule } from '../../../src/adapters/secret-store/index.js';
import { startPrivateSecretService, type PrivateSecretService } from '../../support/private-secret-service.js';

const CANARY = 'qiongli-store-canary-91c2';
const ref = (n: number): string => `qsr1_${n.toString(16).padStart(32, '0')}`;
const realStore = (timeoutMs?: number): OsKeyringSecretStore => new OsKeyringSecretStore({ locate: locateKeyringModule, ...(timeoutMs ? { timeoutMs } : {}) });

describe('OsKeyringSecretStore against a real Secret Service (docs/configuration.md#secrets)', () => {
  let service: PrivateSecretService;
  before(async () => {
    service = await startPrivateSecretService();
    // libdbus reads the process environment itself, so the session goes into this process's.
    Object.assign(process.env, service.env);
  });
  after(() => service.stop());

  it('stores under service qiongli and the reference as username, read back by secret-tool, resolves and deletes', async () => {
    const store = realStore();
    assert.equal(store.available, true);
    assert.deepEqual(await store.store(ref(1), CANARY), { status: 'done' });
    assert.equal(service.lookup(ref(1)), CANARY);
    assert.deepEqual(await store.resolve(ref(1)), { status: 'resolved', value: CANARY });
    assert.deepEqual(await store.resolve(ref(2)), { status: 'missing' });
    assert.deepEqual(await store.store(ref(1), `${CANARY}-replaced`), { status: 'done' });
    assert.equal(service.lookup(ref(1)), `${CANARY}-replaced`);
    assert.deepEqual(await store.remove(ref(1)), { status: 'done' });
    assert.equal(service.lookup(ref(1)), undefined);
    assert.deepEqual(await store.remove(ref(1)), { status: 'done' }, 'deleting what is not there is done');
    assert.equal(store.available, true);
  });

  it('answers a key secret-tool stored (the store is the system one, not a cache of ours)', async () => {
    const stored = spawnSync('secret-tool', ['store', '--label=qiongli test', 'service', 'qiongli', 'username', ref(3)], { env: service.env, input: CANARY });
    assert.equal(stored.status, 0);
    assert.deepEqual(await realStore().resolve(ref(3)), { status: 'resolved', value: CANARY });
  });

  it('a frozen Secret Service: unavailable within the timeout, then unavailable at once during the cool-down', async () => {
    const store = realStore(500);
    assert.deepEqual(await store.resolve(ref(3)), { status: 'resolved', value: CANARY });
    service.freeze();
    try {
      const started = Date.now();
      assert.deepEqual(await store.resolve(ref(3)), { status: 'unavailable' });
      assert.ok(Date.now() - started < 2_500, 'the timeout answered, not the store');
      assert.equal(store.available, false);
      assert.deepEqual(await store.store(ref(4), CANARY), { status: 'unavailable' });
    } finally {
      service.thaw();
    }
    assert.equal(service.lookup(ref(4)), undefined, 'nothing stored');
  });
});

describe('OsKeyringSecretStore with no credential store to reach', () => {
  it('no session bus (the address names nothing): not available, every answer unavailable, nothing thrown', async () => {
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/qiongli-bus';
    const store = realStore();
    assert.equal(store.available, false);
    assert.deepEqual(await store.resolve(ref(1)), { status: 'unavailable' });
    assert.deepEqual(await store.store(ref(1), CANARY), { status: 'unavailable' });
    assert.deepEqual(await store.remove(ref(1)), { status: 'unavailable' });
    assert.equal(store.available, false);
  });

  it('a native module that cannot be loaded: unavailable, not a crash', async () => {
    for (const locate of [
      () => Promise.reject(new Error('no asset')),
      () => Promise.resolve({ kind: 'file' as const, path: '/dev/null', sha256: '0' }),
      () => Promise.resolve({ kind: 'package' as const, from: 'file:///nonexistent/qiongli/x.js' }),
    ]) {
      const store = new OsKeyringSecretStore({ locate });
      assert.deepEqual(await store.resolve(ref(1)), { status: 'unavailable' });
      assert.deepEqual(await store.store(ref(1), CANARY), { status: 'unavailable' });
      assert.equal(store.available, false);
    }
  });

  it('its worker keeps no process alive: a program that resolved once ends by itself, printing nothing', () => {
    const source = `import { OsKeyringSecretStore, locateKeyringModule } from ${JSON.stringify(new URL('../../../src/adapters/secret-store/index.js', import.meta.url).href)};
const store = new OsKeyringSecretStore({ locate: locateKeyringModule });
await store.resolve('${ref(1)}');`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', source], {
      env: { PATH: process.env.PATH, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/qiongli-bus' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(run.signal, null, 'it ended by itself');
    assert.equal(run.status, 0);
    assert.equal(run.stdout + run.stderr, '');
  });
});
