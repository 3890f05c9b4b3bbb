import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderChange, renderStatus, shownPath, type StatusView } from '../../../src/adapters/cli/config-output.js';
import { renderInspection } from '../../../src/adapters/cli/config-check-output.js';
import { configStatus } from '../../../src/domain/config-status/config-status.js';
import { settingsWith } from '../../fakes/config-source.fake.js';
import { FakeSecretStore, secretReference } from '../../fakes/secret-store.fake.js';
import type { NativeSettings } from '../../../src/ports/config-source.port.js';

const REF = secretReference(3);

/** The view with a store that holds REF (`true`) or with none reachable (`false`). */
async function view(settings: NativeSettings, storeAvailable: boolean, revision: number | null = 4): Promise<StatusView> {
  const store = storeAvailable ? FakeSecretStore.withSecrets({ [REF]: 'key' }) : FakeSecretStore.unavailable();
  const outcome = await configStatus({ status: 'available', settings }, store);
  assert.ok(outcome.ok);
  return { file: '/home/ada/.config/qiongli/settings.json', revision, storeAvailable, status: outcome.value, settings };
}

describe('qiongli config status output (docs/command-line.md#qiongli-config)', () => {
  it('shows per provider enabled, email set or not, key set or not, its access tier, and each keyless source', async () => {
    const settings = settingsWith({
      openalex: { enabled: true, email: 'ada@example.org', apiKeyRef: REF },
      semantic_scholar: { enabled: false },
      crossref: { enabled: true },
      pubmed: { enabled: false, apiKeyRef: REF },
    });
    const report = renderStatus(await view(settings, true));
    assert.equal(report.code, 0);
    assert.equal(report.stderr, '');
    assert.equal(
      report.stdout,
      [
        'settings: /home/ada/.config/qiongli/settings.json (revision 4)',
        'credential store: reachable',
        '',
        'provider          enabled  email    API key  access',
        'openalex          yes      set      set      keyed',
        'semantic_scholar  no       -        not set  keyless',
        'crossref          yes      not set  -        keyless',
        'pubmed            no       -        set      keyed',
        'arxiv             yes      -        -        keyless',
        'opencitations     yes      (keyless source: citation graph)',
        'europepmc         yes      (keyless source: open-access full text)',
        'zotero            no       (delivery of found records to your Zotero desktop)',
        '',
      ].join('\n'),
    );
    assert.ok(!report.stdout.includes(REF) && !report.stdout.includes('ada@example.org'), 'never a reference or an email itself');
  });

  it('says when there is no file yet, and when no credential store is reachable', async () => {
    const report = renderStatus(await view(settingsWith({}), false, null));
    assert.match(report.stdout, /^settings: \/home\/ada\/\.config\/qiongli\/settings\.json \(no file yet: the defaults apply\)$/m);
    assert.match(
      report.stdout,
      /^credential store: not reachable \(API keys can be neither set nor used; every provider is searched keyless; docs\/configuration.md#no-credential-store says how to start or unlock one\)$/m,
    );
  });

  it('shows secret_store_unavailable for a set key when no credential store is reachable', async () => {
    const lines = renderStatus(await view(settingsWith({ openalex: { enabled: true, apiKeyRef: REF } }), false)).stdout.split('\n');
    assert.equal(lines[3], 'provider          enabled  email    API key  access');
    assert.equal(lines[4], 'openalex          yes      not set  set      secret_store_unavailable');
    assert.equal(lines[5], 'semantic_scholar  yes      -        not set  keyless');
  });

  it('never sends control characters of a path to the terminal', async () => {
    assert.equal(shownPath('/tmp/a\u001b[31mb\nc'), '/tmp/a?[31mb?c');
  });
});

describe('qiongli config check output (docs/command-line.md#qiongli-config)', () => {
  it('explains every problem with the file, its line and column, on stderr, and exits 1', async () => {
    const report = renderInspection({
      kind: 'unusable',
      file: '/cfg/settings.json',
      problems: [
        { rule: 'not-json', detail: 'a trailing comma before a closing brace or bracket', at: { line: 4, column: 1 } },
        { rule: 'wrong-value', detail: 'revision must be a whole number, 0 or more' },
      ],
    });
    assert.deepEqual(report, {
      stdout: '',
      stderr: [
        'error: the settings are unusable: settings.json is not valid JSON (a comment or a trailing comma makes it invalid)',
        'file: /cfg/settings.json',
        'problems:',
        '  - line 4, column 1: a trailing comma before a closing brace or bracket',
        '  - revision must be a whole number, 0 or more',
        'Until this is fixed, the MCP tools that need the settings answer native-config-unavailable.',
        '',
      ].join('\n'),
      code: 1,
    });
  });

  it('says the settings are valid, or that the defaults apply, and exits 0', async () => {
    assert.deepEqual(renderInspection({ kind: 'valid', file: '/cfg/settings.json', revision: 3, settings: settingsWith({}) }), {
      stdout:
        'The settings at /cfg/settings.json are valid (revision 3).\nZotero delivery: off (delivery of found records to your Zotero desktop; qiongli config enable zotero switches it on).\n',
      stderr: '',
      code: 0,
    });
    assert.equal(
      renderInspection({ kind: 'missing', file: '/cfg/settings.json' }).stdout,
      'No settings file at /cfg/settings.json: the defaults apply.\nZotero delivery: off (delivery of found records to your Zotero desktop; qiongli config enable zotero switches it on).\n',
    );
  });

  it('tells how to fix a location that cannot be named', async () => {
    const relative = renderInspection({ kind: 'unlocated', rule: 'relative-config-home' });
    assert.equal(relative.code, 1);
    assert.match(relative.stderr, /^error: QIONGLI_CONFIG_HOME is not an absolute path\nSet QIONGLI_CONFIG_HOME to an absolute path, or unset it/);
    assert.match(renderInspection({ kind: 'unlocated', rule: 'unknown-home' }).stderr, /^error: the home directory/);
  });
});

describe('what a change command prints', () => {
  it('prints one line when saved, a warning when something stayed behind, and exits 0', async () => {
    assert.deepEqual(renderChange({ name: 'set-key', provider: 'semantic_scholar' }, { status: 'saved', revision: 2 }), {
      stdout: 'Saved: the Semantic Scholar API key is in the credential store, and the settings name it (settings revision 2).\n',
      stderr: '',
      code: 0,
    });
    const warned = renderChange({ name: 'remove-key', provider: 'pubmed' }, { status: 'saved', revision: 5, warning: 'old-key-not-deleted' });
    assert.equal(warned.stdout, 'Removed: the PubMed API key is no longer used: the settings name none (settings revision 5).\n');
    assert.match(warned.stderr, /^warning: the key it replaced or removed could not be deleted from the credential store/);
    assert.equal(
      renderChange({ name: 'enable', target: 'europepmc' }, { status: 'saved', revision: 1 }).stdout,
      'Europe PMC is enabled (settings revision 1).\n',
    );
    assert.equal(
      renderChange({ name: 'enable', target: 'zotero' }, { status: 'saved', revision: 7 }).stdout,
      'Zotero delivery is enabled (settings revision 7).\n',
    );
    assert.equal(
      renderChange({ name: 'disable', target: 'zotero' }, { status: 'unchanged', reason: 'already-disabled' }).stdout,
      'Zotero delivery is already disabled; nothing changed.\n',
    );
    assert.equal(
      renderChange({ name: 'set-email', provider: 'crossref', address: 'me@example.org' }, { status: 'saved', revision: 1 }).stdout,
      'The Crossref contact email is set (settings revision 1).\n',
    );
  });

  it('says when nothing changed, and exits 0', async () => {
    assert.deepEqual(renderChange({ name: 'disable', target: 'arxiv' }, { status: 'unchanged', reason: 'already-disabled' }), {
      stdout: 'arXiv is already disabled; nothing changed.\n',
      stderr: '',
      code: 0,
    });
    assert.equal(
      renderChange({ name: 'remove-key', provider: 'openalex' }, { status: 'unchanged', reason: 'no-key' }).stdout,
      'OpenAlex has no API key set; nothing changed.\n',
    );
  });

  it('prints a refusal as one error line and exits 1', async () => {
    assert.deepEqual(renderChange({ name: 'set-key', provider: 'openalex' }, { status: 'refused', refusal: 'store-unavailable' }), {
      stdout: '',
      stderr:
        'error: no credential store is reachable, so the key was not saved (Qiongli never keeps keys in a file); docs/configuration.md#no-credential-store says how to start or unlock one\n',
      code: 1,
    });
    const unusable = renderChange({ name: 'enable', target: 'crossref' }, { status: 'refused', refusal: 'settings-unavailable', rule: 'duplicate-key' });
    assert.equal(
      unusable.stderr,
      "error: the settings cannot be changed while they are unusable: settings.json has the same key twice in one object. Run 'qiongli config check' in a terminal to see what to fix.\n",
    );
  });
});
