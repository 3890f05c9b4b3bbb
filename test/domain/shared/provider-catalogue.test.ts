import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PROVIDER_IDS } from '../../../src/ports/config-source.port.js';
import { PLAN_ORDER, PROVIDER_CATALOGUE, SEARCH_ORDER, UPGRADE_SETTINGS } from '../../../src/domain/shared/provider-catalogue.js';

describe('the provider catalogue (docs/providers.md#providers-and-readiness)', () => {
  it('holds one row per provider id, in search order', () => {
    assert.deepEqual(Object.keys(PROVIDER_CATALOGUE), [...PROVIDER_IDS]);
    assert.deepEqual(SEARCH_ORDER, PROVIDER_IDS);
  });

  it('plans in an order of its own that names every provider once', () => {
    assert.deepEqual([...PLAN_ORDER].sort(), [...PROVIDER_IDS].sort());
    assert.notDeepEqual(PLAN_ORDER, SEARCH_ORDER);
  });

  it('makes every upgrading setting one the provider has, and lists them in search order', () => {
    assert.deepEqual(UPGRADE_SETTINGS, ['openalex.api_key', 'semantic_scholar.api_key', 'crossref.email', 'pubmed.api_key']);
    for (const [id, facts] of Object.entries(PROVIDER_CATALOGUE))
      if (facts.upgrade !== 'none') assert.ok((facts.settings as readonly string[]).includes(facts.upgrade), id);
  });

  it('serves every provider keyless (docs/providers.md#access-tiers)', () => {
    for (const [id, facts] of Object.entries(PROVIDER_CATALOGUE)) assert.equal(facts.keyless, true, id);
  });

  it('caps OpenAlex and Semantic Scholar at 100 records a search, the others at 200 (their page sizes)', () => {
    const limits = Object.fromEntries(Object.entries(PROVIDER_CATALOGUE).map(([id, facts]) => [id, facts.maxPerProviderLimit]));
    assert.deepEqual(limits, { openalex: 100, semantic_scholar: 100, crossref: 200, pubmed: 200, arxiv: 200 });
  });
});
