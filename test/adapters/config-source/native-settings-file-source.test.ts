import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, chown, mkdir, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { MAX_SETTINGS_BYTES } from '../../../src/adapters/config-source/index.js';
import { createConfigHome, runningAsRoot, type ConfigHome } from './config-home.js';
import { DEFAULTS, FULL_SETTINGS, fullDocument, fullDocumentWith } from './settings-documents.js';

const UNAVAILABLE = { status: 'unavailable' };
const FULL_TEXT = JSON.stringify(fullDocument(), null, 2);

describe('NativeSettingsFileSource (docs/configuration.md)', () => {
  let home: ConfigHome;
  beforeEach(async () => {
    home = await createConfigHome();
  });
  afterEach(async () => {
    await home.remove();
  });

  describe('what it reads', () => {
    it('yields the defaults (arXiv only) when there is no settings file (docs/configuration.md)', async () => {
      assert.deepEqual(await home.source().read(), { status: 'available', settings: DEFAULTS });
    });

    it('yields the defaults when the configuration root does not exist either (docs/configuration.md)', async () => {
      await rm(home.root, { recursive: true });
      assert.deepEqual(await home.source().read(), { status: 'available', settings: DEFAULTS });
    });

    it('reads a valid file with every provider field (docs/configuration.md)', async () => {
      await home.write(FULL_TEXT);
      assert.deepEqual(await home.source().read(), { status: 'available', settings: FULL_SETTINGS });
    });

    it('finds the file under $XDG_CONFIG_HOME/qiongli when $QIONGLI_CONFIG_HOME is unset (docs/configuration.md)', async () => {
      await home.write(FULL_TEXT);
      const source = home.source({ env: { XDG_CONFIG_HOME: home.base }, platform: 'linux' });
      assert.deepEqual(await source.read(), { status: 'available', settings: FULL_SETTINGS });
    });

    it('accepts a file of exactly 64 KiB and read-only modes (docs/configuration.md)', async () => {
      const padded = FULL_TEXT + ' '.repeat(MAX_SETTINGS_BYTES - Buffer.byteLength(FULL_TEXT));
      await home.write(padded, 0o400);
      assert.deepEqual(await home.source().read(), { status: 'available', settings: FULL_SETTINGS });
      for (const mode of [0o600, 0o644, 0o604]) {
        await chmod(home.file, mode);
        assert.equal((await home.source().read()).status, 'available', mode.toString(8));
      }
    });

    it('accepts UTF-8 with a leading byte-order mark (docs/configuration.md, decision)', async () => {
      await home.write(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(FULL_TEXT)]));
      assert.deepEqual(await home.source().read(), { status: 'available', settings: FULL_SETTINGS });
    });
  });

  describe('what it refuses as configuration unavailable', () => {
    it('refuses a settings file that is a symlink, even to a valid file (docs/configuration.md)', async () => {
      const target = join(home.base, 'real-settings.json');
      await writeFile(target, FULL_TEXT, { mode: 0o600 });
      await symlink(target, home.file);
      assert.deepEqual(await home.source().read(), UNAVAILABLE);
    });

    it('refuses a configuration root that is a symlink when a settings file is reached through it (docs/configuration.md, decision)', async () => {
      await home.write(FULL_TEXT);
      const linkedRoot = join(home.base, 'linked-root');
      await symlink(home.root, linkedRoot);
      const source = home.source({ env: { QIONGLI_CONFIG_HOME: linkedRoot } });
      assert.deepEqual(await source.read(), UNAVAILABLE);
    });

    it('still yields the defaults through a symlinked root that holds no settings file (docs/configuration.md, decision)', async () => {
      const linkedRoot = join(home.base, 'linked-root');
      await symlink(home.root, linkedRoot);
      const source = home.source({ env: { QIONGLI_CONFIG_HOME: linkedRoot } });
      assert.deepEqual(await source.read(), { status: 'available', settings: DEFAULTS });
    });

    it('refuses a settings.json that is a directory (docs/configuration.md)', async () => {
      await mkdir(home.file);
      assert.deepEqual(await home.source().read(), UNAVAILABLE);
    });

    it('refuses a settings.json that is a FIFO, without blocking on it (docs/configuration.md)', async () => {
      const made = spawnSync('mkfifo', ['-m', '600', home.file]);
      assert.equal(made.status, 0, 'mkfifo must be available to build this fixture');
      assert.deepEqual(await home.source().read(), UNAVAILABLE);
    });

    it('refuses a configuration root that is a regular file (docs/configuration.md, decision)', async () => {
      await rm(home.root, { recursive: true });
      await writeFile(home.root, FULL_TEXT, { mode: 0o600 });
      assert.deepEqual(await home.source().read(), UNAVAILABLE);
    });

    it('refuses a file larger than 64 KiB (docs/configuration.md)', async () => {
      await home.write(FULL_TEXT + ' '.repeat(MAX_SETTINGS_BYTES + 1 - Buffer.byteLength(FULL_TEXT)));
      assert.deepEqual(await home.source().read(), UNAVAILABLE);
    });

    it('refuses a file writable by group or others: 0o666, 0o620, 0o602 (docs/configuration.md)', async () => {
      for (const mode of [0o666, 0o620, 0o602]) {
        await home.write(FULL_TEXT, mode);
        assert.deepEqual(await home.source().read(), UNAVAILABLE, mode.toString(8));
      }
    });

    it('refuses a configuration root writable by group or others when a file is in it (docs/configuration.md, decision)', async () => {
      await home.write(FULL_TEXT);
      for (const mode of [0o777, 0o770, 0o702]) {
        await chmod(home.root, mode);
        assert.deepEqual(await home.source().read(), UNAVAILABLE, mode.toString(8));
      }
    });

    it('refuses a file owned by another user (docs/configuration.md "writable by other users", decision)', async () => {
      await home.write(FULL_TEXT);
      // As root, hand the file to another uid; otherwise pretend to be another uid.
      if (runningAsRoot()) await chown(home.file, 4243, 4243);
      assert.deepEqual(await home.source({ currentUid: () => 4242 }).read(), UNAVAILABLE);
    });

    it('refuses a file it cannot read (docs/configuration.md; as root, where 0o000 stays readable, a FIFO stands in)', async () => {
      if (runningAsRoot()) {
        assert.equal(spawnSync('mkfifo', ['-m', '400', home.file]).status, 0);
      } else {
        await home.write(FULL_TEXT, 0o000);
      }
      assert.deepEqual(await home.source().read(), UNAVAILABLE);
    });

    it('refuses text that is not JSON (docs/configuration.md)', async () => {
      for (const text of ['', '{', 'document_kind = "qiongli-global-settings"', FULL_TEXT + ',']) {
        await home.write(text);
        assert.deepEqual(await home.source().read(), UNAVAILABLE, text);
      }
    });

    it('refuses bytes that are not UTF-8 (docs/configuration.md)', async () => {
      const brokenSequences = [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82]];
      for (const sequence of brokenSequences) {
        const [before, after] = fullDocumentWith((d) => (d.providers.crossref.email = 'a@SPLIT')).split('SPLIT');
        await home.write(Buffer.concat([Buffer.from(before ?? ''), Buffer.from(sequence), Buffer.from(after ?? '')]));
        assert.deepEqual(await home.source().read(), UNAVAILABLE, sequence.join(','));
      }
      await home.write(Buffer.from(FULL_TEXT, 'utf16le'));
      assert.deepEqual(await home.source().read(), UNAVAILABLE, 'UTF-16 (decodes, but NUL bytes are not JSON)');
    });

    it('refuses duplicate keys, escaped-equal and nested ones included (docs/configuration.md)', async () => {
      const compact = JSON.stringify(fullDocument());
      const variants = [
        compact.replace('"revision":7', '"revision":7,"revision":8'),
        compact.replace('"revision":7', '"revision":7,"\\u0072evision":8'),
        compact.replace('"email":"crossref@example.org"', '"email":"crossref@example.org","email":"x@example.org"'),
      ];
      for (const text of variants) {
        await home.write(text);
        assert.deepEqual(await home.source().read(), UNAVAILABLE, text);
      }
    });

    it('refuses schema violations: unknown keys, bad email, bad reference, wrong kind or version (docs/configuration.md)', async () => {
      const variants = [
        fullDocumentWith((d) => (d.comment = 'hi')),
        fullDocumentWith((d) => (d.providers.arxiv.api_key_ref = 'qsr1_0123456789abcdef0123456789abcdef')),
        fullDocumentWith((d) => (d.providers.openalex.email = 'bad\u0007bell')),
        fullDocumentWith((d) => (d.providers.pubmed.api_key_ref = 'qsr1_short')),
        fullDocumentWith((d) => (d.document_kind = 'qiongli-project-settings')),
        fullDocumentWith((d) => (d.schema_version = 2)),
      ];
      for (const text of variants) {
        await home.write(text);
        assert.deepEqual(await home.source().read(), UNAVAILABLE, text);
      }
    });

    it('refuses a relative $QIONGLI_CONFIG_HOME instead of resolving it against the working directory (docs/configuration.md, decision)', async () => {
      await home.write(FULL_TEXT);
      const source = home.source({ env: { QIONGLI_CONFIG_HOME: 'qiongli', XDG_CONFIG_HOME: home.base }, platform: 'linux' });
      assert.deepEqual(await source.read(), UNAVAILABLE);
    });

    it('answers unavailable instead of throwing when no location can be named (docs/configuration.md)', async () => {
      const source = home.source({
        env: {},
        platform: 'linux',
        homedir: () => {
          throw new Error('no home');
        },
      });
      assert.deepEqual(await source.read(), UNAVAILABLE);
    });
  });

  describe('when and how often it reads', () => {
    it('touches nothing until the first read, then sees the file as it is at that moment (docs/configuration.md)', async () => {
      let homeLookups = 0;
      const source = home.source({
        env: { XDG_CONFIG_HOME: '' },
        platform: 'linux',
        homedir: () => {
          homeLookups += 1;
          return home.base;
        },
      });
      assert.equal(homeLookups, 0);
      await rm(home.root, { recursive: true });
      await mkdir(join(home.base, '.config', 'qiongli'), { recursive: true, mode: 0o700 });
      await writeFile(join(home.base, '.config', 'qiongli', 'settings.json'), FULL_TEXT, { mode: 0o600 });
      assert.deepEqual(await source.read(), { status: 'available', settings: FULL_SETTINGS });
      assert.equal(homeLookups, 1);
    });

    it('reads the file once per process: later reads share the first result (docs/configuration.md)', async () => {
      await home.write(FULL_TEXT);
      const source = home.source();
      const first = source.read();
      assert.equal(source.read(), first, 'concurrent callers share one promise');
      const reading = await first;
      await unlink(home.file);
      await home.write('not json at all');
      assert.equal(await source.read(), reading);
      assert.deepEqual(reading, { status: 'available', settings: FULL_SETTINGS });
    });

    it('hands out frozen settings, so one caller cannot change what the next one sees (docs/configuration.md)', async () => {
      await home.write(FULL_TEXT);
      const reading = await home.source().read();
      assert.equal(reading.status, 'available');
      assert.ok(reading.status === 'available' && Object.isFrozen(reading.settings.providers.crossref));
      assert.ok(Object.isFrozen(reading));
    });
  });

  describe('what it never reveals', () => {
    it('keeps the path and refused content out of every reading (docs/configuration.md)', async () => {
      const canaryHome = await createConfigHome('CANARYPATH-9d1e-');
      try {
        await canaryHome.write(fullDocumentWith((d) => (d.providers.crossref.note = 'CANARYCONTENT-51c3')));
        const refused = JSON.stringify(await canaryHome.source().read());
        assert.equal(refused, JSON.stringify(UNAVAILABLE));
        await canaryHome.write(FULL_TEXT);
        const accepted = JSON.stringify(await canaryHome.source().read());
        assert.ok(!accepted.includes('CANARY'), 'no path in a successful reading');
        assert.ok(accepted.includes('crossref@example.org'));
      } finally {
        await canaryHome.remove();
      }
    });
  });
});
