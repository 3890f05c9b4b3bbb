import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ProviderId, ProviderSettings } from '../../../src/ports/config-source.port.js';
import {
  ACCESS_TIERS,
  accessFrom,
  assessAccess,
  assessReadiness,
  DEFAULT_SETTINGS,
  readyProviders,
  type ProviderAccess,
} from '../../../src/domain/provider-readiness/provider-readiness.js';
import { settingsWith } from '../../fakes/config-source.fake.js';
import { secretReference } from '../../fakes/secret-store.fake.js';

const EMAIL = 'researcher@example.org';
const REF = secretReference(7);

interface Row {
  readonly provider: ProviderId;
  readonly settings: ProviderSettings;
  readonly storeAvailable: ProviderAccess;
  readonly storeUnavailable: ProviderAccess;
}

// docs/providers.md#access-tiers: OpenAlex, Semantic Scholar and PubMed take an API key (keyed when a
// reference is set), Crossref an email (not a key: always keyless), arXiv nothing. Disabled or not,
// the access is what the provider would get.
const TABLE: readonly Row[] = [
  ...(['openalex', 'semantic_scholar', 'pubmed'] as const).flatMap((provider): Row[] => [
    { provider, settings: { enabled: true }, storeAvailable: 'keyless', storeUnavailable: 'keyless' },
    { provider, settings: { enabled: false, apiKeyRef: REF }, storeAvailable: 'keyed', storeUnavailable: 'secret_store_unavailable' },
    { provider, settings: { enabled: true, apiKeyRef: REF }, storeAvailable: 'keyed', storeUnavailable: 'secret_store_unavailable' },
  ]),
  { provider: 'openalex', settings: { enabled: true, email: EMAIL }, storeAvailable: 'keyless', storeUnavailable: 'keyless' },
  { provider: 'crossref', settings: { enabled: true }, storeAvailable: 'keyless', storeUnavailable: 'keyless' },
  { provider: 'crossref', settings: { enabled: true, email: EMAIL }, storeAvailable: 'keyless', storeUnavailable: 'keyless' },
  { provider: 'arxiv', settings: { enabled: true }, storeAvailable: 'keyless', storeUnavailable: 'keyless' },
];

describe('provider access and readiness (docs/providers.md#access-tiers)', () => {
  for (const row of TABLE) {
    const label = `${row.provider} ${JSON.stringify(row.settings).replace(REF, '<ref>')}`;
    it(`reports ${row.storeAvailable} with an available store and ${row.storeUnavailable} without one for ${label}`, () => {
      const settings = settingsWith({ [row.provider]: row.settings });
      assert.equal(assessAccess(settings, true)[row.provider], row.storeAvailable);
      assert.equal(assessAccess(settings, false)[row.provider], row.storeUnavailable);
      const readiness = row.settings.enabled ? 'ready' : 'disabled';
      assert.equal(assessReadiness(settings, true)[row.provider], readiness, 'every provider serves keyless requests: enabled is ready');
      assert.equal(assessReadiness(settings, false)[row.provider], readiness);
    });
  }

  it('calls a provider that needs a key key_missing without one, and keeps it from being searched (docs/providers.md#access-tiers)', () => {
    const keyOnly = { keyless: false, settings: ['api_key'] } as const;
    assert.equal(accessFrom(keyOnly, { enabled: true }, true), 'key_missing');
    assert.equal(accessFrom(keyOnly, { enabled: true, apiKeyRef: REF }, true), 'keyed');
    assert.equal(accessFrom(keyOnly, { enabled: true, apiKeyRef: REF }, false), 'secret_store_unavailable');
    const seen = new Set([...TABLE.flatMap((row) => [row.storeAvailable, row.storeUnavailable]), accessFrom(keyOnly, { enabled: true }, true)]);
    assert.deepEqual([...seen].sort(), [...ACCESS_TIERS].sort());
  });

  it('enables every provider by default, each keyless and ready, with or without a secret store (docs/providers.md#providers-and-readiness)', () => {
    for (const available of [true, false]) {
      assert.deepEqual(readyProviders(assessReadiness(DEFAULT_SETTINGS, available)), ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv']);
      assert.deepEqual(Object.values(assessAccess(DEFAULT_SETTINGS, available)), ['keyless', 'keyless', 'keyless', 'keyless', 'keyless']);
    }
    for (const id of ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'] as const)
      assert.deepEqual(DEFAULT_SETTINGS.providers[id], { enabled: true });
  });

  it('keeps a disabled provider out of the ready list, in search order (docs/providers.md#providers-and-readiness)', () => {
    const settings = settingsWith({ semantic_scholar: { enabled: false, apiKeyRef: REF }, arxiv: { enabled: false } });
    assert.deepEqual(readyProviders(assessReadiness(settings, true)), ['openalex', 'crossref', 'pubmed']);
  });
});
