import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SettingsInspection } from '../../../src/ports/config-source.port.js';
import { createConfigHome, runningAsRoot, type ConfigHome } from './config-home.js';
import { fullDocument, fullDocumentWith } from './settings-documents.js';

const FULL_TEXT = JSON.stringify(fullDocument(), null, 2);
/** The problems of an inspection, without the file path (which the next test checks). */
const problemsOf = (inspection: SettingsInspection) => (inspection.kind === 'unusable' ? inspection.problems : []);

describe('what qiongli config check learns about the settings (docs/command-line.md#qiongli-config)', () => {
  let home: ConfigHome;
  beforeEach(async () => {
    home = await createConfigHome();
  });
  afterEach(async () => {
    await home.remove();
  });

  it('names the file and its revision when the settings are valid, and the file alone when there is none', async () => {
    assert.deepEqual(await home.source().inspect(), { kind: 'missing', file: home.file });
    await home.write(FULL_TEXT);
    const valid = await home.source().inspect();
    assert.equal(valid.kind === 'valid' && `${valid.file} ${valid.revision}`, `${home.file} 7`);
  });

  it('finds a trailing comma and a comment with their line and column', async () => {
    await home.write('{\n  "document_kind": "qiongli-global-settings",\n  "providers": {},\n}\n');
    assert.deepEqual(problemsOf(await home.source().inspect()), [
      { rule: 'not-json', detail: 'a trailing comma before a closing brace or bracket', at: { line: 4, column: 1 } },
    ]);
    await home.write('{\n  // my settings\n  "revision": 1\n}');
    assert.deepEqual(problemsOf(await home.source().inspect()), [{ rule: 'not-json', detail: 'a comment (JSON has no comments)', at: { line: 2, column: 3 } }]);
  });

  it('finds the repeated key with where it repeats', async () => {
    await home.write('{"revision": 1,\n "revision": 2}');
    assert.deepEqual(problemsOf(await home.source().inspect()), [
      { rule: 'duplicate-key', detail: 'the key "revision" appears twice in one object', at: { line: 2, column: 2 } },
    ]);
  });

  it('lists every schema problem, unknown keys first, naming keys but never values', async () => {
    await home.write(
      fullDocumentWith((d) => {
        d.providers.openalex.api_key = 'sk-CANARY-value';
        d.providers.arxiv = {};
        d.revision = 'seven';
      }),
    );
    const problems = problemsOf(await home.source().inspect());
    assert.deepEqual(problems, [
      {
        rule: 'unknown-key',
        detail:
          'providers.openalex has an unknown key "api_key" (API keys are never written in this file: run qiongli config set-key openalex to keep one in the credential store)',
      },
      { rule: 'missing-key', detail: 'providers.arxiv lacks the key "enabled"' },
      { rule: 'wrong-value', detail: 'revision must be a whole number, 0 or more' },
    ]);
    assert.ok(!JSON.stringify(problems).includes('CANARY'));
  });

  it('explains the file rules: not UTF-8, too large, symlink, not a regular file, folder not a folder', async () => {
    const cases: [() => Promise<void>, string, RegExp][] = [
      [() => home.write(Buffer.from([0x7b, 0xff, 0x7d])), 'not-utf8', /not UTF-8/],
      [() => home.write(' '.repeat(70_000)), 'too-large', /holds 70000 bytes; at most 65536/],
      [
        async () => {
          await writeFile(join(home.base, 'elsewhere.json'), FULL_TEXT);
          await symlink(join(home.base, 'elsewhere.json'), home.file);
        },
        'symlink',
        /^settings\.json is a symbolic link$/,
      ],
      [() => mkdir(home.file), 'not-regular-file', /^settings\.json is a folder, not a regular file$/],
      [
        async () => {
          await rm(home.root, { recursive: true });
          await writeFile(home.root, FULL_TEXT);
        },
        'not-a-folder',
        /^the settings folder is a regular file, not a folder$/,
      ],
    ];
    for (const [prepare, rule, detail] of cases) {
      await rm(home.root, { recursive: true, force: true });
      await mkdir(home.root, { mode: 0o700 });
      await prepare();
      const [problem, ...others] = problemsOf(await home.source().inspect());
      assert.equal(problem?.rule, rule);
      assert.match(problem?.detail ?? '', detail, rule);
      assert.equal(others.length, 0);
    }
  });

  it('explains unsafe permissions and an unreadable path', async () => {
    await home.write(FULL_TEXT, 0o646);
    assert.deepEqual(problemsOf(await home.source().inspect()), [
      { rule: 'unsafe-permissions', detail: 'settings.json: every user can write to it (world-writable); remove that with chmod o-w' },
    ]);
    await chmod(home.file, 0o600);
    await chmod(home.root, 0o707);
    assert.match(problemsOf(await home.source().inspect())[0]?.detail ?? '', /^the settings folder: every user can write to it/);
    await chmod(home.root, 0o700);
    const blocked = runningAsRoot() ? home.source({ env: { QIONGLI_CONFIG_HOME: join(home.file, 'qiongli') } }) : home.source();
    if (!runningAsRoot()) await chmod(home.root, 0o000);
    const [problem] = problemsOf(await blocked.inspect());
    await chmod(home.root, 0o700);
    assert.equal(problem?.rule, 'unreadable');
    assert.match(problem?.detail ?? '', /cannot be (read|examined)/);
  });

  it('names the rule when no location can be named', async () => {
    assert.deepEqual(await home.source({ env: { QIONGLI_CONFIG_HOME: 'relative/path' } }).inspect(), { kind: 'unlocated', rule: 'relative-config-home' });
    const noHome = home.source({ env: {}, platform: 'linux', homedir: () => '' });
    assert.deepEqual(await noHome.inspect(), { kind: 'unlocated', rule: 'unknown-home' });
  });
});
