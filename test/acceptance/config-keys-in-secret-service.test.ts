import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_BIN } from '../support/built-program.js';
import { startPrivateSecretService, type PrivateSecretService } from '../support/private-secret-service.js';

const CANARY = 'qiongli-config-canary-6d0b';
const NO_BUS = 'unix:path=/nonexistent/qiongli-bus';

/** `qiongli config …` through the built bundle, as a person runs it, with the key on stdin. */
function config(env: NodeJS.ProcessEnv, args: string[], input = '') {
  const run = spawnSync(process.execPath, [BUILT_BIN, 'config', ...args], { env, input, encoding: 'utf8', timeout: 30_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const referenceIn = (home: string): string | undefined => {
  const file = join(home, 'settings.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).providers?.openalex?.api_key_ref : undefined;
};

describe('qiongli config keys in a real Secret Service (docs/configuration.md#secrets)', () => {
  let service: PrivateSecretService;
  let home: string;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    service = await startPrivateSecretService();
    home = mkdtempSync(join(tmpdir(), 'qiongli-config-keys-'));
    env = { ...service.env, QIONGLI_CONFIG_HOME: home };
  });
  after(() => service.stop());

  it('set-key puts the key in the store and the reference in 0600 settings; a replaced key is deleted; remove-key deletes it', () => {
    const set = config(env, ['set-key', 'openalex'], `${CANARY}\n`);
    assert.equal(set.code, 0, set.stderr);
    const first = referenceIn(home);
    assert.match(first ?? '', /^qsr1_[0-9a-f]{32}$/);
    assert.equal(service.lookup(first!), CANARY, 'secret-tool reads the key back');
    assert.equal(statSync(join(home, 'settings.json')).mode & 0o777, 0o600);
    assert.ok(!readFileSync(join(home, 'settings.json'), 'utf8').includes(CANARY));
    const status = config(env, ['status']);
    assert.match(status.stdout, /credential store: reachable/);
    assert.match(status.stdout, /^openalex +\S+ +\S+( \S+)? +set$/m);

    const replaced = config(env, ['set-key', 'openalex'], `${CANARY}-2\n`);
    assert.equal(replaced.code, 0, replaced.stderr);
    const second = referenceIn(home)!;
    assert.notEqual(second, first);
    assert.equal(service.lookup(second), `${CANARY}-2`);
    assert.equal(service.lookup(first!), undefined, 'the replaced key is gone from the store');

    const removed = config(env, ['remove-key', 'openalex']);
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal(referenceIn(home), undefined);
    assert.equal(service.lookup(second), undefined);
    for (const run of [set, status, replaced, removed]) assert.ok(!(run.stdout + run.stderr).includes(CANARY));
  });

  it('refuses bad keys statically, without echo, storing nothing: empty, NUL, a second line, 64 KiB', () => {
    const fresh = mkdtempSync(join(tmpdir(), 'qiongli-config-bad-'));
    for (const input of ['', '\n', `${CANARY}\0x\n`, `${CANARY}\nsecond-line\n`, `${CANARY}${'k'.repeat(65_536)}\n`]) {
      const run = config({ ...service.env, QIONGLI_CONFIG_HOME: fresh }, ['set-key', 'openalex'], input);
      assert.equal(run.code, 1, JSON.stringify(input.slice(0, 40)));
      assert.match(run.stderr, /^error: [^\n]+\n/);
      assert.ok(!(run.stdout + run.stderr).includes(CANARY), 'the value is never echoed');
      assert.equal(referenceIn(fresh), undefined, 'no settings name a key');
    }
    const stored = spawnSync('secret-tool', ['search', '--all', 'service', 'qiongli'], { env: service.env, encoding: 'utf8' });
    assert.ok(!(stored.stdout + stored.stderr).includes(CANARY), 'no bad key reached the store');
  });

  it('with no session bus: status says the store is unreachable, set-key fails with one static line, exit 1, nothing stored', () => {
    const fresh = mkdtempSync(join(tmpdir(), 'qiongli-config-nobus-'));
    const noBus = { PATH: process.env.PATH, HOME: fresh, QIONGLI_CONFIG_HOME: fresh, DBUS_SESSION_BUS_ADDRESS: NO_BUS };
    const status = config(noBus, ['status']);
    assert.equal(status.code, 0);
    assert.doesNotMatch(status.stdout, /credential store: reachable/);
    const set = config(noBus, ['set-key', 'openalex'], `${CANARY}\n`);
    assert.equal(set.code, 1);
    assert.match(set.stderr, /^error: no credential store is reachable[^\n]*\n$/);
    assert.ok(!(set.stdout + set.stderr).includes(CANARY));
    assert.equal(referenceIn(fresh), undefined);
  });
});
