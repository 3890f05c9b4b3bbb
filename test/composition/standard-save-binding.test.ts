import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createContainer, UseCaseId } from '../../src/index.js';
import { SettingsWriterId } from '../../src/ports/settings-writer.port.js';
import { LazySettingsWriter, ReadOnlySettingsWriter } from '../../src/composition/lazy-settings-writer.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { FakeSettingsWriter } from '../fakes/settings-writer.fake.js';

const context = { signal: new AbortController().signal, reportProgress: () => undefined };

/** Runs Standard's save tool of `container` with `args`, through its own input schema. */
async function save(container: ReturnType<typeof createContainer>, args: Record<string, string>) {
  const tool = container.get(UseCaseId.saveProviderConfig);
  return tool.execute(tool.input.parse(args), context);
}

describe("Standard's save tool and settings writer, as composed (docs/tools.md#in-the-standard-profile)", () => {
  it('binds the settings file of this process by default, loaded on first use', () => {
    assert.ok(createContainer('standard').get(SettingsWriterId) instanceof LazySettingsWriter);
    assert.equal(createContainer('lite').isBound(SettingsWriterId), false, 'Lite has no writer');
  });

  it('saves through the writer given, and answers without the value', async () => {
    const settings = FakeSettingsWriter.defaults();
    const container = createContainer('standard', { configSource: FakeConfigSource.defaults(), settingsWriter: settings });
    assert.deepEqual(await save(container, { provider: 'crossref', field: 'email', value: 'me@example.org' }), {
      ok: true,
      value: { status: 'saved', provider: 'crossref', field: 'email' },
    });
    assert.equal(settings.settings.providers.crossref.email, 'me@example.org');
  });

  it('never pairs a replaced settings source with the real file: without a writer, writes fail and nothing is written', async () => {
    const container = createContainer('standard', { configSource: FakeConfigSource.defaults() });
    assert.ok(container.get(SettingsWriterId) instanceof ReadOnlySettingsWriter);
    const outcome = await save(container, { provider: 'openalex', field: 'enabled', value: 'false' });
    assert.equal(!outcome.ok && outcome.error.kind === 'tool_error' && outcome.error.reasonCode, 'settings-write-failed');
  });

  it('keeps Lite refusing every save with capability-unavailable', async () => {
    const outcome = await save(createContainer('lite', { configSource: FakeConfigSource.defaults() }), {
      provider: 'crossref',
      field: 'email',
      value: 'me@example.org',
    });
    assert.equal(!outcome.ok && outcome.error.kind === 'tool_error' && outcome.error.reasonCode, 'capability-unavailable');
  });
});
