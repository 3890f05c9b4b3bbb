import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FakeConfigSource, settingsWith } from '../../fakes/config-source.fake.js';
import { DEFAULTS } from './settings-documents.js';

describe('FakeConfigSource (test double of the ConfigSource port)', () => {
  it('answers the defaults, chosen providers or unavailable, and counts reads', async () => {
    const defaults = FakeConfigSource.defaults();
    assert.equal(defaults.reads, 0);
    assert.deepEqual(await defaults.read(), { status: 'available', settings: DEFAULTS });
    await defaults.read();
    assert.equal(defaults.reads, 2);

    const crossref = { enabled: true, email: 'c@example.org' };
    assert.deepEqual(await FakeConfigSource.withProviders({ crossref }).read(), {
      status: 'available',
      settings: { ...DEFAULTS, providers: { ...DEFAULTS.providers, crossref } },
    });
    assert.deepEqual(await FakeConfigSource.available(settingsWith({})).read(), { status: 'available', settings: DEFAULTS });
    assert.deepEqual(await FakeConfigSource.unavailable().read(), { status: 'unavailable', rule: 'not-json' });
  });
});
