import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cleanAbstract, MAX_ABSTRACT_CHARACTERS } from '../../../src/domain/literature-search/abstract-text.js';
import { cleanProviderRecord, isOpenAccessUrl } from '../../../src/domain/literature-search/clean-provider-record.js';
import { mergeSearchResults } from '../../../src/domain/literature-search/merge-search-results.js';
import { literatureRecordSchema } from '../../../src/domain/shared/literature-record.js';
import type { ProviderRecord } from '../../../src/ports/provider-client.port.js';
import { aRecord } from './search-harness.js';

const codePoints = (text: string) => [...text].length;

describe('abstracts (docs/providers.md#the-literature-record)', () => {
  it('collapses whitespace and control characters to single spaces and trims', () => {
    assert.equal(cleanAbstract('  Background:\n\tWe  study\u2028governance.\u0000 '), 'Background: We study governance.');
    assert.equal(cleanAbstract(' \n\t '), undefined);
  });

  it('replaces a lone surrogate with U+FFFD and keeps a surrogate pair', () => {
    assert.equal(cleanAbstract('a\uD800b 𝔸'), 'a\uFFFDb 𝔸');
  });

  it('keeps 2,000 characters as they are and cuts a longer text to 1,999 and an ellipsis', () => {
    const exact = 'x'.repeat(MAX_ABSTRACT_CHARACTERS);
    assert.equal(cleanAbstract(exact), exact);
    const cut = cleanAbstract('y'.repeat(MAX_ABSTRACT_CHARACTERS + 1))!;
    assert.equal(codePoints(cut), MAX_ABSTRACT_CHARACTERS);
    assert.ok(cut.endsWith('y…'));
  });

  it('counts characters as code points: 2,000 astral characters stay whole, 2,001 are cut without splitting a pair', () => {
    const exact = '𝔸'.repeat(MAX_ABSTRACT_CHARACTERS);
    assert.equal(cleanAbstract(exact), exact);
    const cut = cleanAbstract('𝔸'.repeat(MAX_ABSTRACT_CHARACTERS + 1))!;
    assert.equal(codePoints(cut), MAX_ABSTRACT_CHARACTERS);
    assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cut), 'no lone high surrogate');
    assert.ok(cut.endsWith('𝔸…'));
  });

  it('does not end a cut abstract with a space before the ellipsis', () => {
    const cut = cleanAbstract(`${'z'.repeat(MAX_ABSTRACT_CHARACTERS - 2)} and more words`)!;
    assert.ok(cut.endsWith('z…'), cut.slice(-5));
  });
});

describe('cleaning the steering fields of a provider record', () => {
  const clean = (fields: Partial<ProviderRecord>, includeAbstracts = true) => cleanProviderRecord(aRecord('T', fields), { includeAbstracts });

  it('keeps an abstract only when the search asked for abstracts', () => {
    assert.equal(clean({ abstract: 'An abstract.' }, false)?.abstract, undefined);
    assert.equal(clean({ abstract: 'An abstract.' })?.abstract, 'An abstract.');
    assert.equal(cleanProviderRecord(aRecord('T', { abstract: 'An abstract.' }))?.abstract, undefined, 'off by default');
    assert.equal(clean({ abstract: '   ' })?.abstract, undefined);
  });

  it('keeps cited_by_count only as a non-negative safe integer, zero included', () => {
    assert.equal(clean({ cited_by_count: 0 })?.cited_by_count, 0);
    assert.equal(clean({ cited_by_count: 12 })?.cited_by_count, 12);
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53, '12' as unknown as number, null as unknown as number]) {
      assert.equal(clean({ cited_by_count: bad })?.cited_by_count, undefined, String(bad));
    }
  });

  it('keeps only https open-access links without credentials, whitespace or control characters', () => {
    assert.equal(clean({ open_access_url: ' https://arxiv.org/pdf/1706.03762 ' })?.open_access_url, 'https://arxiv.org/pdf/1706.03762');
    for (const bad of [
      'http://example.org/paper.pdf',
      'ftp://example.org/paper.pdf',
      'javascript:alert(1)',
      'https://user:secret@example.org/paper.pdf',
      'https://example.org/a b.pdf',
      'https://example.org/a\nb.pdf',
      '//example.org/paper.pdf',
      'not a url',
      // WHATWG and RFC 3986 parsers disagree on these (issue 19, row 8).
      'https://pmc.ncbi.nlm.nih.gov\\@evil.example/articles/PMC1/',
      'https://pmc.ncbi.nlm.nih.gov\\articles\\PMC1/',
      'https://evil.example@pmc.ncbi.nlm.nih.gov/articles/PMC1/',
      'https://@pmc.ncbi.nlm.nih.gov/',
      'https://0x7f.1/paper.pdf',
      'https://%65vil.example/paper.pdf',
      'https://[::1]/paper.pdf',
      'https://example.org:99999/paper.pdf',
    ]) {
      assert.equal(isOpenAccessUrl(bad), false, bad);
      assert.equal(clean({ open_access_url: bad })?.open_access_url, undefined, bad);
    }
  });

  it('keeps the real open-access links of every provider, a port and a query included (issue 19, row 8)', () => {
    for (const good of [
      'https://arxiv.org/pdf/1706.03762',
      'https://pmc.ncbi.nlm.nih.gov/articles/PMC5834432/',
      'https://www.mdpi.com/1420-3049/28/1/123/pdf?version=1672',
      'https://Example.ORG:8443/a@b/paper.pdf#page=2',
      'https://example.org:443/paper.pdf',
      'https://example.org',
    ]) {
      assert.equal(isOpenAccessUrl(good), true, good);
    }
  });

  it('keeps retracted only as true, never false', () => {
    assert.equal(clean({ retracted: true })?.retracted, true);
    assert.ok(!('retracted' in clean({ retracted: false as unknown as true })!));
    assert.ok(!('retracted' in clean({ retracted: 'yes' as unknown as true })!));
  });
});

