import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ProviderId, ProviderSettings } from '../../../src/ports/config-source.port.js';
import {
  ACCESS_TIERS,
  accessFrom,
  assessAccess,
  assessReadiness,
  checkKeys,
  DEFAULT_SETTINGS,
  type KeyPresence,
  readyProviders,
  type ProviderAccess,
} from '../../../src/domain/provider-readiness/provider-readiness.js';
import { settingsWith } from '../../fakes/config-source.fake.js';
import { FakeSecretStore, secretReference } from '../../fakes/secret-store.fake.js';

const EMAIL = 'researcher@example.org';
const REF = secretReference(7);

interface Row {
  readonly provider: ProviderId;
  readonly settings: ProviderSettings;
  /** The access when the store holds the key, lacks it, and when no store answers. */
  readonly held: ProviderAccess;
  readonly lacking: ProviderAccess;
  readonly noStore: ProviderAccess;
}

/** The three stores a status may meet: holding REF, holding nothing, unreachable. */
const STORES = {
  held: () => FakeSecretStore.withSecrets({ [REF]: 'the-key' }),
  lacking: () => FakeSecretStore.empty(),
  noStore: () => FakeSecretStore.unavailable(),
} as const;

// docs/providers.md#access-tiers: OpenAlex, Semantic Scholar and PubMed take an API key (keyed when
// the store holds the referenced key, key_missing when it does not: issue 24 row 7), Crossref an
// email (not a key: always keyless), arXiv nothing. Disabled or not, the access is what the
// provider would get.
const TABLE: readonly Row[] = [
  ...(['openalex', 'semantic_scholar', 'pubmed'] as const).flatMap((provider): Row[] => [
    { provider, settings: { enabled: true }, held: 'keyless', lacking: 'keyless', noStore: 'keyless' },
    { provider, settings: { enabled: false, apiKeyRef: REF }, held: 'keyed', lacking: 'key_missing', noStore: 'secret_store_unavailable' },
    { provider, settings: { enabled: true, apiKeyRef: REF }, held: 'keyed', lacking: 'key_missing', noStore: 'secret_store_unavailable' },
  ]),
  { provider: 'openalex', settings: { enabled: true, email: EMAIL }, held: 'keyless', lacking: 'keyless', noStore: 'keyless' },
  { provider: 'crossref', settings: { enabled: true }, held: 'keyless', lacking: 'keyless', noStore: 'keyless' },
  { provider: 'crossref', settings: { enabled: true, email: EMAIL }, held: 'keyless', lacking: 'keyless', noStore: 'keyless' },
  { provider: 'arxiv', settings: { enabled: true }, held: 'keyless', lacking: 'keyless', noStore: 'keyless' },
];

describe('provider access and readiness (docs/providers.md#access-tiers)', () => {
  for (const row of TABLE) {
    const label = `${row.provider} ${JSON.stringify(row.settings).replace(REF, '<ref>')}`;
    it(`reports ${row.held} / ${row.lacking} / ${row.noStore} for a store holding the key / lacking it / unreachable, for ${label}`, async () => {
      const settings = settingsWith({ [row.provider]: row.settings });
      for (const store of ['held', 'lacking', 'noStore'] as const) {
        const keys = await checkKeys(settings, STORES[store]());
        assert.equal(assessAccess(settings, keys)[row.provider], row[store], store);
      }
      const readiness = row.settings.enabled ? 'ready' : 'disabled';
      assert.equal(assessReadiness(settings, true)[row.provider], readiness, 'every provider serves keyless requests: enabled is ready');
      assert.equal(assessReadiness(settings, false)[row.provider], readiness);
    });
  }

  it('asks the store only of the references the settings name, without resolving any (issue 24, row 7)', async () => {
    const store = FakeSecretStore.withSecrets({ [REF]: 'the-key' });
    const other = secretReference(8);
    const settings = settingsWith({
      openalex: { enabled: true, apiKeyRef: REF },
      pubmed: { enabled: false, apiKeyRef: other },
      crossref: { enabled: true, email: EMAIL },
    });
    assert.deepEqual(await checkKeys(settings, store), { openalex: 'present', pubmed: 'missing' });
    assert.deepEqual(store.checkedReferences, [REF, other]);
    assert.equal(store.resolveCount, 0);
    const throwing = { presence: () => Promise.reject(new Error('broken adapter')) };
    assert.deepEqual(await checkKeys(settings, throwing), { openalex: 'unavailable', pubmed: 'unavailable' });
  });

  it('calls a provider that needs a key key_missing without one, and keeps it from being searched (docs/providers.md#access-tiers)', () => {
    const keyOnly = { keyless: false, settings: ['api_key'] } as const;
    assert.equal(accessFrom(keyOnly, { enabled: true }, undefined), 'key_missing');
    assert.equal(accessFrom(keyOnly, { enabled: true, apiKeyRef: REF }, 'present'), 'keyed');
    assert.equal(accessFrom(keyOnly, { enabled: true, apiKeyRef: REF }, 'missing'), 'key_missing');
    assert.equal(accessFrom(keyOnly, { enabled: true, apiKeyRef: REF }, 'unavailable'), 'secret_store_unavailable');
    assert.equal(accessFrom(keyOnly, { enabled: true, apiKeyRef: REF }, undefined), 'secret_store_unavailable', 'not asked counts as no store');
    const seen = new Set(TABLE.flatMap((row) => [row.held, row.lacking, row.noStore]));
    assert.deepEqual([...seen].sort(), [...ACCESS_TIERS].sort());
  });

  it('enables every provider by default, each keyless and ready, with or without a secret store (docs/providers.md#providers-and-readiness)', () => {
    for (const available of [true, false]) {
      assert.deepEqual(readyProviders(assessReadiness(DEFAULT_SETTINGS, available)), ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv']);
      const keys: KeyPresence = available ? {} : { openalex: 'unavailable' };
      assert.deepEqual(Object.values(assessAccess(DEFAULT_SETTINGS, keys)), ['keyless', 'keyless', 'keyless', 'keyless', 'keyless']);
    }
    for (const id of ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'] as const)
      assert.deepEqual(DEFAULT_SETTINGS.providers[id], { enabled: true });
  });

  it('keeps a disabled provider out of the ready list, in search order (docs/providers.md#providers-and-readiness)', () => {
    const settings = settingsWith({ semantic_scholar: { enabled: false, apiKeyRef: REF }, arxiv: { enabled: false } });
    assert.deepEqual(readyProviders(assessReadiness(settings, true)), ['openalex', 'crossref', 'pubmed']);
  });
});
