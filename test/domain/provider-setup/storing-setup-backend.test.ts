import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StoringSetupBackend } from '../../../src/domain/provider-setup/storing-setup-backend.js';
import { setupStateOf } from '../../../src/domain/provider-setup/setup-state.js';
import { DEFAULT_SETTINGS } from '../../../src/domain/provider-readiness/provider-readiness.js';
import type { NativeSettings } from '../../../src/ports/config-source.port.js';
import { FakeSecretStore, secretReference } from '../../fakes/secret-store.fake.js';
import { FakeSettingsWriter } from '../../fakes/settings-writer.fake.js';
import { saveOn } from './setup-forms.js';

const KEY = 'sk-CANARY-page-4711';
const withProviders = (providers: Partial<NativeSettings['providers']>): NativeSettings => ({
  ...DEFAULT_SETTINGS,
  providers: { ...DEFAULT_SETTINGS.providers, ...providers },
});

/** A backend over fakes, with references drawn in order. */
function backendOver(settings: FakeSettingsWriter, secrets: FakeSecretStore) {
  let drawn = 10;
  return new StoringSetupBackend({ settings, secrets, newSecretReference: () => secretReference(drawn++) });
}

describe('the setup page backend of Standard (docs/setup-page.md#what-a-save-does)', () => {
  it('shows the settings without any key: enabled, email, whether a key is set, and the store state', async () => {
    const settings = FakeSettingsWriter.at(2, withProviders({ openalex: { enabled: true, email: 'me@example.org', apiKeyRef: secretReference(1) } }));
    const state = await backendOver(settings, FakeSecretStore.unavailable()).state();
    assert.deepEqual(state.providers.openalex, { enabled: true, email: 'me@example.org', keySet: true });
    assert.equal(state.credentialStore, 'unavailable');
    assert.equal(state.settings, 'available');
    assert.ok(!JSON.stringify(state).includes('qsr1_'), 'never a reference');
    const unusable = await backendOver(FakeSettingsWriter.unavailable('not-json'), FakeSecretStore.empty()).state();
    assert.equal(unusable.settings, 'unavailable');
    assert.equal(Object.keys(setupStateOf({ status: 'unavailable', rule: 'not-json' }, null, true).providers).length, 5);
  });

  it('stores a new key under a fresh reference before the settings name it, and deletes the key it replaced', async () => {
    const old = secretReference(1);
    const secrets = FakeSecretStore.withSecrets({ [old]: 'OLD-KEY' });
    const settings = FakeSettingsWriter.at(5, withProviders({ pubmed: { enabled: true, apiKeyRef: old } }));
    const storedBeforeWrite: string[][] = [];
    settings.onWrite = () => storedBeforeWrite.push([...secrets.storedReferences]);
    const results = await saveOn(backendOver(settings, secrets), { pubmed: { enabled: true, apiKey: KEY } });
    assert.deepEqual(results, [
      { provider: 'pubmed', field: 'enabled', outcome: 'unchanged' },
      { provider: 'pubmed', field: 'api_key', outcome: 'saved' },
    ]);
    const fresh = secretReference(10);
    assert.deepEqual(storedBeforeWrite, [[fresh, old].sort()], 'the new secret was in the store when the settings were written');
    assert.equal(settings.settings.providers.pubmed.apiKeyRef, fresh);
    assert.equal(settings.revision, 6);
    assert.deepEqual(secrets.storedReferences, [fresh]);
    assert.equal(secrets.peek(fresh), KEY);
    assert.ok(!JSON.stringify(results).includes('CANARY'));
  });

  it('saves enabled and emails field by field, clears an emptied email, and leaves untouched fields unchanged', async () => {
    const settings = FakeSettingsWriter.at(1, withProviders({ crossref: { enabled: true, email: 'old@example.org' } }));
    const results = await saveOn(backendOver(settings, FakeSecretStore.empty()), {
      crossref: { enabled: true, email: '' },
      openalex: { enabled: false, email: 'me@example.org' },
    });
    assert.deepEqual(results, [
      { provider: 'openalex', field: 'enabled', outcome: 'saved' },
      { provider: 'openalex', field: 'email', outcome: 'saved' },
      { provider: 'openalex', field: 'api_key', outcome: 'unchanged' },
      { provider: 'crossref', field: 'enabled', outcome: 'unchanged' },
      { provider: 'crossref', field: 'email', outcome: 'removed' },
    ]);
    assert.deepEqual(settings.settings.providers.openalex, { enabled: false, email: 'me@example.org' });
    assert.deepEqual(settings.settings.providers.crossref, { enabled: true });
    assert.equal(settings.revision, 4, 'one atomic write (revision + 1) per changed field');
  });

  it('removes a set key (settings first, then the secret); a remove without a key is unchanged', async () => {
    const old = secretReference(2);
    const secrets = FakeSecretStore.withSecrets({ [old]: 'OLD-KEY' });
    const settings = FakeSettingsWriter.at(1, withProviders({ semantic_scholar: { enabled: true, apiKeyRef: old } }));
    const results = await saveOn(backendOver(settings, secrets), {
      semantic_scholar: { enabled: true, removeKey: true },
      pubmed: { enabled: true, removeKey: true },
    });
    assert.deepEqual(
      results.filter((result) => result.field === 'api_key'),
      [
        { provider: 'semantic_scholar', field: 'api_key', outcome: 'removed' },
        { provider: 'pubmed', field: 'api_key', outcome: 'unchanged' },
      ],
    );
    assert.equal(settings.settings.providers.semantic_scholar.apiKeyRef, undefined);
    assert.deepEqual(secrets.storedReferences, []);
  });

  it('saves nothing secret without a credential store, but still saves the public fields', async () => {
    const secrets = FakeSecretStore.unavailable();
    const settings = FakeSettingsWriter.defaults();
    const results = await saveOn(backendOver(settings, secrets), { openalex: { enabled: false, email: 'me@example.org', apiKey: KEY } });
    assert.deepEqual(results[2], { provider: 'openalex', field: 'api_key', outcome: 'failed', failure: 'credential-store-unavailable' });
    assert.equal(results[1]?.outcome, 'saved');
    assert.equal(settings.settings.providers.openalex.apiKeyRef, undefined);
    assert.ok(!JSON.stringify(settings.writes).includes('CANARY'));
  });

  it('refuses a key the settings cannot name (a race, unusable settings, a bad key) and leaves no secret behind', async () => {
    const secrets = FakeSecretStore.empty();
    const raced = FakeSettingsWriter.defaults();
    raced.refuseNextWrite({ status: 'conflict' });
    const [, , key] = await saveOn(backendOver(raced, secrets), { openalex: { enabled: true, apiKey: KEY } });
    assert.deepEqual(key, { provider: 'openalex', field: 'api_key', outcome: 'failed', failure: 'settings-changed' });
    assert.deepEqual(secrets.storedReferences, [], 'the fresh secret was deleted again');
    const spaced = await saveOn(backendOver(FakeSettingsWriter.defaults(), secrets), { pubmed: { enabled: true, apiKey: ' padded ' } });
    assert.equal(spaced[1]?.failure, 'invalid-key');
    const unusable = await saveOn(backendOver(FakeSettingsWriter.unavailable('not-json'), secrets), { crossref: { enabled: false } });
    assert.equal(unusable[0]?.failure, 'settings-unavailable');
    const broken = FakeSettingsWriter.defaults();
    broken.refuseNextWrite({ status: 'failed' });
    assert.equal((await saveOn(backendOver(broken, secrets), { crossref: { enabled: false } }))[0]?.failure, 'settings-write-failed');
    assert.deepEqual(secrets.storedReferences, []);
  });
});
