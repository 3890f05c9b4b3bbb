import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SettingsFileWriter, type SettingsFileWriterOptions } from '../../../src/adapters/config-source/settings-file-writer.js';
import type { SettingsEdit } from '../../../src/ports/settings-writer.port.js';
import { PROJECT_ROOT } from '../../support/built-program.js';
import { createConfigHome, folderSwap, type ConfigHome } from './config-home.js';
import { fullDocument } from './settings-documents.js';

const ENABLE_PUBMED: SettingsEdit = { providers: { pubmed: { enabled: true } } };
const LOCK = 'settings.json.lock';
const WRITER_MODULE = pathToFileURL(join(PROJECT_ROOT, 'dist/src/adapters/config-source/settings-file-writer.js')).href;

describe('the settings writers under attack (issue 29, rows 8-11; issue 24, row 6)', () => {
  let home: ConfigHome;
  beforeEach(async () => {
    home = await createConfigHome();
    await home.write(JSON.stringify(fullDocument()));
  });
  afterEach(() => home.remove());

  const writer = (options: Partial<SettingsFileWriterOptions> = {}) =>
    new SettingsFileWriter({ env: { QIONGLI_CONFIG_HOME: home.root }, platform: process.platform, homedir: () => home.base, ...options });
  const documentNow = async () => JSON.parse(await readFile(home.file, 'utf8'));
  const leftovers = async () => (await readdir(home.root)).filter((name) => name !== 'settings.json');

  it('row 8: a writer stalled at its rename keeps its lock while it lives; no other writer takes it over as stale', async () => {
    let other: Promise<unknown> | undefined;
    const stalled = writer({
      beforeReplace: async () => {
        other = writer({ staleMs: 50, waitMs: 400 }).write(7, { providers: { arxiv: { enabled: true } } });
        await other;
      },
    }).write(7, ENABLE_PUBMED);
    assert.deepEqual(await stalled, { status: 'written', revision: 8 });
    assert.deepEqual(await other, { status: 'busy' }, 'a live holder is never stale, however short the bound');
    const now = await documentNow();
    assert.deepEqual([now.revision, now.providers.pubmed.enabled, now.providers.arxiv.enabled], [8, true, false]);
  });

  it('row 11: a lock dated in the future whose holder runs is never stale; one of another host is, once old', async () => {
    await writeFile(join(home.root, LOCK), JSON.stringify({ pid: process.pid, host: hostname(), token: 'future' }));
    const future = new Date(Date.now() + 3_600_000);
    await utimes(join(home.root, LOCK), future, future);
    assert.deepEqual(await writer({ staleMs: 50, waitMs: 200 }).write(7, ENABLE_PUBMED), { status: 'busy' });
    await writeFile(join(home.root, LOCK), JSON.stringify({ pid: process.pid, host: `not-${hostname()}`, token: 'old' }));
    const old = new Date(Date.now() - 60_000);
    await utimes(join(home.root, LOCK), old, old);
    assert.deepEqual(await writer({ waitMs: 200 }).write(7, ENABLE_PUBMED), { status: 'written', revision: 8 });
    assert.deepEqual(await leftovers(), []);
  });

  it('row 11: a stale lock that is a folder is removed whole, leaving no settings.json.lock.stale-<hex> behind', async () => {
    await mkdir(join(home.root, LOCK, 'inside'), { recursive: true });
    const old = new Date(Date.now() - 60_000);
    await utimes(join(home.root, LOCK), old, old);
    assert.deepEqual(await writer({ waitMs: 200 }).write(7, ENABLE_PUBMED), { status: 'written', revision: 8 });
    assert.deepEqual(await leftovers(), []);
  });

  it('row 10: a hand edit between the read and the rename is not lost: the write is refused (settings-changed)', async () => {
    const edited = JSON.stringify({ ...fullDocument(), revision: 7, default_profile: 'handmade' });
    const handEdit = () => writeFile(home.file, edited); // in place: same inode, same revision
    assert.deepEqual(await writer({ beforeReplace: handEdit }).write(7, ENABLE_PUBMED), { status: 'conflict' });
    assert.equal(await readFile(home.file, 'utf8'), edited);
    assert.deepEqual(await leftovers(), []);
  });

  it('row 11: a folder swapped for a symbolic link after the checks: the change landed in the folder opened, and the writer says so', async () => {
    const { elsewhere, movedAside, swap, restore } = await folderSwap(home);
    const result = await writer({ afterChecks: swap }).write(7, ENABLE_PUBMED);
    try {
      if (process.platform === 'linux') {
        assert.deepEqual(result, { status: 'written', revision: 8, warning: 'folder-moved' });
        assert.equal(
          JSON.parse(await readFile(join(movedAside, 'settings.json'), 'utf8')).providers.pubmed.enabled,
          true,
          'the change is where it was written',
        );
        assert.deepEqual(await readdir(elsewhere), [], 'nothing went through the link');
      } else assert.equal(result.status === 'written' && result.warning, 'folder-moved');
    } finally {
      await restore();
    }
  });

  it('row 6: a writer killed mid-write leaves a temporary file and a lock; the next writer removes both and writes', async () => {
    const script = `import { SettingsFileWriter } from ${JSON.stringify(WRITER_MODULE)};
      const writer = new SettingsFileWriter({ env: { QIONGLI_CONFIG_HOME: ${JSON.stringify(home.root)} }, platform: process.platform, homedir: () => '/', beforeReplace: () => { process.stdout.write('held\\n'); return new Promise(() => {}); } });
      await writer.write(7, { providers: { arxiv: { enabled: true } } });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.on('data', () => resolve()));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('close', resolve));
    const left = await leftovers();
    assert.ok(left.includes(LOCK) && left.some((name) => /^settings\.json\.[0-9a-f]{16}\.tmp$/.test(name)), `left: ${left.join(', ')}`);
    assert.deepEqual(await writer({ waitMs: 300 }).write(7, ENABLE_PUBMED), { status: 'written', revision: 8 });
    assert.deepEqual(await leftovers(), [], 'the temporary file of the dead writer is gone');
  });

  it('row 9: a full disk leaves no empty lock: the write fails at once, and the next one is not blocked', () => {
    const script = `import { SettingsFileWriter } from ${JSON.stringify(WRITER_MODULE)};
      import { writeFileSync, mkdirSync, rmSync, readdirSync } from 'node:fs';
      const root = process.env.ROOT + '/qiongli';
      mkdirSync(root, { mode: 0o700 });
      writeFileSync(root + '/settings.json', ${JSON.stringify(JSON.stringify(fullDocument()))}, { mode: 0o600 });
      try { for (let i = 0; ; i++) writeFileSync(process.env.ROOT + '/filler-' + i, Buffer.alloc(4096)); } catch {}
      const writer = () => new SettingsFileWriter({ env: { QIONGLI_CONFIG_HOME: root }, platform: process.platform, homedir: () => '/' });
      const full = await writer().write(7, { providers: { pubmed: { enabled: true } } });
      const leftAfterFull = readdirSync(root).filter((name) => name !== 'settings.json');
      for (const name of readdirSync(process.env.ROOT)) if (name.startsWith('filler-')) rmSync(process.env.ROOT + '/' + name);
      const started = Date.now();
      const next = await writer().write(7, { providers: { pubmed: { enabled: true } } });
      console.log(JSON.stringify({ full, leftAfterFull, next, ms: Date.now() - started }));`;
    const mountPoint = join(home.base, 'tiny');
    spawnSync('mkdir', ['-p', mountPoint]);
    const run = spawnSync(
      'unshare',
      ['-rm', 'sh', '-c', `mount -t tmpfs -o size=64k tmpfs "$ROOT" && exec "${process.execPath}" --input-type=module -e "$SCRIPT"`],
      { env: { ...process.env, ROOT: mountPoint, SCRIPT: script }, encoding: 'utf8', timeout: 60_000 },
    );
    assert.equal(run.status, 0, run.stderr);
    const seen = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}');
    assert.deepEqual(seen.full, { status: 'failed' }, 'the disk was full');
    assert.deepEqual(seen.leftAfterFull, [], 'no lock (and no temporary file) left behind');
    assert.deepEqual(seen.next, { status: 'written', revision: 8 });
    assert.ok(seen.ms < 5_000, `the next writer was not kept waiting for a stale lock (${seen.ms} ms)`);
  });
});
