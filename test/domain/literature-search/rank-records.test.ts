import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dedupeRecords, type ProviderBatch } from '../../../src/domain/literature-search/dedupe-records.js';
import { rankRecords } from '../../../src/domain/literature-search/rank-records.js';
import { aRecord } from './search-harness.js';

const rankedTitles = (batches: ProviderBatch[], query: string) => rankRecords(dedupeRecords(batches), query).map((record) => record.fields.title);

describe('relevance order (docs/providers.md#how-a-search-runs step 6)', () => {
  it('puts an exact normalised-title match first', () => {
    const order = rankedTitles(
      [{ provider: 'openalex', records: [aRecord('Graph neural networks for molecules'), aRecord('GRAPH Neural-Networks!')] }],
      'graph neural networks',
    );
    assert.deepEqual(order, ['GRAPH Neural-Networks!', 'Graph neural networks for molecules']);
  });

  it('then orders by the share of query words found in the title', () => {
    const order = rankedTitles(
      [{ provider: 'openalex', records: [aRecord('Unrelated work'), aRecord('Neural methods'), aRecord('Neural graph methods')] }],
      'graph neural networks',
    );
    assert.deepEqual(order, ['Neural graph methods', 'Neural methods', 'Unrelated work']);
  });

  it('counts a repeated query word once', () => {
    const order = rankedTitles([{ provider: 'openalex', records: [aRecord('Graph graph graph'), aRecord('Graph neural')] }], 'graph graph neural');
    assert.deepEqual(order, ['Graph neural', 'Graph graph graph']);
  });

  it('then by the number of providers that returned the record', () => {
    const order = rankedTitles(
      [
        { provider: 'openalex', records: [aRecord('Alpha study', { doi: '10.1/a' }), aRecord('Beta study', { doi: '10.1/b' })] },
        { provider: 'crossref', records: [aRecord('Beta study', { doi: '10.1/B' })] },
      ],
      'study',
    );
    assert.deepEqual(order, ['Beta study', 'Alpha study']);
  });

  it('then keeps first-seen order (search order, then provider order)', () => {
    const order = rankedTitles(
      [
        { provider: 'arxiv', records: [aRecord('Zeta study')] },
        { provider: 'openalex', records: [aRecord('Omega study'), aRecord('Alpha study')] },
      ],
      'study',
    );
    assert.deepEqual(order, ['Omega study', 'Alpha study', 'Zeta study']);
  });

  it('matches words of any script and never treats a query without letters or digits as an exact match', () => {
    const cjk = rankedTitles([{ provider: 'crossref', records: [aRecord('其他 研究'), aRecord('治理 平台：证据')] }], '治理平台证据');
    assert.deepEqual(cjk, ['治理 平台：证据', '其他 研究']);
    const punctuation = rankedTitles([{ provider: 'crossref', records: [aRecord('A'), aRecord('?!')] }], '?!');
    assert.deepEqual(punctuation, ['A', '?!']);
  });

  it('is deterministic for the same input', () => {
    const batches: ProviderBatch[] = [{ provider: 'openalex', records: Array.from({ length: 50 }, (_, i) => aRecord(`paper ${i % 7} about ${i % 3}`)) }];
    assert.deepEqual(rankedTitles(batches, 'paper about 2'), rankedTitles(batches, 'paper about 2'));
  });
});
