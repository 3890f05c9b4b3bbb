import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { removeKey, setKey, startKeyChange } from '../../../src/domain/provider-config-mutation/change-keys.js';
import { MAX_KEY_BYTES } from '../../../src/domain/provider-config-mutation/change-input-checks.js';
import { refusalMessage } from '../../../src/domain/provider-config-mutation/settings-change-outcome.js';
import type { SecretStore, SecretWrite } from '../../../src/ports/secret-store.port.js';
import { FakeSecretStore, secretReference } from '../../fakes/secret-store.fake.js';
import { FakeSettingsWriter } from '../../fakes/settings-writer.fake.js';
import { settingsWith } from '../../fakes/config-source.fake.js';

const KEY = 'sk-CANARY-0123456789';
const OLD = secretReference(1);
const NEW = secretReference(2);

/** A store that answers `store` or `remove` with a fixed status, and otherwise is `inner`. */
function storeAnswering(inner: FakeSecretStore, answers: { store?: SecretWrite['status']; remove?: SecretWrite['status'] | 'throw' }): SecretStore {
  return {
    available: inner.available,
    reachable: () => inner.reachable(),
    presence: (reference) => inner.presence(reference),
    resolve: (reference) => inner.resolve(reference),
    store: (reference, value) => (answers.store === undefined ? inner.store(reference, value) : Promise.resolve({ status: answers.store } as SecretWrite)),
    remove: (reference) => {
      if (answers.remove === 'throw') return Promise.reject(new Error('broken adapter'));
      return answers.remove === undefined ? inner.remove(reference) : Promise.resolve({ status: answers.remove } as SecretWrite);
    },
  };
}

const ports = (settings: FakeSettingsWriter, secrets: SecretStore, reference = NEW) => ({ settings, secrets, newSecretReference: () => reference });

