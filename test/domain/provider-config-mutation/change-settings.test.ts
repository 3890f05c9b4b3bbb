import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setEmail, setEnabled } from '../../../src/domain/provider-config-mutation/change-settings.js';
import { isContactEmail } from '../../../src/domain/provider-config-mutation/change-input-checks.js';
import { CONFIG_TARGET_NAMES, configTargetNamed, SAVE_PROVIDER_NAMES } from '../../../src/domain/provider-config-mutation/provider-names.js';
import { outcomeOfWrite } from '../../../src/domain/provider-config-mutation/settings-change-outcome.js';
import { FakeSettingsWriter } from '../../fakes/settings-writer.fake.js';
import { settingsWith } from '../../fakes/config-source.fake.js';
import { secretReference } from '../../fakes/secret-store.fake.js';

const REF = secretReference(9);

describe('enabling and disabling (docs/configuration.md#changing-the-settings)', () => {
  it('writes the provider entry with its other fields kept, based on the revision read', async () => {
    const settings = FakeSettingsWriter.at(7, settingsWith({ openalex: { enabled: false, email: 'a@example.org', apiKeyRef: REF } }));
    assert.deepEqual(await setEnabled({ settings }, 'openalex', true), { status: 'saved', revision: 8 });
    assert.deepEqual(settings.writes, [{ basedOn: 7, edit: { providers: { openalex: { enabled: true, email: 'a@example.org', apiKeyRef: REF } } } }]);
  });

  it('switches a keyless source through its own entry', async () => {
    const settings = FakeSettingsWriter.defaults();
    assert.deepEqual(await setEnabled({ settings }, 'opencitations', false), { status: 'saved', revision: 1 });
    assert.deepEqual(settings.writes, [{ basedOn: null, edit: { sources: { opencitations: { enabled: false } } } }]);
    assert.equal(settings.settings.sources.opencitations.enabled, false);
  });

  it('switches Zotero delivery through its own entry (off by default)', async () => {
    const settings = FakeSettingsWriter.defaults();
    assert.deepEqual(await setEnabled({ settings }, 'zotero', false), { status: 'unchanged', reason: 'already-disabled' });
    assert.deepEqual(await setEnabled({ settings }, 'zotero', true), { status: 'saved', revision: 1 });
    assert.deepEqual(settings.writes, [{ basedOn: null, edit: { zotero: { enabled: true } } }]);
    assert.equal(settings.settings.zotero.enabled, true);
  });

  it('writes nothing when the target is already in that state', async () => {
    const settings = FakeSettingsWriter.at(1, settingsWith({ crossref: { enabled: true } }));
    assert.deepEqual(await setEnabled({ settings }, 'crossref', true), { status: 'unchanged', reason: 'already-enabled' });
    assert.deepEqual(await setEnabled({ settings }, 'europepmc', true), { status: 'unchanged', reason: 'already-enabled' });
    assert.deepEqual(await setEnabled({ settings: FakeSettingsWriter.at(1, settingsWith({ pubmed: { enabled: false } })) }, 'pubmed', false), {
      status: 'unchanged',
      reason: 'already-disabled',
    });
    assert.equal(settings.writes.length, 0);
  });

  it('refuses while the settings are unusable, naming the rule', async () => {
    assert.deepEqual(await setEnabled({ settings: FakeSettingsWriter.unavailable('duplicate-key') }, 'arxiv', false), {
      status: 'refused',
      refusal: 'settings-unavailable',
      rule: 'duplicate-key',
    });
  });

  it('maps every write result to its outcome', () => {
    assert.deepEqual(outcomeOfWrite({ status: 'written', revision: 4 }), { status: 'saved', revision: 4 });
    assert.deepEqual(outcomeOfWrite({ status: 'conflict' }), { status: 'refused', refusal: 'conflict' });
    assert.deepEqual(outcomeOfWrite({ status: 'busy' }), { status: 'refused', refusal: 'busy' });
    assert.deepEqual(outcomeOfWrite({ status: 'failed' }), { status: 'refused', refusal: 'write-failed' });
    assert.deepEqual(outcomeOfWrite({ status: 'unavailable', rule: 'too-large' }), { status: 'refused', refusal: 'settings-unavailable', rule: 'too-large' });
  });
});

describe('setting a contact email (docs/configuration.md#changing-the-settings)', () => {
  it('sets the email of OpenAlex or Crossref, keeping enabled and the key reference', async () => {
    const settings = FakeSettingsWriter.at(2, settingsWith({ openalex: { enabled: true, apiKeyRef: REF } }));
    assert.deepEqual(await setEmail({ settings }, 'openalex', 'me@example.org'), { status: 'saved', revision: 3 });
    assert.deepEqual(settings.settings.providers.openalex, { enabled: true, apiKeyRef: REF, email: 'me@example.org' });
    assert.deepEqual(await setEmail({ settings }, 'openalex', 'me@example.org'), { status: 'unchanged', reason: 'same-email' });
  });

  it('refuses providers without an email and malformed addresses, writing nothing', async () => {
    const settings = FakeSettingsWriter.defaults();
    assert.deepEqual(await setEmail({ settings }, 'pubmed', 'me@example.org'), { status: 'refused', refusal: 'takes-no-email' });
    for (const address of ['', 'me', '@example.org', 'me@', 'a@b@c', 'me @example.org', 'me@example.org\n', `${'a'.repeat(315)}@b.org`]) {
      assert.deepEqual(await setEmail({ settings }, 'crossref', address), { status: 'refused', refusal: 'email-invalid' }, address);
    }
    assert.equal(settings.writes.length, 0);
    assert.ok(isContactEmail(`${'a'.repeat(314)}@b.org`), '320 characters is still fine');
    assert.ok(isContactEmail('李@例子.中国'));
  });
});

describe('the names the config commands accept', () => {
  it('are the save tool’s names and aliases, plus arxiv and the keyless sources', () => {
    for (const [name, id] of Object.entries(SAVE_PROVIDER_NAMES)) assert.equal(configTargetNamed(name), id);
    assert.equal(configTargetNamed('s2'), 'semantic_scholar');
    assert.equal(configTargetNamed('ncbi'), 'pubmed');
    for (const id of ['arxiv', 'opencitations', 'europepmc', 'zotero']) assert.equal(configTargetNamed(id), id);
    for (const name of ['OpenAlex', 'constructor', 'toString', '__proto__', '', 'unpaywall']) assert.equal(configTargetNamed(name), undefined, name);
    assert.equal(Object.keys(CONFIG_TARGET_NAMES).length, 12);
  });
});
