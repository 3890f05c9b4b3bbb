import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, chown, mkdir, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { MAX_SETTINGS_BYTES } from '../../../src/adapters/config-source/index.js';
import type { SettingsRule } from '../../../src/ports/config-source.port.js';
import { createConfigHome, runningAsRoot, type ConfigHome } from './config-home.js';
import { DEFAULTS, FULL_SETTINGS, fullDocument, fullDocumentWith } from './settings-documents.js';

const unavailable = (rule: SettingsRule) => ({ status: 'unavailable', rule });
/** An account database that can prove nothing: every group-writable file or folder stays unsafe. */
const UNKNOWN_ACCOUNTS = () => ({ accounts: () => Promise.resolve(undefined), groups: () => Promise.resolve(undefined) });
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
    it('yields the defaults (every provider enabled, no key) when there is no settings file (docs/configuration.md)', async () => {
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
      assert.deepEqual(await home.source().read(), unavailable('symlink'));
    });

    it('refuses a configuration root that is a symlink when a settings file is reached through it (docs/configuration.md, decision)', async () => {
      await home.write(FULL_TEXT);
      const linkedRoot = join(home.base, 'linked-root');
      await symlink(home.root, linkedRoot);
      const source = home.source({ env: { QIONGLI_CONFIG_HOME: linkedRoot } });
      assert.deepEqual(await source.read(), unavailable('symlink'));
    });

    it('still yields the defaults through a symlinked root that holds no settings file (docs/configuration.md, decision)', async () => {
      const linkedRoot = join(home.base, 'linked-root');
      await symlink(home.root, linkedRoot);
      const source = home.source({ env: { QIONGLI_CONFIG_HOME: linkedRoot } });
      assert.deepEqual(await source.read(), { status: 'available', settings: DEFAULTS });
    });

    it('refuses a settings.json that is a directory (docs/configuration.md)', async () => {
      await mkdir(home.file);
      assert.deepEqual(await home.source().read(), unavailable('not-regular-file'));
    });

    it('refuses a settings.json that is a FIFO, without blocking on it (docs/configuration.md)', async () => {
      const made = spawnSync('mkfifo', ['-m', '600', home.file]);
      assert.equal(made.status, 0, 'mkfifo must be available to build this fixture');
      assert.deepEqual(await home.source().read(), unavailable('not-regular-file'));
    });

    it('refuses a configuration root that is a regular file (docs/configuration.md, decision)', async () => {
      await rm(home.root, { recursive: true });
      await writeFile(home.root, FULL_TEXT, { mode: 0o600 });
      assert.deepEqual(await home.source().read(), unavailable('not-a-folder'));
    });

    it('refuses a file larger than 64 KiB (docs/configuration.md)', async () => {
      await home.write(FULL_TEXT + ' '.repeat(MAX_SETTINGS_BYTES + 1 - Buffer.byteLength(FULL_TEXT)));
      assert.deepEqual(await home.source().read(), unavailable('too-large'));
    });

    it('refuses a file writable by others, or by a group not proven private: 0o666, 0o620, 0o602 (docs/configuration.md)', async () => {
      for (const mode of [0o666, 0o620, 0o602]) {
        await home.write(FULL_TEXT, mode);
        assert.deepEqual(await home.source({ accounts: UNKNOWN_ACCOUNTS }).read(), unavailable('unsafe-permissions'), mode.toString(8));
      }
    });

    it('refuses a configuration root writable by group or others when a file is in it (docs/configuration.md, decision)', async () => {
      await home.write(FULL_TEXT);
      for (const mode of [0o777, 0o770, 0o702]) {
        await chmod(home.root, mode);
        assert.deepEqual(await home.source({ accounts: UNKNOWN_ACCOUNTS }).read(), unavailable('unsafe-permissions'), mode.toString(8));
      }
    });

    it('refuses a file owned by another user (docs/configuration.md "writable by other users", decision)', async () => {
      await home.write(FULL_TEXT);
      // As root, hand the file to another uid; otherwise pretend to be another uid.
      if (runningAsRoot()) await chown(home.file, 4243, 4243);
      assert.deepEqual(await home.source({ currentUid: () => 4242 }).read(), unavailable('unsafe-permissions'));
    });

    it('refuses a file it cannot read (docs/configuration.md; as root, where 0o000 stays readable, a path through a file stands in)', async () => {
      let source = home.source();
      if (runningAsRoot()) {
        await home.write(FULL_TEXT);
        source = home.source({ env: { QIONGLI_CONFIG_HOME: join(home.file, 'qiongli') } }); // ENOTDIR
      } else {
        await home.write(FULL_TEXT, 0o000);
      }
      assert.deepEqual(await source.read(), unavailable('unreadable'));
    });

    it('refuses text that is not JSON (docs/configuration.md)', async () => {
      for (const text of ['', '{', 'document_kind = "qiongli-global-settings"', FULL_TEXT + ',', FULL_TEXT.replace('{', '{ // settings')]) {
        await home.write(text);
        assert.deepEqual(await home.source().read(), unavailable('not-json'), text);
      }
    });

    it('refuses bytes that are not UTF-8 (docs/configuration.md)', async () => {
      const brokenSequences = [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82]];
      for (const sequence of brokenSequences) {
        const [before, after] = fullDocumentWith((d) => (d.providers.crossref.email = 'a@SPLIT')).split('SPLIT');
        await home.write(Buffer.concat([Buffer.from(before ?? ''), Buffer.from(sequence), Buffer.from(after ?? '')]));
        assert.deepEqual(await home.source().read(), unavailable('not-utf8'), sequence.join(','));
      }
      await home.write(Buffer.from(FULL_TEXT, 'utf16le'));
      assert.deepEqual(await home.source().read(), unavailable('not-json'), 'UTF-16 (decodes, but NUL bytes are not JSON)');
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
        assert.deepEqual(await home.source().read(), unavailable('duplicate-key'), text);
      }
    });

    it('refuses schema violations: unknown keys, bad email, bad reference, wrong kind or version (docs/configuration.md)', async () => {
      const variants: [string, SettingsRule][] = [
        [fullDocumentWith((d) => (d.comment = 'hi')), 'unknown-key'],
        [fullDocumentWith((d) => (d.providers.arxiv.api_key_ref = 'qsr1_0123456789abcdef0123456789abcdef')), 'unknown-key'],
        [fullDocumentWith((d) => (d.providers.openalex.api_key = 'sk-typed-into-the-file')), 'unknown-key'],
        [fullDocumentWith((d) => delete d.providers.crossref.enabled), 'missing-key'],
        [fullDocumentWith((d) => delete d.revision), 'missing-key'],
        [fullDocumentWith((d) => (d.providers.openalex.email = 'bad\u0007bell')), 'wrong-value'],
        [fullDocumentWith((d) => (d.providers.pubmed.api_key_ref = 'qsr1_short')), 'wrong-value'],
        [fullDocumentWith((d) => (d.document_kind = 'qiongli-project-settings')), 'wrong-value'],
        [fullDocumentWith((d) => (d.schema_version = 2)), 'wrong-value'],
        [fullDocumentWith((d) => (d.providers.arxiv.enabled = 'yes')), 'wrong-value'],
        [fullDocumentWith((d) => ((d.comment = 'hi'), (d.revision = -1))), 'unknown-key'],
      ];
      for (const [text, rule] of variants) {
        await home.write(text);
        assert.deepEqual(await home.source().read(), unavailable(rule), text);
      }
    });

    it('refuses a relative $QIONGLI_CONFIG_HOME instead of resolving it against the working directory (docs/configuration.md, decision)', async () => {
      await home.write(FULL_TEXT);
      const source = home.source({ env: { QIONGLI_CONFIG_HOME: 'qiongli', XDG_CONFIG_HOME: home.base }, platform: 'linux' });
      assert.deepEqual(await source.read(), unavailable('relative-config-home'));
    });

    it('answers unavailable instead of throwing when no location can be named (docs/configuration.md)', async () => {
      const source = home.source({
        env: {},
        platform: 'linux',
        homedir: () => {
          throw new Error('no home');
        },
      });
      assert.deepEqual(await source.read(), unavailable('unknown-home'));
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

    it('shares one reading while the file is unchanged, and reads it again once it changed (docs/configuration.md#when-the-settings-are-read)', async () => {
      await home.write(FULL_TEXT);
      const source = home.source();
      const [first, concurrent] = await Promise.all([source.read(), source.read()]);
      assert.equal(concurrent, first, 'concurrent callers share one reading');
      assert.equal(await source.read(), first, 'unchanged: the same reading, not a copy');
      assert.deepEqual(first, { status: 'available', settings: FULL_SETTINGS });
      await unlink(home.file);
      await home.write('not json at all');
      assert.deepEqual(await source.read(), unavailable('not-json'), 'replaced: read again');
      await home.write(fullDocumentWith((d) => (d.providers.pubmed.enabled = true)));
      const edited = await source.read();
      assert.equal(edited.status === 'available' && edited.settings.providers.pubmed.enabled, true, 'edited in place: read again');
      await chmod(home.root, 0o777);
      assert.deepEqual(await source.read(), unavailable('unsafe-permissions'), 'the folder changed: read again');
      await chmod(home.root, 0o700);
      await unlink(home.file);
      assert.deepEqual(await source.read(), { status: 'available', settings: DEFAULTS }, 'removed: the defaults');
    });

    it('reads through a writer’s atomic replaces, never calling the file unreadable (docs/configuration.md#writes)', async () => {
      await home.write(FULL_TEXT);
      let replacing = true;
      const replaces = (async () => {
        for (let round = 0; replacing && round < 2000; round += 1) {
          const next = join(home.root, `next-${round}.json`);
          await writeFile(
            next,
            fullDocumentWith((d) => (d.revision = round)),
            { mode: 0o600 },
          );
          await rename(next, home.file);
        }
      })();
      const statuses = new Set<string>();
      for (let read = 0; read < 300; read += 1) {
        const reading = await home.source().read();
        statuses.add(reading.status === 'available' ? 'available' : reading.rule);
      }
      replacing = false;
      await replaces;
      assert.deepEqual([...statuses], ['available']);
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
        assert.equal(refused, JSON.stringify(unavailable('unknown-key')));
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