describe('setting an API key (docs/configuration.md#changing-the-settings)', () => {
  it('stores the key under a fresh reference before the settings name it, then names it', async () => {
    const settings = FakeSettingsWriter.at(3, settingsWith({ openalex: { enabled: true, email: 'a@example.org' } }));
    const secrets = FakeSecretStore.empty();
    let storedWhenWritten: readonly string[] = [];
    settings.onWrite = () => (storedWhenWritten = secrets.storedReferences);
    assert.deepEqual(await setKey(ports(settings, secrets), 'openalex', KEY), { status: 'saved', revision: 4 });
    assert.deepEqual(storedWhenWritten, [NEW], 'the secret was in the store when the settings were written');
    assert.deepEqual(settings.settings.providers.openalex, { enabled: true, email: 'a@example.org', apiKeyRef: NEW });
    assert.deepEqual(await secrets.resolve(NEW), { status: 'resolved', value: KEY });
    assert.deepEqual(settings.writes[0]?.basedOn, 3);
  });

  it('deletes the key it replaced once the settings name the new one', async () => {
    const settings = FakeSettingsWriter.at(1, settingsWith({ pubmed: { enabled: true, apiKeyRef: OLD } }));
    const secrets = FakeSecretStore.withSecrets({ [OLD]: 'old-key' });
    assert.deepEqual(await setKey(ports(settings, secrets), 'pubmed', KEY), { status: 'saved', revision: 2 });
    assert.deepEqual(secrets.storedReferences, [NEW]);
    assert.equal(settings.settings.providers.pubmed.apiKeyRef, NEW);
  });

  it('saves but warns when the replaced key cannot be deleted (even when the store throws)', async () => {
    for (const remove of ['failed', 'unavailable', 'throw'] as const) {
      const settings = FakeSettingsWriter.at(1, settingsWith({ pubmed: { enabled: true, apiKeyRef: OLD } }));
      const secrets = storeAnswering(FakeSecretStore.withSecrets({ [OLD]: 'old-key' }), { remove });
      assert.deepEqual(await setKey(ports(settings, secrets), 'pubmed', KEY), { status: 'saved', revision: 2, warning: 'old-key-not-deleted' }, remove);
    }
  });

  it('deletes the fresh secret again when the settings write is refused, and reports why', async () => {
    const refusals = [
      [{ status: 'conflict' }, 'conflict'],
      [{ status: 'busy' }, 'busy'],
      [{ status: 'failed' }, 'write-failed'],
      [{ status: 'unavailable', rule: 'symlink' }, 'settings-unavailable'],
    ] as const;
    for (const [result, refusal] of refusals) {
      const settings = FakeSettingsWriter.at(5, settingsWith({ openalex: { enabled: true, apiKeyRef: OLD } }));
      const secrets = FakeSecretStore.withSecrets({ [OLD]: 'old-key' });
      settings.refuseNextWrite(result);
      const outcome = await setKey(ports(settings, secrets), 'openalex', KEY);
      assert.equal(outcome.status === 'refused' && outcome.refusal, refusal);
      assert.deepEqual(secrets.storedReferences, [OLD], `${refusal}: the fresh secret is gone, the old one kept`);
      assert.equal(settings.settings.providers.openalex.apiKeyRef, OLD);
    }
  });

  it('keeps the fresh secret when the write landed though the folder moved meanwhile, and says so (issue 29, row 11)', async () => {
    const settings = FakeSettingsWriter.defaults();
    const secrets = FakeSecretStore.empty();
    settings.refuseNextWrite({ status: 'written', revision: 1, warning: 'folder-moved' });
    assert.deepEqual(await setKey(ports(settings, secrets), 'openalex', KEY), { status: 'saved', revision: 1, warning: 'folder-moved' });
    assert.deepEqual(secrets.storedReferences, [NEW], 'the file that landed names it: it stays');
  });

  it('saves nothing, and says so plainly, when no credential store is reachable (no plaintext fallback)', async () => {
    const settings = FakeSettingsWriter.defaults();
    const outcome = await setKey(ports(settings, FakeSecretStore.unavailable()), 'semantic_scholar', KEY);
    assert.deepEqual(outcome, { status: 'refused', refusal: 'store-unavailable' });
    assert.equal(settings.writes.length, 0);
    assert.match(refusalMessage({ refusal: 'store-unavailable' }), /no credential store is reachable, so the key was not saved/);
  });

  it('saves nothing when the store refuses or turns out unreachable at the write', async () => {
    for (const [answer, refusal] of [
      ['failed', 'store-failed'],
      ['unavailable', 'store-unavailable'],
    ] as const) {
      const settings = FakeSettingsWriter.defaults();
      const outcome = await setKey(ports(settings, storeAnswering(FakeSecretStore.empty(), { store: answer })), 'openalex', KEY);
      assert.deepEqual(outcome, { status: 'refused', refusal });
      assert.equal(settings.writes.length, 0);
    }
  });

  it('refuses a malformed generated reference without storing anything', async () => {
    const secrets = FakeSecretStore.empty();
    const outcome = await setKey(ports(FakeSettingsWriter.defaults(), secrets, 'qsr1_NOT-HEX'), 'openalex', KEY);
    assert.deepEqual(outcome, { status: 'refused', refusal: 'store-failed' });
    assert.deepEqual(secrets.storedReferences, []);
  });

  it('refuses bad keys before touching the settings or the store, never echoing them', async () => {
    const cases: [string, string][] = [
      ['', 'key-empty'],
      ['abc\ndef', 'key-control-character'],
      ['abc\r', 'key-control-character'],
      ['abc\u0000def', 'key-control-character'],
      ['abc\u001bdef', 'key-control-character'],
      ['abc\u0085def', 'key-control-character'],
      [' abc', 'key-surrounding-space'],
      ['abc\t', 'key-control-character'],
      ['x'.repeat(MAX_KEY_BYTES + 1), 'key-too-long'],
      ['x'.repeat(64 * 1024), 'key-too-long'],
      ['é'.repeat(MAX_KEY_BYTES / 2 + 1), 'key-too-long'],
    ];
    for (const [key, refusal] of cases) {
      const settings = FakeSettingsWriter.defaults();
      const secrets = FakeSecretStore.empty();
      const outcome = await setKey(ports(settings, secrets), 'openalex', key);
      assert.deepEqual(outcome, { status: 'refused', refusal }, JSON.stringify(key.slice(0, 20)));
      assert.equal(settings.writes.length + secrets.storedReferences.length, 0);
      if (key !== '') assert.ok(!JSON.stringify(outcome).includes(key.trim().slice(0, 3)));
    }
    assert.equal((await setKey(ports(FakeSettingsWriter.defaults(), FakeSecretStore.empty()), 'openalex', 'x'.repeat(MAX_KEY_BYTES))).status, 'saved');
  });

  it('refuses providers without a key, and unusable settings, before anything is stored', async () => {
    for (const provider of ['crossref', 'arxiv'] as const) {
      assert.deepEqual(await setKey(ports(FakeSettingsWriter.defaults(), FakeSecretStore.empty()), provider, KEY), {
        status: 'refused',
        refusal: 'takes-no-key',
      });
    }
    const secrets = FakeSecretStore.empty();
    const outcome = await setKey(ports(FakeSettingsWriter.unavailable('unsafe-permissions'), secrets), 'openalex', KEY);
    assert.deepEqual(outcome, { status: 'refused', refusal: 'settings-unavailable', rule: 'unsafe-permissions' });
    assert.deepEqual(secrets.storedReferences, []);
    assert.match(refusalMessage({ refusal: 'settings-unavailable', rule: 'unsafe-permissions' }), /can be changed by other users.*qiongli config check/);
  });

  it('lets a terminal learn before asking for the key whether it could be kept', async () => {
    assert.equal((await startKeyChange(ports(FakeSettingsWriter.defaults(), FakeSecretStore.empty()), 'openalex')).ok, true);
    const unreachable = await startKeyChange(ports(FakeSettingsWriter.defaults(), FakeSecretStore.unavailable()), 'openalex');
    assert.deepEqual(unreachable, { ok: false, error: { status: 'refused', refusal: 'store-unavailable' } });
    const unusable = await startKeyChange(ports(FakeSettingsWriter.unavailable('not-json'), FakeSecretStore.empty()), 'openalex');
    assert.deepEqual(unusable, { ok: false, error: { status: 'refused', refusal: 'settings-unavailable', rule: 'not-json' } });
  });
});