describe('merging the steering fields across providers (docs/providers.md#the-literature-record)', () => {
  const same = (fields: Partial<ProviderRecord>) => aRecord('A shared work', { doi: '10.1/shared', ...fields });

  it('takes the first non-empty abstract and open-access link in search order, the largest count, and any retraction', () => {
    const [record] = mergeSearchResults(
      [
        { provider: 'arxiv', records: [same({ abstract: 'From arXiv.', open_access_url: 'https://arxiv.org/pdf/1', cited_by_count: 3 })] },
        { provider: 'crossref', records: [same({ abstract: 'From Crossref.', cited_by_count: 40, retracted: true })] },
        { provider: 'openalex', records: [same({ abstract: ' ', open_access_url: 'http://insecure.example/x', cited_by_count: 7 })] },
        { provider: 'semantic_scholar', records: [same({ abstract: 'From Semantic Scholar.', open_access_url: 'https://s2.example/pdf' })] },
      ],
      'shared work',
      10,
      { includeAbstracts: true },
    );
    assert.deepEqual(record, {
      title: 'A shared work',
      provider: 'openalex',
      providers: ['openalex', 'semantic_scholar', 'crossref', 'arxiv'],
      doi: '10.1/shared',
      abstract: 'From Semantic Scholar.',
      cited_by_count: 40,
      open_access_url: 'https://s2.example/pdf',
      retracted: true,
    });
  });

  it('keeps a count of zero when no provider reports more', () => {
    const [record] = mergeSearchResults(
      [
        { provider: 'openalex', records: [same({ cited_by_count: 0 })] },
        { provider: 'crossref', records: [same({})] },
      ],
      'q',
      10,
    );
    assert.equal(record?.cited_by_count, 0);
  });

  it('places the new fields after the old ones and passes the record schema', () => {
    const [record] = mergeSearchResults(
      [{ provider: 'crossref', records: [same({ year: 2020, abstract: 'x', cited_by_count: 1, open_access_url: 'https://e.org/x', retracted: true })] }],
      'q',
      10,
      { includeAbstracts: true },
    );
    assert.deepEqual(Object.keys(record!), ['title', 'provider', 'providers', 'doi', 'year', 'abstract', 'cited_by_count', 'open_access_url', 'retracted']);
    literatureRecordSchema().parse(record);
  });

  it('returns exactly the old records plus the always-on fields when no option is given', () => {
    const batches = [
      { provider: 'openalex' as const, records: [aRecord('Plain', { year: 2020, abstract: 'dropped', cited_by_count: 5 })] },
      { provider: 'arxiv' as const, records: [aRecord('Other', { year: 2021, open_access_url: 'https://arxiv.org/pdf/2' })] },
    ];
    assert.deepEqual(mergeSearchResults(batches, 'plain', 10), [
      { title: 'Plain', provider: 'openalex', providers: ['openalex'], year: 2020, cited_by_count: 5 },
      { title: 'Other', provider: 'arxiv', providers: ['arxiv'], year: 2021, open_access_url: 'https://arxiv.org/pdf/2' },
    ]);
  });
});

describe('result orders (docs/tools.md#7-qiongli_literature_search)', () => {
  // Relevance: the exact title first, then by words matched; the sort keys are chosen against it.
  const batches = [
    {
      provider: 'crossref' as const,
      records: [
        aRecord('Open science', { year: 2010, cited_by_count: 5 }),
        aRecord('Open science policy', { year: 2020 }),
        aRecord('Open data science', { cited_by_count: 50 }),
        aRecord('Open science retracted', { year: 2022, cited_by_count: 5, retracted: true }),
        aRecord('Science', { year: 2020, cited_by_count: 900 }),
      ],
    },
  ];
  const order = (sort: 'relevance' | 'newest' | 'most_cited', totalLimit = 10) =>
    mergeSearchResults(batches, 'open science', totalLimit, { sort }).map((record) => record.title);

  it('keeps the relevance order by default and for relevance', () => {
    const relevance = ['Open science', 'Open science policy', 'Open data science', 'Open science retracted', 'Science'];
    assert.deepEqual(
      mergeSearchResults(batches, 'open science', 10).map((record) => record.title),
      relevance,
    );
    assert.deepEqual(order('relevance'), relevance);
  });

  it('newest: year descending, unknown years last, ties in relevance order; a retracted record keeps its place', () => {
    assert.deepEqual(order('newest'), ['Open science retracted', 'Open science policy', 'Science', 'Open science', 'Open data science']);
  });

  it('most_cited: count descending, unknown counts last, ties in relevance order', () => {
    assert.deepEqual(order('most_cited'), ['Science', 'Open data science', 'Open science', 'Open science retracted', 'Open science policy']);
  });

  it('sorts before cutting to total_limit', () => {
    assert.deepEqual(order('most_cited', 2), ['Science', 'Open data science']);
    assert.deepEqual(order('newest', 1), ['Open science retracted']);
  });
});
