import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSettingsFolder } from '../../../src/adapters/config-source/settings-folder.js';
import { systemAccountDatabase } from '../../../src/adapters/config-source/account-database.js';

const policy = () => ({ posixModes: process.platform !== 'win32', currentUid: process.getuid?.(), accounts: systemAccountDatabase() });

describe('the settings folder held for a write (docs/configuration.md#writes)', () => {
  let base: string;
  let root: string;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'qiongli-folder-'));
    root = join(base, 'qiongli');
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('on Linux, reaches names through the folder it opened, whatever its path names later', async (context) => {
    await mkdir(root, { mode: 0o700 });
    const opened = await openSettingsFolder(root, policy());
    assert.ok(opened.ok);
    const folder = opened.value;
    try {
      assert.equal(folder.pinned, process.platform === 'linux', 'Linux routes through /proc/self/fd');
      if (!folder.pinned) return context.diagnostic('no /proc route on this platform: checked before and after the replace instead');
      const elsewhere = join(base, 'elsewhere');
      await mkdir(elsewhere);
      await rename(root, join(base, 'moved-aside'));
      await symlink(elsewhere, root);
      await writeFile(folder.route('probe'), 'written through the held folder');
      assert.equal(await readFile(join(base, 'moved-aside', 'probe'), 'utf8'), 'written through the held folder');
      assert.deepEqual(await readdir(elsewhere), [], 'the symlink was not followed');
      assert.deepEqual(await folder.problemSinceOpened(), {
        rule: 'symlink',
        detail: 'the settings folder became a symbolic link during the write; nothing was written through it',
      });
    } finally {
      await folder.close();
    }
  });

  it('tells a folder moved away or replaced by another folder', async () => {
    await mkdir(root, { mode: 0o700 });
    const opened = await openSettingsFolder(root, policy());
    assert.ok(opened.ok);
    try {
      assert.equal(await opened.value.problemSinceOpened(), undefined);
      await rename(root, join(base, 'gone'));
      assert.equal((await opened.value.problemSinceOpened())?.rule, 'unreadable');
      await mkdir(root, { mode: 0o700 });
      assert.match((await opened.value.problemSinceOpened())?.detail ?? '', /moved or replaced/);
    } finally {
      await opened.value.close();
    }
  });

  it('without POSIX modes (Windows), reaches names through the path and checks the folder before and after', async () => {
    await mkdir(root, { mode: 0o700 });
    const opened = await openSettingsFolder(root, { ...policy(), posixModes: false });
    assert.ok(opened.ok);
    const folder = opened.value;
    assert.equal(folder.pinned, false);
    assert.equal(folder.route('settings.json'), join(root, 'settings.json'));
    await folder.flush();
    assert.equal(await folder.problemSinceOpened(), undefined);
    await rename(root, join(base, 'moved'));
    await symlink(join(base, 'moved'), root);
    assert.equal((await folder.problemSinceOpened())?.rule, 'symlink');
    await folder.close();
  });

  it('creates a missing folder (and its parents) with mode 0700, and refuses a symlinked one', async () => {
    const nested = join(base, 'a', 'b', 'qiongli');
    const opened = await openSettingsFolder(nested, policy());
    assert.ok(opened.ok);
    await opened.value.close();
    await symlink(nested, root);
    assert.deepEqual(await openSettingsFolder(root, policy()), { ok: false, error: { rule: 'symlink', detail: 'the settings folder is a symbolic link' } });
  });
});
