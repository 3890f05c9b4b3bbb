import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { searchLiterature } from '../../../src/domain/literature-search/literature-search.js';
import { redactCredentials } from '../../../src/domain/shared/redaction.js';
import { FakeSecretStore } from '../../fakes/secret-store.fake.js';
import { FakeProviderClient } from '../../fakes/provider-client.fake.js';
import {
  CANARY_KEYS,
  CONTACT_EMAIL,
  KEY_REFS,
  aRecord,
  everyProviderReady,
  noProviderEnabled,
  recordingContext,
  searchArgs,
  searchDeps,
} from './search-harness.js';

describe('progress (docs/protocol.md#in-both-eras)', () => {
  it('reports once per finished provider, progress increasing, total = attempted, all before returning', async () => {
    const client = new FakeProviderClient()
      .respondWith('openalex', [aRecord('x')], { delayMs: 30 })
      .failWith('crossref', 'http_error', { delayMs: 10 })
      .respondWith('arxiv', []);
    const context = recordingContext();
    const outcome = await searchLiterature(searchArgs({ query: 'q', providers: ['openalex', 'crossref', 'arxiv'] }), searchDeps(client), context);
    assert.ok(outcome.ok);
    assert.deepEqual(context.progress, [
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('reports nothing when no provider is attempted', async () => {
    const context = recordingContext();
    const deps = searchDeps(new FakeProviderClient(), { settings: noProviderEnabled });
    await searchLiterature(searchArgs({ query: 'q' }), deps, context);
    assert.deepEqual(context.progress, []);
  });
});

describe('concurrency and cancellation (docs/protocol.md#in-both-eras, docs/providers.md#requests)', () => {
  it('starts every attempted provider before any answers, each with the call signal', async () => {
    const client = new FakeProviderClient().respondWith('openalex', [], { delayMs: 20 }).respondWith('crossref', [], { delayMs: 20 });
    const controller = new AbortController();
    const pending = searchLiterature(searchArgs({ query: 'q', providers: ['openalex', 'crossref'] }), searchDeps(client), recordingContext(controller.signal));
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.deepEqual(client.calledProviders(), ['openalex', 'crossref']);
    assert.ok(client.requests.every((request) => request.signal === controller.signal));
    await pending;
  });

  it('aborts the signal the providers see when the call is cancelled, and settles without progress', async () => {
    const client = new FakeProviderClient().hangUntilAborted('openalex').hangUntilAborted('arxiv');
    const controller = new AbortController();
    const context = recordingContext(controller.signal);
    const pending = searchLiterature(searchArgs({ query: 'q', providers: ['openalex', 'arxiv'] }), searchDeps(client), context);
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(client.requests.length, 2);
    controller.abort();
    const outcome = await pending;
    assert.ok(client.requests.every((request) => request.signal.aborted && request.sawAbort));
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.value.diagnostics.warnings, ['openalex: cancelled', 'arxiv: cancelled']);
    assert.deepEqual(context.progress, []);
  });

  it('settles promptly on cancellation even when a provider ignores the signal', async () => {
    let calls = 0;
    const stubborn = { search: () => ((calls += 1), new Promise<never>(() => {})) };
    const controller = new AbortController();
    const deps = { ...searchDeps(new FakeProviderClient()), providers: stubborn };
    const pending = searchLiterature(searchArgs({ query: 'q', providers: ['arxiv'] }), deps, recordingContext(controller.signal));
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(calls, 1);
    controller.abort();
    const outcome = await pending;
    assert.ok(outcome.ok);
    assert.equal(outcome.value.diagnostics.providers.arxiv?.error_kind, 'cancelled');
  });

  it('calls no provider when the call was cancelled before the search started', async () => {
    const client = new FakeProviderClient();
    const controller = new AbortController();
    controller.abort();
    await searchLiterature(searchArgs({ query: 'q' }), searchDeps(client), recordingContext(controller.signal));
    assert.equal(client.requests.length, 0);
  });

  it('counts a provider client that throws as a transport_error of that provider only', async () => {
    const throwing = {
      search: (request: { provider: string }) =>
        request.provider === 'crossref'
          ? Promise.reject(new Error('boom'))
          : Promise.resolve({ ok: true as const, value: { records: [aRecord('x')], cached: false } }),
    };
    const deps = { ...searchDeps(new FakeProviderClient()), providers: throwing };
    const outcome = await searchLiterature(searchArgs({ query: 'q', providers: ['crossref', 'arxiv'] }), deps, recordingContext());
    assert.ok(outcome.ok);
    assert.equal(outcome.value.diagnostics.status, 'partial');
    assert.deepEqual(outcome.value.diagnostics.warnings, ['crossref: transport_error']);
  });
});

describe('credentials (docs/providers.md#providers-and-readiness, docs/tools.md#redaction)', () => {
  it('hands resolved keys and emails to the provider requests and to no one else', async () => {
    const client = new FakeProviderClient().respondWith('openalex', [aRecord('With key')]).failWith('semantic_scholar', 'rate_limited');
    const outcome = await searchLiterature(searchArgs({ query: 'q' }), searchDeps(client), recordingContext());
    assert.deepEqual(client.requestTo('openalex')?.credentials, { apiKey: CANARY_KEYS.openalex, email: CONTACT_EMAIL });
    assert.deepEqual(client.requestTo('semantic_scholar')?.credentials, { apiKey: CANARY_KEYS.semantic_scholar });
    assert.deepEqual(client.requestTo('crossref')?.credentials, { email: CONTACT_EMAIL });
    assert.deepEqual(client.requestTo('pubmed')?.credentials, { apiKey: CANARY_KEYS.pubmed });
    assert.deepEqual(client.requestTo('arxiv')?.credentials, {});
    const text = JSON.stringify(outcome);
    for (const canary of Object.values(CANARY_KEYS)) assert.ok(!text.includes(canary), 'a key leaked into the outcome');
    for (const ref of Object.values(KEY_REFS)) assert.ok(!text.includes(ref), 'a secret reference leaked into the outcome');
    assert.deepEqual(redactCredentials(outcome), outcome, 'the result needs no redaction');
  });

  it('searches a key provider whose reference does not resolve keyless, with a static key_missing warning (docs/providers.md#access-tiers)', async () => {
    const client = new FakeProviderClient();
    const secrets = FakeSecretStore.withSecrets({ [KEY_REFS.pubmed]: CANARY_KEYS.pubmed, [KEY_REFS.openalex]: '   ' });
    const outcome = await searchLiterature(searchArgs({ query: 'q' }), searchDeps(client, { secrets }), recordingContext());
    assert.deepEqual([...client.calledProviders()].sort(), ['arxiv', 'crossref', 'openalex', 'pubmed', 'semantic_scholar']);
    assert.deepEqual(client.requestTo('openalex')?.credentials, { email: CONTACT_EMAIL });
    assert.deepEqual(client.requestTo('semantic_scholar')?.credentials, {});
    assert.deepEqual(client.requestTo('pubmed')?.credentials, { apiKey: CANARY_KEYS.pubmed });
    assert.ok(outcome.ok);
    assert.equal(outcome.value.status, 'warning', 'the fake answers no records');
    assert.deepEqual(outcome.value.diagnostics.warnings, [
      'openalex: key_missing (searched keyless)',
      'semantic_scholar: key_missing (searched keyless)',
      'configured providers returned no results',
    ]);
  });

  it('keeps the keyless-fallback warning when nothing else runs', async () => {
    const client = new FakeProviderClient().respondWith('pubmed', [aRecord('Keyless answer')]);
    const deps = searchDeps(client, { settings: { ...noProviderEnabled, pubmed: everyProviderReady.pubmed! }, secrets: FakeSecretStore.empty() });
    const outcome = await searchLiterature(searchArgs({ query: 'q' }), deps, recordingContext());
    assert.ok(outcome.ok);
    assert.equal(outcome.value.status, 'ok');
    assert.deepEqual(outcome.value.diagnostics.warnings, ['pubmed: key_missing (searched keyless)']);
    assert.deepEqual(client.requestTo('pubmed')?.credentials, {});
  });

  it('searches every provider keyless with an unavailable store, resolving nothing, each set key with a warning (docs/providers.md#access-tiers)', async () => {
    const client = new FakeProviderClient();
    const secrets = FakeSecretStore.unavailable();
    const outcome = await searchLiterature(searchArgs({ query: 'q' }), searchDeps(client, { secrets }), recordingContext());
    assert.deepEqual([...client.calledProviders()].sort(), ['arxiv', 'crossref', 'openalex', 'pubmed', 'semantic_scholar']);
    assert.ok(client.requests.every((request) => request.credentials.apiKey === undefined));
    assert.equal(secrets.resolveCount, 0);
    assert.ok(outcome.ok);
    assert.deepEqual(
      outcome.value.diagnostics.warnings.filter((warning) => warning.includes('searched keyless')),
      ['openalex', 'semantic_scholar', 'pubmed'].map((id) => `${id}: secret_store_unavailable (searched keyless)`),
    );
  });

  it('passes the trimmed query to every provider', async () => {
    const client = new FakeProviderClient();
    await searchLiterature(searchArgs({ query: '  治理 平台  ', providers: ['arxiv'] }), searchDeps(client), recordingContext());
    assert.equal(client.requestTo('arxiv')?.query, '治理 平台');
  });
});
