import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { savePublicSettings, savePublicSettingsInput, savePublicSettingsOutput } from '../../../src/domain/provider-setup/save-public-settings.js';
import { saveProviderConfigInput } from '../../../src/domain/provider-config-mutation/save-provider-config.js';
import { DEFAULT_SETTINGS } from '../../../src/domain/provider-readiness/provider-readiness.js';
import { FakeSettingsWriter } from '../../fakes/settings-writer.fake.js';

const failureOf = (outcome: Awaited<ReturnType<typeof savePublicSettings>>) => (outcome.ok ? undefined : outcome.error);

describe("Standard's qiongli_save_provider_config (docs/tools.md#in-the-standard-profile)", () => {
  it('refuses an API key with use-setup-page, whatever the spelling, and reads and writes nothing', async () => {
    for (const [provider, field] of [
      ['openalex', 'api_key'],
      ['s2', 'api-key'],
      ['ncbi', 'api_key'],
    ] as const) {
      const settings = FakeSettingsWriter.defaults();
      const outcome = await savePublicSettings({ settings }, { provider, field, value: 'sk-CANARY-in-a-tool-argument' });
      assert.deepEqual(failureOf(outcome), {
        kind: 'tool_error',
        reasonCode: 'use-setup-page',
        message: 'API keys are entered on the setup page; call qiongli_configure_provider',
      });
      assert.equal(settings.writes.length, 0);
      assert.ok(!JSON.stringify(outcome).includes('CANARY'));
    }
  });

  it('saves an email through an atomic write based on the revision read, and answers without the value', async () => {
    const settings = FakeSettingsWriter.at(3, DEFAULT_SETTINGS);
    const outcome = await savePublicSettings({ settings }, { provider: 'crossref', field: 'email', value: 'me@example.org' });
    assert.deepEqual(outcome, { ok: true, value: { status: 'saved', provider: 'crossref', field: 'email' } });
    assert.equal(settings.revision, 4);
    assert.equal(settings.writes[0]?.basedOn, 3);
    assert.equal(settings.settings.providers.crossref.email, 'me@example.org');
    assert.equal(savePublicSettingsOutput().safeParse((outcome as { value: unknown }).value).success, true);
    assert.deepEqual(await savePublicSettings({ settings }, { provider: 'crossref', field: 'email', value: 'me@example.org' }), {
      ok: true,
      value: { status: 'unchanged', provider: 'crossref', field: 'email' },
    });
  });

  it('switches a provider off and on with enabled true/false, under any of its names', async () => {
    const settings = FakeSettingsWriter.defaults();
    // Every provider is on by default (docs/providers.md): switch it off, then on again.
    assert.deepEqual(await savePublicSettings({ settings }, { provider: 'ncbi', field: 'enabled', value: 'false' }), {
      ok: true,
      value: { status: 'saved', provider: 'pubmed', field: 'enabled' },
    });
    assert.equal(settings.settings.providers.pubmed.enabled, false);
    await savePublicSettings({ settings }, { provider: 'pubmed', field: 'enabled', value: 'true' });
    assert.equal(settings.settings.providers.pubmed.enabled, true);
  });

  it('switches every source with a settings entry on and off: arXiv, and the keyless OpenCitations and Europe PMC too (issue 25, row 6)', async () => {
    for (const provider of ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv', 'opencitations', 'europepmc'] as const) {
      const settings = FakeSettingsWriter.defaults();
      const args = savePublicSettingsInput().parse({ provider, field: 'enabled', value: 'false' });
      assert.deepEqual(await savePublicSettings({ settings }, args), { ok: true, value: { status: 'saved', provider, field: 'enabled' } }, provider);
      const entry = provider === 'opencitations' || provider === 'europepmc' ? settings.settings.sources[provider] : settings.settings.providers[provider];
      assert.equal(entry.enabled, false, provider);
      assert.equal(savePublicSettingsOutput().safeParse({ status: 'saved', provider, field: 'enabled' }).success, true, provider);
    }
  });

  it('takes no key or email for a source that has none, and Lite still names only its own providers', () => {
    for (const provider of ['arxiv', 'opencitations', 'europepmc']) {
      for (const field of ['api_key', 'email']) assert.equal(savePublicSettingsInput().safeParse({ provider, field, value: 'x@example.org' }).success, false);
      assert.equal(saveProviderConfigInput().safeParse({ provider, field: 'email', value: 'x@example.org' }).success, false, `Lite: ${provider}`);
    }
  });

  it('refuses a value that is not true/false or not an email with a static message, writing nothing', async () => {
    const settings = FakeSettingsWriter.defaults();
    const notBoolean = await savePublicSettings({ settings }, { provider: 'openalex', field: 'enabled', value: 'yes-ECHO' });
    assert.deepEqual(failureOf(notBoolean), { kind: 'invalid_arguments', message: 'enabled must be true or false' });
    const notEmail = await savePublicSettings({ settings }, { provider: 'openalex', field: 'email', value: 'not an ECHO' });
    assert.deepEqual(failureOf(notEmail), { kind: 'invalid_arguments', message: 'email must be a contact email address' });
    assert.equal(settings.writes.length, 0);
  });

  it('answers settings-changed when another writer came first, and native-config-unavailable for unusable settings', async () => {
    const settings = FakeSettingsWriter.defaults();
    settings.refuseNextWrite({ status: 'conflict' });
    const raced = await savePublicSettings({ settings }, { provider: 'openalex', field: 'email', value: 'me@example.org' });
    assert.equal(failureOf(raced)?.kind === 'tool_error' && failureOf(raced)?.message, 'the settings changed while saving; nothing was saved, try again');
    settings.refuseNextWrite({ status: 'failed' });
    const failed = await savePublicSettings({ settings }, { provider: 'openalex', field: 'enabled', value: 'false' });
    assert.equal(failureOf(failed)?.kind === 'tool_error' && (failureOf(failed) as { reasonCode: string }).reasonCode, 'settings-write-failed');
    const unusable = await savePublicSettings(
      { settings: FakeSettingsWriter.unavailable('not-json') },
      { provider: 'crossref', field: 'enabled', value: 'true' },
    );
    assert.equal(failureOf(unusable)?.kind === 'tool_error' && (failureOf(unusable) as { reasonCode: string }).reasonCode, 'native-config-unavailable');
  });

  it("accepts enabled for every provider in Standard's schema, while Lite's schema still refuses it", () => {
    assert.equal(savePublicSettingsInput().safeParse({ provider: 's2', field: 'enabled', value: 'true' }).success, true);
    assert.equal(savePublicSettingsInput().safeParse({ provider: 'crossref', field: 'api_key', value: 'k' }).success, false);
    assert.equal(saveProviderConfigInput().safeParse({ provider: 's2', field: 'enabled', value: 'true' }).success, false);
  });
});