describe('removing an API key (docs/configuration.md#changing-the-settings)', () => {
  it('writes the settings without the reference first, then deletes the secret', async () => {
    const settings = FakeSettingsWriter.at(2, settingsWith({ semantic_scholar: { enabled: true, apiKeyRef: OLD } }));
    const secrets = FakeSecretStore.withSecrets({ [OLD]: KEY });
    let storedWhenWritten: readonly string[] = [];
    settings.onWrite = () => (storedWhenWritten = secrets.storedReferences);
    assert.deepEqual(await removeKey({ settings, secrets }, 'semantic_scholar'), { status: 'saved', revision: 3 });
    assert.deepEqual(storedWhenWritten, [OLD], 'the secret still existed while the settings named it');
    assert.deepEqual(settings.settings.providers.semantic_scholar, { enabled: true });
    assert.deepEqual(await secrets.resolve(OLD), { status: 'missing' });
  });

  it('keeps the secret and the settings when the write is refused', async () => {
    const settings = FakeSettingsWriter.at(2, settingsWith({ pubmed: { enabled: true, apiKeyRef: OLD } }));
    const secrets = FakeSecretStore.withSecrets({ [OLD]: KEY });
    settings.refuseNextWrite({ status: 'conflict' });
    assert.deepEqual(await removeKey({ settings, secrets }, 'pubmed'), { status: 'refused', refusal: 'conflict' });
    assert.deepEqual(secrets.storedReferences, [OLD]);
  });

  it('still stops using the key without a reachable store, and warns that the secret stays', async () => {
    const settings = FakeSettingsWriter.at(2, settingsWith({ pubmed: { enabled: true, apiKeyRef: OLD } }));
    assert.deepEqual(await removeKey({ settings, secrets: FakeSecretStore.unavailable() }, 'pubmed'), {
      status: 'saved',
      revision: 3,
      warning: 'old-key-not-deleted',
    });
    assert.equal(settings.settings.providers.pubmed.apiKeyRef, undefined);
  });

  it('changes nothing when no key is set, and refuses providers without a key', async () => {
    const settings = FakeSettingsWriter.defaults();
    assert.deepEqual(await removeKey({ settings, secrets: FakeSecretStore.empty() }, 'openalex'), { status: 'unchanged', reason: 'no-key' });
    assert.equal(settings.writes.length, 0);
    assert.deepEqual(await removeKey({ settings, secrets: FakeSecretStore.empty() }, 'crossref'), { status: 'refused', refusal: 'takes-no-key' });
  });
});
