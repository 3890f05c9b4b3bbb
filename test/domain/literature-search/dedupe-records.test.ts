import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dedupeRecords } from '../../../src/domain/literature-search/dedupe-records.js';
import { compactText, dedupeKey, normaliseDoi, textKey } from '../../../src/domain/literature-search/record-keys.js';
import { toLiteratureRecord } from '../../../src/domain/literature-search/rank-records.js';
import type { ProviderRecord } from '../../../src/ports/provider-client.port.js';
import { aRecord } from './search-harness.js';

const titles = (records: ReturnType<typeof dedupeRecords>) => records.map((record) => record.fields.title);

describe('DOI normalisation (docs/providers.md#how-a-search-runs step 5)', () => {
  it('trims, lowercases and strips one leading doi.org or doi: prefix', () => {
    assert.equal(normaliseDoi('  https://doi.org/10.1000/ABC  '), '10.1000/abc');
    assert.equal(normaliseDoi('http://doi.org/10.1000/abc'), '10.1000/abc');
    assert.equal(normaliseDoi('DOI:10.1000/abc'), '10.1000/abc');
    assert.equal(normaliseDoi('10.1000/abc'), '10.1000/abc');
    assert.equal(normaliseDoi('doi:https://doi.org/10.1/x'), 'https://doi.org/10.1/x');
  });

  it('treats an empty DOI as absent', () => {
    assert.equal(normaliseDoi('   '), undefined);
    assert.equal(normaliseDoi('https://doi.org/'), undefined);
    assert.equal(normaliseDoi(undefined), undefined);
  });
});

describe('dedupe keys (docs/providers.md#how-a-search-runs step 5)', () => {
  it('keeps only lowercased Unicode letters and digits of a title', () => {
    assert.equal(compactText('治理 平台：证据'), '治理平台证据');
    assert.equal(compactText('Deep-Learning, 2nd Édition!'), 'deeplearning2ndédition');
  });

  it('normalises a title to NFKC before lowercasing it', () => {
    assert.equal(compactText('Cafe\u0301'), compactText('Café'));
    assert.equal(compactText('ﬁle ＡＢＣ ①'), 'fileabc1');
  });

  it('keys by DOI first, then by title and year, else never merges', () => {
    const key = (title: string) => () => textKey(title);
    assert.equal(dedupeKey('10.1/x', key('T'), 2020), 'doi:10.1/x');
    assert.equal(dedupeKey(undefined, key('A Title'), 2020), 'title:atitle:2020');
    assert.equal(dedupeKey(undefined, key('A Title'), undefined), undefined);
    assert.equal(dedupeKey(undefined, key('— ?'), 2020), undefined);
  });
});

