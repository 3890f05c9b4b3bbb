import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLE_DIR } from '../support/built-program.js';
import { exchangeWith, isolatedConfigHome, runProgram, testEnv } from '../support/run-program.js';
import { USAGE_MESSAGES } from '../../src/adapters/cli/usage-messages.js';
import { initialize, request } from '../support/messages.js';

const C = 'CANARY-config-cli-31';
/** A fresh configuration root that does not exist yet (the commands create it). */
const freshHome = () => join(isolatedConfigHome(), 'qiongli');
const config = (home: string, args: readonly string[], input = '') =>
  runProgram({ args: ['config', ...args], env: testEnv({ QIONGLI_CONFIG_HOME: home }), input });
const documentAt = (home: string) => JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8'));

describe('qiongli config through the built program (docs/command-line.md#qiongli-config)', () => {
  it('disable, set-email and enable write the settings: folder 0700, file 0600, revision + 1, exit 0', async () => {
    const home = freshHome();
    const disabled = await config(home, ['disable', 'crossref']);
    assert.deepEqual([disabled.code, disabled.stdout.toString(), disabled.stderr], [0, 'Crossref is disabled (settings revision 1).\n', '']);
    assert.equal(statSync(home).mode & 0o777, 0o700);
    assert.equal(statSync(join(home, 'settings.json')).mode & 0o777, 0o600);
    assert.equal((await config(home, ['set-email', 'crossref', 'lab@example.org'])).code, 0);
    assert.equal((await config(home, ['enable', 'crossref'])).code, 0);
    assert.equal((await config(home, ['disable', 'europepmc'])).code, 0);
    assert.deepEqual(documentAt(home), {
      document_kind: 'qiongli-global-settings',
      schema_version: 1,
      revision: 4,
      providers: { crossref: { enabled: true, email: 'lab@example.org' }, europepmc: { enabled: false } },
    });
    const again = await config(home, ['enable', 'crossref']);
    assert.deepEqual([again.code, again.stdout.toString()], [0, 'Crossref is already enabled; nothing changed.\n']);
  });

  it('enable zotero and disable zotero switch Zotero delivery; status and check show it (issue 28, item 2)', async () => {
    const home = freshHome();
    const enabled = await config(home, ['enable', 'zotero']);
    assert.deepEqual([enabled.code, enabled.stdout.toString(), enabled.stderr], [0, 'Zotero delivery is enabled (settings revision 1).\n', '']);
    assert.deepEqual(documentAt(home).zotero, { enabled: true });
    assert.match((await config(home, ['status'])).stdout.toString(), /^zotero {12}yes {6}\(delivery of found records to your Zotero desktop\)$/m);
    assert.match((await config(home, ['check'])).stdout.toString(), /^Zotero delivery: on /m);
    const disabled = await config(home, ['disable', 'zotero']);
    assert.deepEqual([disabled.code, disabled.stdout.toString()], [0, 'Zotero delivery is disabled (settings revision 2).\n']);
    assert.deepEqual(documentAt(home).zotero, { enabled: false });
  });

  it('status shows the settings; check says they are valid; both exit 0', async () => {
    const home = freshHome();
    await config(home, ['disable', 'semantic-scholar']);
    const status = await config(home, ['status']);
    assert.equal(status.code, 0);
    assert.match(status.stdout.toString(), /^semantic_scholar {2}no {7}- {8}not set {2}keyless$/m);
    assert.match(status.stdout.toString(), /^openalex {10}yes {6}not set {2}not set {2}keyless$/m);
    assert.match(status.stdout.toString(), /^credential store: not reachable/m);
    const check = await config(home, ['check']);
    assert.deepEqual(
      [check.code, check.stdout.toString(), check.stderr],
      [
        0,
        `The settings at ${join(home, 'settings.json')} are valid (revision 1).\nZotero delivery: off (delivery of found records to your Zotero desktop; qiongli config enable zotero switches it on).\n`,
        '',
      ],
    );
  });

  it('refuses set-key under the unavailable store: exit 1, one static line, the key neither read nor saved nor echoed', async () => {
    const home = freshHome();
    const run = await config(home, ['set-key', 'openalex'], `${C}\n`);
    assert.equal(run.code, 1);
    assert.equal(run.stdout.length, 0);
    assert.equal(
      run.stderr,
      'error: no credential store is reachable, so the key was not saved (Qiongli never keeps keys in a file); docs/configuration.md#no-credential-store says how to start or unlock one\n',
    );
    assert.throws(() => statSync(join(home, 'settings.json')), { code: 'ENOENT' });
  });

  it('answers unusable settings with exit 1 and what check explains', async () => {
    const home = isolatedConfigHome();
    writeFileSync(join(home, 'settings.json'), '{"document_kind": "qiongli-global-settings",}', { mode: 0o600 });
    const check = await config(home, ['check']);
    assert.equal(check.code, 1);
    assert.equal(
      check.stderr,
      [
        'error: the settings are unusable: settings.json is not valid JSON (a comment or a trailing comma makes it invalid)',
        `file: ${join(home, 'settings.json')}`,
        'problems:',
        '  - line 1, column 45: a trailing comma before a closing brace or bracket',
        'Until this is fixed, the MCP tools that need the settings answer native-config-unavailable.',
        '',
      ].join('\n'),
    );
    for (const args of [['status'], ['enable', 'arxiv'], ['set-email', 'openalex', 'a@b.org']])
      assert.equal((await config(home, args)).code, 1, args.join(' '));
  });

  it('reports usage errors with exit 2, nothing on stdout and nothing echoed', async () => {
    const cases: [string[], string][] = [
      [[], USAGE_MESSAGES.missingSubcommand],
      [[C], USAGE_MESSAGES.unknownSubcommand],
      [['set-key', C], USAGE_MESSAGES.unknownProvider],
      [['set-key', 'crossref'], USAGE_MESSAGES.providerTakesNoKey],
      [['set-key', 'openalex', C], USAGE_MESSAGES.extraArgument],
      [['set-email', 'crossref', C], USAGE_MESSAGES.invalidAddress],
    ];
    for (const [args, message] of cases) {
      const run = await config(freshHome(), args, `${C}\n`);
      assert.equal(run.code, 2, args.join(' '));
      assert.equal(run.stdout.length, 0);
      assert.ok(run.stderr.startsWith(`error: ${message}\nusage: qiongli config`), run.stderr);
      assert.ok(!run.stderr.includes(C));
    }
  });

  it('prints the help of config and of every subcommand, exit 0', async () => {
    for (const topic of [[], ['status'], ['check'], ['set-key'], ['remove-key'], ['enable'], ['disable'], ['set-email']]) {
      const run = await config(freshHome(), [...topic, '--help']);
      assert.equal(run.code, 0);
      assert.ok(run.stdout.toString().startsWith(`qiongli config${topic.length > 0 ? ` ${topic[0]}` : ''} - `), topic.join());
      assert.equal(run.stderr, '');
    }
  });

  it('lets racing processes change the settings without losing any change that reports success', async () => {
    const home = freshHome();
    assert.equal((await config(home, ['enable', 'arxiv'])).code, 0, 'nothing to change: no file yet, but arxiv is on');
    const targets = ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'opencitations', 'europepmc'];
    const runs = await Promise.all(targets.map((target) => config(home, ['disable', target])));
    const won = targets.filter((_, index) => runs[index]?.code === 0);
    for (const [index, run] of runs.entries()) {
      if (run.code === 0) continue;
      assert.equal(run.code, 1);
      assert.match(
        run.stderr,
        /^error: (the settings changed while this change was being made|another program is changing the settings right now); nothing was saved, try again\n$/,
        targets[index],
      );
    }
    const document = documentAt(home);
    assert.equal(document.revision, won.length, 'one revision per change that reported success');
    for (const target of won) assert.ok(target in document.providers, `${target} reported success and is in the file`);
    assert.ok(won.length >= 1);
  });

  it('never loads the config code while serving: a copy of the bundle without it still serves', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'qiongli-no-config-chunk-'));
    try {
      cpSync(BUNDLE_DIR, copy, { recursive: true });
      rmSync(join(copy, 'chunks', 'config-command.mjs'));
      const program = join(copy, 'qiongli.mjs');
      const { responses, run } = await exchangeWith({ program }, initialize(1), request(2, 'tools/call', { name: 'qiongli_config_status', arguments: {} }));
      assert.equal(run.code, 0);
      assert.equal(responses[1].result.structuredContent.status, 'ok');
      const configRun = await runProgram({ program, args: ['config', 'status'] });
      assert.equal(configRun.code, 1, 'the config command does need it');
      assert.equal(configRun.stderr, 'error: internal-failure\n');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
