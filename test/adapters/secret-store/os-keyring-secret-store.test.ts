import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../support/built-program.js';
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

  it('its worker keeps no process alive: a program that resolved once ends by itself (and a module parent does not change the worker)', () => {
    const source = `import { OsKeyringSecretStore, locateKeyringModule } from ${JSON.stringify(new URL('../../../src/adapters/secret-store/index.js', import.meta.url).href)};
const store = new OsKeyringSecretStore({ locate: locateKeyringModule });
process.stdout.write(JSON.stringify(await store.resolve('${ref(9)}')));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', source], { env: service.env, encoding: 'utf8', timeout: 20_000 });
    assert.equal(run.signal, null, 'it ended by itself');
    assert.equal(run.status, 0);
    assert.equal(run.stdout, '{"status":"missing"}', 'the worker loaded the module and asked the store');
    assert.equal(run.stderr, '');
  });

  it('presence: present or missing without handing out the value, kept per reference until this store writes it (issue 24, row 7)', async () => {
    const store = realStore();
    assert.equal(await store.reachable(), true);
    const stored = spawnSync('secret-tool', ['store', '--label=qiongli test', 'service', 'qiongli', 'username', ref(5)], { env: service.env, input: CANARY });
    assert.equal(stored.status, 0);
    assert.equal(await store.presence(ref(5)), 'present');
    assert.equal(await store.presence(ref(6)), 'missing');
    spawnSync('secret-tool', ['clear', 'service', 'qiongli', 'username', ref(5)], { env: service.env });
    assert.equal(await store.presence(ref(5)), 'present', 'the answer is kept for the reference');
    assert.equal(await realStore().presence(ref(5)), 'missing', 'a fresh store asks again');
    assert.deepEqual(await store.resolve(ref(5)), { status: 'missing' });
    assert.equal(await store.presence(ref(5)), 'missing', 'what a search learned is kept');
    assert.deepEqual(await store.store(ref(6), CANARY), { status: 'done' });
    assert.equal(await store.presence(ref(6)), 'present');
    assert.deepEqual(await store.remove(ref(6)), { status: 'done' });
    assert.equal(await store.presence(ref(6)), 'missing');
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
      assert.equal(await store.reachable(), false, 'cooling down: not reachable, at once');
      const fresh = realStore(500);
      const asked = Date.now();
      assert.deepEqual(await Promise.all([fresh.presence(ref(3)), fresh.presence(ref(7)), fresh.reachable()]), ['unavailable', 'unavailable', false]);
      assert.ok(Date.now() - asked < 2_500, 'status never waits longer than the timeout');
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
      assert.equal(await store.reachable(), false);
      assert.equal(await store.presence(ref(1)), 'unavailable');
    }
  });

  it("a bundle without this platform's native module (issue 25, row 3): reachable() says no before any key is typed", async () => {
    // @napi-rs/keyring alone, as a bundle built for other platforms holds it on this one.
    const folder = mkdtempSync(join(tmpdir(), 'qiongli-no-binding-'));
    try {
      cpSync(join(PROJECT_ROOT, 'node_modules', '@napi-rs', 'keyring'), join(folder, 'node_modules', '@napi-rs', 'keyring'), { recursive: true });
      const from = pathToFileURL(join(folder, 'server.mjs')).href;
      // macOS has its keychain always: the cheap check alone would call the store reachable.
      const store = new OsKeyringSecretStore({ locate: () => Promise.resolve({ kind: 'package', from }), environment: { platform: 'darwin', env: {} } });
      assert.equal(store.available, true, 'the cheap hint, before any call');
      assert.equal(await store.reachable(), false);
      assert.equal(store.available, false, 'and the hint follows');
      assert.equal(await store.presence(ref(1)), 'unavailable');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
