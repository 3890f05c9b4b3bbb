import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { saveWithoutKeys, saveWithoutKeysOutput } from '../../../src/domain/provider-setup/save-without-keys.js';
import { SettingsOnlySetupBackend, setupStateOf } from '../../../src/domain/provider-setup/settings-only-setup-backend.js';
import { FakeConfigSource } from '../../fakes/config-source.fake.js';
import { FakeSecretStore, secretReference } from '../../fakes/secret-store.fake.js';

describe('saving a provider setting in Standard (docs/tools.md#2-qiongli_save_provider_config)', () => {
  it('refuses an API key with use-setup-page, whatever the spelling of the field or the provider', () => {
    for (const [provider, field] of [
      ['openalex', 'api_key'],
      ['s2', 'api-key'],
      ['ncbi', 'api_key'],
    ] as const) {
      assert.deepEqual(saveWithoutKeys({ provider, field, value: 'secret' }), {
        ok: false,
        failure: { kind: 'tool_error', reasonCode: 'use-setup-page', message: 'API keys are entered on the setup page; call qiongli_configure_provider' },
      });
    }
  });

  it('answers capability-unavailable for an email (settings are saved on the setup page in this build)', () => {
    const outcome = saveWithoutKeys({ provider: 'crossref', field: 'email', value: 'a@example.org' });
    assert.equal(!outcome.ok && outcome.failure.kind === 'tool_error' && outcome.failure.reasonCode, 'capability-unavailable');
    assert.deepEqual(saveWithoutKeysOutput().parse({}), {});
  });
});

describe('the setup page backend of this build: the settings read, nothing written (docs/setup-page.md#what-a-save-does)', () => {
  it('shows the settings without any key: enabled, email, whether a key reference is set, and the store state', async () => {
    const config = FakeConfigSource.withProviders({ openalex: { enabled: true, email: 'me@example.org', apiKeyRef: secretReference(1) } });
    const state = await new SettingsOnlySetupBackend(config, FakeSecretStore.unavailable()).state();
    assert.deepEqual(state.providers.openalex, { enabled: true, email: 'me@example.org', keySet: true });
    assert.equal(state.providers.pubmed.keySet, false);
    assert.equal(state.credentialStore, 'unavailable');
    assert.equal(state.settings, 'available');
    assert.ok(!JSON.stringify(state).includes('qsr1_'), 'never a reference');
  });

  it('reports unusable settings and shows the defaults then', () => {
    const state = setupStateOf({ status: 'unavailable', rule: 'not-json' }, true);
    assert.equal(state.settings, 'unavailable');
    assert.equal(state.credentialStore, 'available');
    assert.equal(Object.keys(state.providers).length, 5);
  });

  it('answers writes-unavailable for every field a form would change, unchanged for the others, and stores no key', async () => {
    const secrets = FakeSecretStore.empty();
    const config = FakeConfigSource.withProviders({ crossref: { enabled: true, email: 'a@example.org' }, pubmed: { enabled: true } });
    const backend = new SettingsOnlySetupBackend(config, secrets);
    const results = await backend.save({
      crossref: { enabled: true, email: 'a@example.org' },
      pubmed: { enabled: false, apiKey: 'NEW-KEY' },
      arxiv: { enabled: true },
    });
    assert.deepEqual(results, [
      { provider: 'crossref', field: 'enabled', outcome: 'unchanged' },
      { provider: 'crossref', field: 'email', outcome: 'unchanged' },
      { provider: 'pubmed', field: 'enabled', outcome: 'failed', failure: 'writes-unavailable' },
      { provider: 'pubmed', field: 'api_key', outcome: 'failed', failure: 'writes-unavailable' },
      {
        provider: 'arxiv',
        field: 'enabled',
        outcome: arxivEnabledByDefault() ? 'unchanged' : 'failed',
        ...(arxivEnabledByDefault() ? {} : { failure: 'writes-unavailable' }),
      },
    ]);
    assert.deepEqual(secrets.storedReferences, []);
    assert.ok(!JSON.stringify(results).includes('NEW-KEY'));
  });

  it('counts removing a set key as a change, and removing none as unchanged; settings-unavailable when they cannot be read', async () => {
    const withKey = new SettingsOnlySetupBackend(
      FakeConfigSource.withProviders({ pubmed: { enabled: true, apiKeyRef: secretReference(2) } }),
      FakeSecretStore.empty(),
    );
    assert.deepEqual((await withKey.save({ pubmed: { enabled: true, removeKey: true } }))[1], {
      provider: 'pubmed',
      field: 'api_key',
      outcome: 'failed',
      failure: 'writes-unavailable',
    });
    const without = new SettingsOnlySetupBackend(FakeConfigSource.withProviders({ pubmed: { enabled: true } }), FakeSecretStore.empty());
    assert.deepEqual((await without.save({ pubmed: { enabled: true, removeKey: true } }))[1], { provider: 'pubmed', field: 'api_key', outcome: 'unchanged' });
    const unusable = new SettingsOnlySetupBackend(FakeConfigSource.unavailable(), FakeSecretStore.empty());
    assert.equal((await unusable.save({ crossref: { enabled: false, email: 'x@example.org' } }))[1]?.failure, 'settings-unavailable');
  });
});

/** Whether the defaults enable arXiv (they do; the keyless-default change may enable all five). */
function arxivEnabledByDefault(): boolean {
  return setupStateOf({ status: 'unavailable', rule: 'not-json' }, true).providers.arxiv.enabled;
}
