import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PROVIDER_IDS } from '../../../src/ports/config-source.port.js';
import { PLAN_ORDER, PROVIDER_CATALOGUE, REQUIRED_SETTINGS, SEARCH_ORDER } from '../../../src/domain/shared/provider-catalogue.js';

describe('the provider catalogue (docs/providers.md#providers-and-readiness)', () => {
  it('holds one row per provider id, in search order', () => {
    assert.deepEqual(Object.keys(PROVIDER_CATALOGUE), [...PROVIDER_IDS]);
    assert.deepEqual(SEARCH_ORDER, PROVIDER_IDS);
  });

  it('plans in an order of its own that names every provider once', () => {
    assert.deepEqual([...PLAN_ORDER].sort(), [...PROVIDER_IDS].sort());
    assert.notDeepEqual(PLAN_ORDER, SEARCH_ORDER);
  });

  it('makes every required setting one the provider has, and lists them in search order', () => {
    assert.deepEqual(REQUIRED_SETTINGS, ['openalex.api_key', 'semantic_scholar.api_key', 'crossref.email', 'pubmed.api_key']);
    for (const [id, facts] of Object.entries(PROVIDER_CATALOGUE))
      if (facts.requires !== 'none') assert.ok((facts.settings as readonly string[]).includes(facts.requires), id);
  });

  it('enables only arXiv by default: the one provider that needs nothing', () => {
    for (const [id, facts] of Object.entries(PROVIDER_CATALOGUE)) assert.equal(facts.enabledByDefault, facts.requires === 'none', id);
  });
});
