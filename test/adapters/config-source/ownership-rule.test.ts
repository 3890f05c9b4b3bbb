import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseAccounts, parseGroups, type AccountDatabase } from '../../../src/adapters/config-source/account-database.js';
import { judgeOwnership, type FileSafetyPolicy } from '../../../src/adapters/config-source/ownership-rule.js';

const PASSWD = ['root:x:0:0:root:/root:/bin/bash', 'ada:x:1000:1000:Ada:/home/ada:/bin/bash', 'bob:x:1001:100:Bob:/home/bob:/bin/sh', ''].join('\n');
const GROUP = ['root:x:0:', 'users:x:100:ada', 'ada:x:1000:', 'staff:x:50:ada,bob', ''].join('\n');

/** An account database built from the texts of /etc/passwd and /etc/group (`null`: unreadable); counts its reads. */
function database(passwd: string | null = PASSWD, group: string | null = GROUP): AccountDatabase & { reads: number } {
  const db = {
    reads: 0,
    accounts: () => {
      db.reads += 1;
      return Promise.resolve(passwd === null ? undefined : parseAccounts(passwd));
    },
    groups: () => Promise.resolve(group === null ? undefined : parseGroups(group)),
  };
  return db;
}

const policy = (accounts: AccountDatabase = database(), currentUid: number | undefined = 1000): FileSafetyPolicy => ({
  posixModes: true,
  currentUid,
  accounts,
});
const verdict = async (mode: number, uid: number, gid: number, accounts?: AccountDatabase) => (await judgeOwnership({ mode, uid, gid }, policy(accounts))).ok;

describe('the private-group rule (docs/configuration.md#unsafe-permissions, as OpenSSH with Debian user-group-modes)', () => {
  it("accepts a group-writable file or folder whose group is the owner's private group (umask 002)", async () => {
    assert.equal(await verdict(0o664, 1000, 1000), true);
    assert.equal(await verdict(0o660, 1000, 1000), true);
    assert.equal(await verdict(0o775, 1000, 1000), true, 'a folder made under umask 002');
    assert.equal(await verdict(0o2775, 1000, 1000), true, 'setgid folder');
  });

  it('accepts the private group when its member list names only the owner', async () => {
    const group = GROUP.replace('ada:x:1000:', 'ada:x:1000:ada');
    assert.equal(await verdict(0o664, 1000, 1000, database(PASSWD, group)), true);
  });

  it('refuses a group with another member, or that another account has as its primary group', async () => {
    assert.equal(await verdict(0o664, 1000, 1000, database(PASSWD, GROUP.replace('ada:x:1000:', 'ada:x:1000:bob'))), false);
    assert.equal(await verdict(0o664, 1000, 1000, database(PASSWD, GROUP.replace('ada:x:1000:', 'ada:x:1000:ada,eve'))), false);
    const sharedPrimary = `${PASSWD}carl:x:1002:1000:Carl:/home/carl:/bin/sh\n`;
    assert.equal(await verdict(0o664, 1000, 1000, database(sharedPrimary)), false);
  });

  it("refuses a group that is not the owner's primary group, even one with no other member", async () => {
    assert.equal(await verdict(0o664, 1000, 100), false, 'users: ada is listed, but it is bob’s primary group');
    assert.equal(await verdict(0o664, 1000, 50), false, 'staff: shared');
    assert.equal(await verdict(0o664, 1000, 0), false, "root's group");
  });

  it('refuses what cannot be determined: an unknown owner or group, an unreadable or unparsable database', async () => {
    assert.equal(await verdict(0o664, 1000, 1000, database(PASSWD.replace(/^ada:.*$/m, ''))), false, 'owner not in passwd');
    assert.equal(await verdict(0o664, 1000, 1000, database(PASSWD, GROUP.replace('ada:x:1000:\n', ''))), false, 'group not in group');
    assert.equal(await verdict(0o664, 1000, 1000, database(null)), false, 'passwd unreadable');
    assert.equal(await verdict(0o664, 1000, 1000, database(PASSWD, null)), false, 'group unreadable');
    assert.equal(await verdict(0o664, 1000, 1000, database(`${PASSWD}+::::::\n`)), false, 'NIS compat entry');
    assert.equal(await verdict(0o664, 1000, 1000, database(`${PASSWD}broken line\n`)), false, 'unparsable line');
    const throwing: AccountDatabase = { accounts: () => Promise.reject(new Error('EIO')), groups: () => Promise.resolve([]) };
    assert.equal(await verdict(0o664, 1000, 1000, throwing), false, 'a database that throws');
  });

  it('refuses anything writable by others, private group or not', async () => {
    for (const mode of [0o666, 0o646, 0o602, 0o777]) assert.equal(await verdict(mode, 1000, 1000), false, mode.toString(8));
  });

  it("accepts the owner's own modes without reading the account database at all", async () => {
    const accounts = database();
    for (const mode of [0o600, 0o644, 0o400, 0o700, 0o755]) assert.equal(await verdict(mode, 1000, 1000, accounts), true, mode.toString(8));
    assert.equal(accounts.reads, 0);
  });

  it('refuses a file owned by another user, accepts one owned by root; root’s private group counts as well', async () => {
    assert.equal(await verdict(0o600, 1001, 100), false);
    assert.equal(await verdict(0o644, 0, 0), true);
    assert.equal(await verdict(0o664, 0, 0), true, "root's group has no other member here");
  });

  it('explains the refusal for `qiongli config check`', async () => {
    const shared = await judgeOwnership({ mode: 0o664, uid: 1000, gid: 50 }, policy());
    assert.deepEqual(shared, {
      ok: false,
      error: "its group (gid 50) can write to it, and it is not the owner's primary group; remove that with chmod g-w, or give it your private group",
    });
    const world = await judgeOwnership({ mode: 0o666, uid: 1000, gid: 1000 }, policy());
    assert.match(world.ok ? '' : world.error, /world-writable/);
    const other = await judgeOwnership({ mode: 0o600, uid: 4243, gid: 4243 }, policy());
    assert.match(other.ok ? '' : other.error, /owned by another user \(uid 4243\)/);
  });

  it('applies no POSIX rule where there are no POSIX modes (Windows)', async () => {
    assert.deepEqual(await judgeOwnership({ mode: 0o666, uid: 5, gid: 5 }, { posixModes: false, currentUid: undefined, accounts: database() }), {
      ok: true,
      value: undefined,
    });
  });
});

describe('reading /etc/passwd and /etc/group', () => {
  it('parses accounts and groups, skipping blank lines', () => {
    assert.deepEqual(parseAccounts(PASSWD), [
      { name: 'root', uid: 0, gid: 0 },
      { name: 'ada', uid: 1000, gid: 1000 },
      { name: 'bob', uid: 1001, gid: 100 },
    ]);
    assert.deepEqual(
      parseGroups(GROUP)?.find((group) => group.gid === 50),
      { gid: 50, members: ['ada', 'bob'] },
    );
    assert.deepEqual(parseGroups('g:x:7:\n\n')?.[0], { gid: 7, members: [] });
  });

  it('makes the whole database unknown on a malformed line or a NIS entry', () => {
    for (const line of ['ada:x:1000', 'ada:x:one:1000:::', '+ada::::::', '-bob::::::', ':x:1:1:::'])
      assert.equal(parseAccounts(`${PASSWD}${line}\n`), undefined, line);
    for (const line of ['g:x:7', 'g:x:seven:', '+:::', ':x:7:']) assert.equal(parseGroups(`${GROUP}${line}\n`), undefined, line);
  });
});
