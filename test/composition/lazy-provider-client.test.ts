import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LazyProviderClient } from '../../src/composition/lazy-provider-client.js';
import { ProviderRuntimeUnavailableError, type ProviderClient, type ProviderSearchRequest } from '../../src/ports/provider-client.port.js';
import { UseCaseId } from '../../src/index.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { FakeProviderClient } from '../fakes/provider-client.fake.js';
import { runUseCase } from '../support/use-cases.js';

const request = (provider: ProviderSearchRequest['provider']): ProviderSearchRequest => ({
  provider,
  query: 'q',
  limit: 5,
  credentials: {},
  signal: new AbortController().signal,
});

/** A loader that counts its calls and hands out `client`, or fails when `client` is absent. */
function countingLoader(client?: ProviderClient) {
  const loader = {
    calls: 0,
    load: () => {
      loader.calls += 1;
      return client ? Promise.resolve(client) : Promise.reject(new Error('adapter failed to load'));
    },
  };
  return loader;
}

describe('the lazy provider client (composition)', () => {
  it('loads nothing until the first search, then loads once and shares the client', async () => {
    const fake = new FakeProviderClient().respondWith('arxiv', [{ title: 'A' }]);
    const loader = countingLoader(fake);
    const lazy = new LazyProviderClient(loader.load);
    assert.equal(loader.calls, 0);
    const [first, second] = await Promise.all([lazy.search(request('arxiv')), lazy.search(request('crossref'))]);
    assert.deepEqual(first, { ok: true, value: { records: [{ title: 'A' }], cached: false } });
    assert.deepEqual(second, { ok: true, value: { records: [], cached: false } });
    await lazy.search(request('arxiv'));
    assert.equal(loader.calls, 1);
    assert.deepEqual(fake.calledProviders(), ['arxiv', 'crossref', 'arxiv']);
  });

  it('rejects every search with ProviderRuntimeUnavailableError when the load fails, and remembers the failure', async () => {
    const loader = countingLoader();
    const lazy = new LazyProviderClient(loader.load);
    await assert.rejects(lazy.search(request('arxiv')), ProviderRuntimeUnavailableError);
    await assert.rejects(lazy.search(request('arxiv')), ProviderRuntimeUnavailableError);
    assert.equal(loader.calls, 1);
  });

  it('lets the search use case answer provider-runtime-unavailable when the adapter cannot load', async () => {
    const outcome = await runUseCase(
      UseCaseId.literatureSearch,
      { query: 'q' },
      { configSource: FakeConfigSource.withProviders({}), providerClient: new LazyProviderClient(countingLoader().load) },
    );
    assert.deepEqual(outcome, {
      ok: false,
      error: { kind: 'tool_error', reasonCode: 'provider-runtime-unavailable', message: 'native provider runtime is unavailable' },
    });
  });
});
