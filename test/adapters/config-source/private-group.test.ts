import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chown, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { NativeSettingsFileSource } from '../../../src/adapters/config-source/index.js';
import { systemAccountDatabase, type AccountDatabase } from '../../../src/adapters/config-source/account-database.js';
import { runningAsRoot } from './config-home.js';
import { fullDocument } from './settings-documents.js';

/** `getent DATABASE` as rows of fields: the system's own view, independent of the code under test. */
function getent(database: 'passwd' | 'group'): string[][] {
  const run = spawnSync('getent', [database], { encoding: 'utf8' });
  assert.equal(run.status, 0, `getent ${database} must work to build this test`);
  return run.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split(':'));
}

/** Whether `gid` is private to the account `name` by getent: nobody else has it as primary, no one else is listed. */
function privateByGetent(name: string, gid: number): boolean {
  const others = getent('passwd').filter((row) => Number(row[3]) === gid && row[0] !== name);
  const members = (getent('group').find((row) => Number(row[2]) === gid)?.[3] ?? '').split(',').filter((member) => member !== '');
  return others.length === 0 && members.every((member) => member === name);
}

/** A group that is not `name`'s private one: another account's primary group, or one listing members. */
function sharedGroup(name: string, gid: number): number {
  const primaryOfOthers = getent('passwd').find((row) => row[0] !== name && Number(row[3]) !== gid);
  assert.ok(primaryOfOthers !== undefined, 'a second account is needed to find a shared group');
  return Number(primaryOfOthers[3]);
}

describe('the private-group rule on this machine’s real account database (docs/configuration.md#unsafe-permissions)', () => {
  let base: string;
  let root: string;
  let file: string;
  let savedUmask: number;
  const me = userInfo();
  const source = (accounts?: () => AccountDatabase) =>
    new NativeSettingsFileSource({ env: { QIONGLI_CONFIG_HOME: root }, platform: process.platform, homedir: () => base, ...(accounts ? { accounts } : {}) });

  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'qiongli-private-group-'));
    root = join(base, 'qiongli');
    file = join(root, 'settings.json');
    savedUmask = process.umask(0o002); // as Debian, Ubuntu and Fedora desktops set it
    await mkdir(root);
    await writeFile(file, JSON.stringify(fullDocument()));
  });
  afterEach(async () => {
    process.umask(savedUmask);
    await rm(base, { recursive: true, force: true });
  });

  it('accepts a file and folder written under umask 002 in the owner’s private group', async () => {
    assert.equal((await stat(file)).mode & 0o777, 0o664);
    assert.equal((await stat(root)).mode & 0o777, 0o775);
    const gid = (await stat(file)).gid;
    const expected = privateByGetent(me.username, gid);
    if (runningAsRoot()) assert.ok(expected, "root's group must be private on this machine (Debian's default) for this test");
    assert.equal((await source().read()).status, expected ? 'available' : 'unavailable');
  });

  it('refuses the same 0664 file, and the 0775 folder, in a shared group', async () => {
    const gid = (await stat(file)).gid;
    if (runningAsRoot()) {
      const shared = sharedGroup(me.username, gid);
      await chown(file, 0, shared);
      assert.deepEqual(await source().read(), { status: 'unavailable', rule: 'unsafe-permissions' }, `file in group ${shared}`);
      await chown(file, 0, gid);
      await chown(root, 0, shared);
      assert.deepEqual(await source().read(), { status: 'unavailable', rule: 'unsafe-permissions' }, `folder in group ${shared}`);
    } else {
      // Without root, a second account joins the user's own group in the database the rule reads.
      const system = systemAccountDatabase();
      const joined = (): AccountDatabase => ({
        accounts: async () => [...((await system.accounts()) ?? []), { name: 'qiongli-other', uid: 4243, gid }],
        groups: () => system.groups(),
      });
      assert.deepEqual(await source(joined).read(), { status: 'unavailable', rule: 'unsafe-permissions' });
    }
  });
});
