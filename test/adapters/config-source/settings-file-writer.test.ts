import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { chmod, mkdir, readdir, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SettingsFileWriter, type SettingsFileWriterOptions } from '../../../src/adapters/config-source/settings-file-writer.js';
import type { SettingsEdit } from '../../../src/ports/settings-writer.port.js';
import { createConfigHome, folderSwap, type ConfigHome } from './config-home.js';
import { DEFAULTS, fullDocument, REF_A } from './settings-documents.js';

const ENABLE_PUBMED: SettingsEdit = { providers: { pubmed: { enabled: true } } };
const LOCK = 'settings.json.lock';

describe('SettingsFileWriter (docs/configuration.md#writes)', () => {
  let home: ConfigHome;
  beforeEach(async () => {
    home = await createConfigHome();
  });
  afterEach(async () => {
    await home.remove();
  });

  const writer = (options: Partial<SettingsFileWriterOptions> = {}) =>
    new SettingsFileWriter({ env: { QIONGLI_CONFIG_HOME: home.root }, platform: process.platform, homedir: () => home.base, ...options });
  const documentNow = async () => JSON.parse(await readFile(home.file, 'utf8'));
  const leftovers = async () => (await readdir(home.root)).filter((name) => name !== 'settings.json');

  it('creates the folder with mode 0700 and the file with mode 0600 at revision 1, whatever the umask', async () => {
    await rm(home.root, { recursive: true });
    const saved = process.umask(0o000);
    try {
      assert.deepEqual(await writer().write(null, ENABLE_PUBMED), { status: 'written', revision: 1 });
    } finally {
      process.umask(saved);
    }
    assert.equal((await stat(home.root)).mode & 0o777, 0o700);
    assert.equal((await stat(home.file)).mode & 0o777, 0o600);
    assert.deepEqual(await documentNow(), {
      document_kind: 'qiongli-global-settings',
      schema_version: 1,
      revision: 1,
      providers: { pubmed: { enabled: true } },
    });
    assert.deepEqual(await leftovers(), [], 'no lock or temporary file left');
  });

  it('raises the revision by one and keeps every key it does not change, in order', async () => {
    const original = fullDocument() as { providers: Record<string, unknown> };
    await home.write(JSON.stringify(original));
    const edit: SettingsEdit = { providers: { openalex: { enabled: false } }, sources: { europepmc: { enabled: false } } };
    assert.deepEqual(await writer().write(7, edit), { status: 'written', revision: 8 });
    const now = await documentNow();
    assert.deepEqual(Object.keys(now), Object.keys(original));
    assert.equal(now.default_profile, 'lite');
    assert.deepEqual(now.providers.openalex, { enabled: false });
    assert.deepEqual(now.providers.europepmc, { enabled: false });
    assert.deepEqual(now.providers.crossref, original.providers.crossref);
    assert.deepEqual(Object.keys(now.providers), Object.keys(original.providers));
    assert.deepEqual(await writer().write(8, { zotero: { enabled: false } }), { status: 'written', revision: 9 });
    assert.deepEqual((await documentNow()).zotero, { enabled: false }, 'Zotero delivery switched off in its own top-level entry');
  });

  it('reads the settings and their revision for a change (null: no document yet)', async () => {
    assert.deepEqual(await writer().readForChange(), { status: 'available', settings: DEFAULTS, revision: null });
    await home.write(JSON.stringify(fullDocument()));
    const draft = await writer().readForChange();
    assert.equal(draft.status === 'available' && draft.revision, 7);
    assert.equal(draft.status === 'available' && draft.settings.providers.openalex.apiKeyRef, REF_A);
    await home.write('{"revision": 1,}');
    assert.deepEqual(await writer().readForChange(), { status: 'unavailable', rule: 'not-json' });
  });

  it('refuses a change based on another revision (compare-and-swap), leaving the file as it was', async () => {
    await home.write(JSON.stringify(fullDocument()));
    const before = await readFile(home.file);
    for (const basedOn of [6, 8, null]) assert.deepEqual(await writer().write(basedOn, ENABLE_PUBMED), { status: 'conflict' }, String(basedOn));
    assert.deepEqual(await readFile(home.file), before);
    await rm(home.file);
    assert.deepEqual(await writer().write(0, ENABLE_PUBMED), { status: 'conflict' }, 'a document was expected, none is there');
    assert.deepEqual(await leftovers(), []);
  });

  it('refuses to write over unusable settings or into an unsafe folder, naming the rule', async () => {
    await home.write('{"document_kind": "qiongli-global-settings", // mine\n}');
    assert.deepEqual(await writer().write(null, ENABLE_PUBMED), { status: 'unavailable', rule: 'not-json' });
    await home.write(JSON.stringify(fullDocument()));
    await chmod(home.root, 0o777);
    assert.deepEqual(await writer().write(7, ENABLE_PUBMED), { status: 'unavailable', rule: 'unsafe-permissions' });
    assert.deepEqual(await writer({ env: { QIONGLI_CONFIG_HOME: 'relative' } }).write(7, ENABLE_PUBMED), {
      status: 'unavailable',
      rule: 'relative-config-home',
    });
  });

  it('lets exactly one of two racing writers win; the other is refused and nothing is lost', async () => {
    await home.write(JSON.stringify(fullDocument()));
    // B starts while A holds the lock, both based on revision 7: B waits, gives up, A writes.
    let second: Promise<unknown> | undefined;
    const first = writer({
      beforeReplace: async () => {
        second = writer({ waitMs: 150 }).write(7, { providers: { arxiv: { enabled: true } } });
        await second;
      },
    }).write(7, ENABLE_PUBMED);
    assert.deepEqual(await first, { status: 'written', revision: 8 });
    assert.deepEqual(await second, { status: 'busy' });
    // B read revision 8 too, but writes after A's next change: the swap is refused.
    const draft = await writer().readForChange();
    assert.equal(draft.status === 'available' && draft.revision, 8);
    assert.deepEqual(await writer().write(8, { providers: { crossref: { enabled: false } } }), { status: 'written', revision: 9 });
    assert.deepEqual(await writer().write(8, { providers: { arxiv: { enabled: true } } }), { status: 'conflict' });
    const now = await documentNow();
    assert.deepEqual([now.revision, now.providers.pubmed.enabled, now.providers.crossref.enabled, now.providers.arxiv.enabled], [9, true, false, false]);
    assert.deepEqual(await leftovers(), []);
  });

  it('takes over a lock whose holder is gone, never one whose holder runs, however old (issue 29, row 8)', async () => {
    await home.write(JSON.stringify(fullDocument()));
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await writeFile(join(home.root, LOCK), JSON.stringify({ pid: Number(gone.stdout), host: hostname(), token: 'x' }));
    assert.deepEqual(await writer({ waitMs: 100 }).write(7, ENABLE_PUBMED), { status: 'written', revision: 8 }, 'holder gone');
    await writeFile(join(home.root, LOCK), JSON.stringify({ pid: process.pid, host: hostname(), token: 'y' }));
    assert.deepEqual(await writer({ waitMs: 100 }).write(8, ENABLE_PUBMED), { status: 'busy' }, 'holder alive');
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(join(home.root, LOCK), longAgo, longAgo);
    assert.deepEqual(await writer({ waitMs: 100 }).write(8, ENABLE_PUBMED), { status: 'busy' }, 'lock older than 30 s, holder alive');
    await writeFile(join(home.root, LOCK), '');
    await utimes(join(home.root, LOCK), longAgo, longAgo);
    assert.deepEqual(await writer({ waitMs: 100 }).write(8, ENABLE_PUBMED), { status: 'written', revision: 9 }, 'a lock naming no holder, older than 30 s');
    assert.deepEqual(await leftovers(), []);
  });

  it('never follows a symlink swapped in for the document during a write: it is replaced, its target untouched', async () => {
    await home.write(JSON.stringify(fullDocument()));
    const victim = join(home.base, 'victim.json');
    await writeFile(victim, 'VICTIM');
    const swap = async () => {
      await rm(home.file);
      await symlink(victim, home.file);
    };
    // Swapped after the last checks, the link is replaced; swapped before them, the write is refused (the file is not the one read).
    assert.deepEqual(await writer({ beforeReplace: swap }).write(7, ENABLE_PUBMED), { status: 'conflict' });
    assert.equal(await readFile(victim, 'utf8'), 'VICTIM');
    await rm(home.file);
    await home.write(JSON.stringify(fullDocument()));
    assert.deepEqual(await writer({ afterChecks: swap }).write(7, ENABLE_PUBMED), { status: 'written', revision: 8 });
    assert.equal(await readFile(victim, 'utf8'), 'VICTIM');
    assert.ok((await stat(home.file)).isFile());
    assert.equal((await documentNow()).providers.pubmed.enabled, true);
  });

  it('never follows a symlink swapped in for the folder during a write: nothing is written through it', async () => {
    await home.write(JSON.stringify(fullDocument()));
    const before = await readFile(home.file);
    const { elsewhere, movedAside, swap, restore } = await folderSwap(home);
    assert.deepEqual(await writer({ beforeReplace: swap }).write(7, ENABLE_PUBMED), { status: 'unavailable', rule: 'symlink' });
    assert.deepEqual(await readdir(elsewhere), [], 'nothing was written into the symlink’s target');
    assert.deepEqual(await readFile(join(movedAside, 'settings.json')), before, 'the real document is unchanged');
    assert.deepEqual(await readdir(movedAside), ['settings.json'], 'no temporary file and no lock left behind');
    await restore();
  });

  it('fails cleanly when the replace itself fails, keeping the old document', async () => {
    await home.write(JSON.stringify(fullDocument()));
    const block = async () => {
      await rm(home.file);
      await mkdir(join(home.file, 'full'), { recursive: true }); // rename over a non-empty folder fails
    };
    assert.deepEqual(await writer({ afterChecks: block }).write(7, ENABLE_PUBMED), { status: 'failed' });
    assert.deepEqual((await readdir(home.root)).sort(), ['settings.json']);
  });
});