describe('dedupe and merge (docs/providers.md#how-a-search-runs step 5, docs/providers.md#the-literature-record)', () => {
  it('merges records with the same DOI across providers, first wins, providers in search order', () => {
    const merged = dedupeRecords([
      { provider: 'arxiv', records: [aRecord('Preprint title', { doi: 'doi:10.5/X', record_type: 'preprint', identifiers: { arxiv: '2401.1' } })] },
      { provider: 'openalex', records: [aRecord('Journal title', { doi: 'https://doi.org/10.5/x', venue: 'J', identifiers: { openalex: 'W1' } })] },
    ]);
    assert.equal(merged.length, 1);
    assert.deepEqual(toLiteratureRecord(merged[0]!), {
      title: 'Journal title',
      provider: 'openalex',
      providers: ['openalex', 'arxiv'],
      doi: '10.5/x',
      venue: 'J',
      identifiers: { openalex: 'W1', arxiv: '2401.1' },
      record_type: 'preprint',
    });
  });

  it('merges titles that differ only in spaces and punctuation when the years match', () => {
    const merged = dedupeRecords([
      { provider: 'openalex', records: [aRecord('治理 平台：证据', { year: 2025 }), aRecord('治理 平台：证据', { year: 2024 })] },
      { provider: 'crossref', records: [aRecord('治理平台 证据', { year: 2025, venue: '期刊' })] },
    ]);
    assert.deepEqual(
      merged.map((record) => toLiteratureRecord(record)),
      [
        { title: '治理 平台：证据', provider: 'openalex', providers: ['openalex', 'crossref'], year: 2025, venue: '期刊' },
        { title: '治理 平台：证据', provider: 'openalex', providers: ['openalex'], year: 2024 },
      ],
    );
  });

  it('merges Café written precomposed and with a combining accent (same year, no DOI): keys ignore the normalisation form', () => {
    const merged = dedupeRecords([
      { provider: 'openalex', records: [aRecord('Café society', { year: 2021 })] },
      { provider: 'crossref', records: [aRecord('Cafe\u0301 Society', { year: 2021, venue: 'J' })] },
      { provider: 'arxiv', records: [aRecord('ＣＡＦÉ ｓｏｃｉｅｔｙ', { year: 2021 })] },
    ]);
    assert.deepEqual(
      merged.map((record) => toLiteratureRecord(record)),
      [{ title: 'Café society', provider: 'openalex', providers: ['openalex', 'crossref', 'arxiv'], year: 2021, venue: 'J' }],
    );
  });

  it('drops a year outside 1000–9999 from a provider record, so it neither shows nor keys a merge', () => {
    const merged = dedupeRecords([
      { provider: 'openalex', records: [aRecord('Same title', { year: -5 }), aRecord('Other', { year: 12345 })] },
      { provider: 'crossref', records: [aRecord('Same title', { year: -5 })] },
    ]);
    assert.deepEqual(
      merged.map((record) => toLiteratureRecord(record)),
      [
        { title: 'Same title', provider: 'openalex', providers: ['openalex'] },
        { title: 'Other', provider: 'openalex', providers: ['openalex'] },
        { title: 'Same title', provider: 'crossref', providers: ['crossref'] },
      ],
    );
  });

  it('never merges a record keyed by DOI with one keyed by title', () => {
    const merged = dedupeRecords([
      { provider: 'openalex', records: [aRecord('Same', { year: 2020, doi: '10.1/a' })] },
      { provider: 'crossref', records: [aRecord('Same', { year: 2020 })] },
    ]);
    assert.equal(merged.length, 2);
  });

  it('never merges records without a DOI and without a year', () => {
    const merged = dedupeRecords([{ provider: 'openalex', records: [aRecord('Same'), aRecord('Same')] }]);
    assert.equal(merged.length, 2);
  });

  it('lists a provider once even when it returned the same work twice', () => {
    const merged = dedupeRecords([{ provider: 'crossref', records: [aRecord('A', { doi: '10.1/a' }), aRecord('B', { doi: '10.1/A' })] }]);
    assert.deepEqual(
      merged.map((record) => record.providers),
      [['crossref']],
    );
    assert.deepEqual(titles(merged), ['A']);
  });

  it('reads batches in search order whatever order they arrive in', () => {
    const merged = dedupeRecords([
      { provider: 'semantic_scholar', records: [aRecord('From S2', { doi: '10.9/z' })] },
      { provider: 'openalex', records: [aRecord('From OpenAlex', { doi: '10.9/z' })] },
    ]);
    assert.deepEqual(titles(merged), ['From OpenAlex']);
    assert.deepEqual(merged[0]?.providers, ['openalex', 'semantic_scholar']);
  });

  it('collapses title whitespace, skips untitled records and drops blank or ill-typed values', () => {
    const messy = {
      title: '  Deep \n\t learning  ',
      doi: ' ',
      year: 2020.5,
      venue: '  ',
      url: ' https://example.org/x ',
      authors: [{ family: ' Curie ', given: ' ' }, { literal: '' }, { literal: 'WHO' }],
      identifiers: { pmid: ' ', arxiv: '1' },
      record_type: 'novel',
      extra: 'not copied',
    } as unknown as ProviderRecord;
    const merged = dedupeRecords([{ provider: 'pubmed', records: [aRecord('   '), messy, aRecord('\n')] }]);
    assert.deepEqual(
      merged.map((record) => toLiteratureRecord(record)),
      [
        {
          title: 'Deep learning',
          provider: 'pubmed',
          providers: ['pubmed'],
          authors: [{ family: 'Curie' }, { literal: 'WHO' }],
          url: 'https://example.org/x',
          identifiers: { arxiv: '1' },
        },
      ],
    );
  });

  it('keeps every widened record type, the first source that states one winning and a source that states none leaving it to the next (issue 28, item 3)', () => {
    const merged = dedupeRecords([
      {
        provider: 'openalex',
        records: [aRecord('Untyped at OpenAlex', { doi: '10.1/a' }), aRecord('Typed at OpenAlex', { doi: '10.1/b', record_type: 'thesis' })],
      },
      {
        provider: 'crossref',
        records: [aRecord('A', { doi: '10.1/a', record_type: 'conference_paper' }), aRecord('B', { doi: '10.1/b', record_type: 'other' })],
      },
      { provider: 'pubmed', records: [aRecord('A', { doi: '10.1/a', record_type: 'review' })] },
    ]);
    assert.deepEqual(
      merged.map((record) => toLiteratureRecord(record).record_type),
      ['conference_paper', 'thesis'],
    );
  });

  it('fills missing fields from later duplicates without overwriting present ones', () => {
    const merged = dedupeRecords([
      { provider: 'openalex', records: [aRecord('T', { doi: '10.1/t', year: 2021, authors: [{ literal: 'First' }] })] },
      { provider: 'pubmed', records: [aRecord('T2', { doi: '10.1/T', year: 1999, url: 'u', authors: [{ literal: 'Other' }], identifiers: { pmid: '42' } })] },
    ]);
    assert.deepEqual(toLiteratureRecord(merged[0]!), {
      title: 'T',
      provider: 'openalex',
      providers: ['openalex', 'pubmed'],
      doi: '10.1/t',
      year: 2021,
      authors: [{ literal: 'First' }],
      url: 'u',
      identifiers: { pmid: '42' },
    });
  });
});
