import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ProviderId, ProviderSettings } from '../../../src/ports/config-source.port.js';
import { assessReadiness, DEFAULT_SETTINGS, readyProviders, type Readiness } from '../../../src/domain/provider-readiness/provider-readiness.js';
import { settingsWith } from '../../fakes/config-source.fake.js';
import { secretReference } from '../../fakes/secret-store.fake.js';

const EMAIL = 'researcher@example.org';
const REF = secretReference(7);

interface Row {
  readonly provider: ProviderId;
  readonly settings: ProviderSettings;
  readonly storeAvailable: Readiness;
  readonly storeUnavailable: Readiness;
}

// docs/providers.md#providers-and-readiness: OpenAlex, Semantic Scholar and PubMed need an API key (a secret), Crossref a contact
// email (a public setting), arXiv nothing.
const TABLE: readonly Row[] = [
  ...(['openalex', 'semantic_scholar', 'pubmed'] as const).flatMap((provider): Row[] => [
    { provider, settings: { enabled: false }, storeAvailable: 'disabled', storeUnavailable: 'disabled' },
    { provider, settings: { enabled: false, apiKeyRef: REF }, storeAvailable: 'disabled', storeUnavailable: 'disabled' },
    { provider, settings: { enabled: true }, storeAvailable: 'needs_secret', storeUnavailable: 'secret_store_unavailable' },
    { provider, settings: { enabled: true, apiKeyRef: REF }, storeAvailable: 'ready', storeUnavailable: 'secret_store_unavailable' },
  ]),
  { provider: 'openalex', settings: { enabled: true, email: EMAIL }, storeAvailable: 'needs_secret', storeUnavailable: 'secret_store_unavailable' },
  { provider: 'crossref', settings: { enabled: false }, storeAvailable: 'disabled', storeUnavailable: 'disabled' },
  { provider: 'crossref', settings: { enabled: false, email: EMAIL }, storeAvailable: 'disabled', storeUnavailable: 'disabled' },
  { provider: 'crossref', settings: { enabled: true }, storeAvailable: 'needs_public_setting', storeUnavailable: 'needs_public_setting' },
  { provider: 'crossref', settings: { enabled: true, email: EMAIL }, storeAvailable: 'ready', storeUnavailable: 'ready' },
  { provider: 'arxiv', settings: { enabled: false }, storeAvailable: 'disabled', storeUnavailable: 'disabled' },
  { provider: 'arxiv', settings: { enabled: true }, storeAvailable: 'ready', storeUnavailable: 'ready' },
];

describe('provider readiness (docs/providers.md#providers-and-readiness)', () => {
  for (const row of TABLE) {
    const label = `${row.provider} ${JSON.stringify(row.settings).replace(REF, '<ref>')}`;
    it(`reports ${row.storeAvailable} with an available store and ${row.storeUnavailable} without one for ${label}`, () => {
      const settings = settingsWith({ [row.provider]: row.settings });
      assert.equal(assessReadiness(settings, true)[row.provider], row.storeAvailable);
      assert.equal(assessReadiness(settings, false)[row.provider], row.storeUnavailable);
    });
  }

  it('covers every readiness value in the table above (docs/providers.md#providers-and-readiness)', () => {
    const seen = new Set(TABLE.flatMap((row) => [row.storeAvailable, row.storeUnavailable]));
    assert.deepEqual([...seen].sort(), ['disabled', 'needs_public_setting', 'needs_secret', 'ready', 'secret_store_unavailable']);
  });

  it('enables only arXiv by default, so only arXiv is ready with or without a secret store (docs/providers.md#providers-and-readiness)', () => {
    for (const available of [true, false]) {
      assert.deepEqual(assessReadiness(DEFAULT_SETTINGS, available), {
        openalex: 'disabled',
        semantic_scholar: 'disabled',
        crossref: 'disabled',
        pubmed: 'disabled',
        arxiv: 'ready',
      });
    }
  });

  it('lets Lite search only arXiv and Crossref: key providers report secret_store_unavailable (docs/providers.md#providers-and-readiness)', () => {
    const everything = settingsWith({
      openalex: { enabled: true, email: EMAIL, apiKeyRef: REF },
      semantic_scholar: { enabled: true, apiKeyRef: REF },
      crossref: { enabled: true, email: EMAIL },
      pubmed: { enabled: true, apiKeyRef: REF },
      arxiv: { enabled: true },
    });
    const readiness = assessReadiness(everything, false);
    assert.deepEqual(readiness, {
      openalex: 'secret_store_unavailable',
      semantic_scholar: 'secret_store_unavailable',
      crossref: 'ready',
      pubmed: 'secret_store_unavailable',
      arxiv: 'ready',
    });
    assert.deepEqual(readyProviders(readiness), ['crossref', 'arxiv']);
  });

  it('lists ready providers in search order: openalex, semantic_scholar, crossref, pubmed, arxiv (docs/providers.md#providers-and-readiness)', () => {
    const everything = settingsWith({
      openalex: { enabled: true, apiKeyRef: REF },
      semantic_scholar: { enabled: true, apiKeyRef: REF },
      crossref: { enabled: true, email: EMAIL },
      pubmed: { enabled: true, apiKeyRef: REF },
    });
    assert.deepEqual(readyProviders(assessReadiness(everything, true)), ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv']);
    assert.deepEqual(readyProviders(assessReadiness(settingsWith({ arxiv: { enabled: false } }), true)), []);
  });
});
