import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildPubMedSearchRequest, buildPubMedSummaryRequest } from '../../../src/adapters/provider-client/pubmed.js';
import { fixtureJson, fixtureText } from './fixtures.js';
import { parsePubMedSearchResponse, parsePubMedSummaryResponse } from '../../support/provider-parsing.js';

describe('PubMed request builders', () => {
  it('asks esearch for relevance-sorted JSON ids with retmax, and api_key only when set (docs/providers.md#requests)', () => {
    assert.equal(
      buildPubMedSearchRequest({ query: 'APC p.E1317Q', limit: 100, credentials: {} }).url,
      'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?db=pubmed&term=APC%20p.E1317Q&retmode=json&sort=relevance&retmax=100',
    );
    assert.equal(
      buildPubMedSearchRequest({ query: 'x', limit: 900, credentials: { apiKey: 'abc123' } }).url,
      'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?db=pubmed&term=x&retmode=json&sort=relevance&retmax=200&api_key=abc123',
    );
  });

  it('asks esummary for the ids comma-joined, with api_key when set (docs/providers.md#requests)', () => {
    assert.equal(
      buildPubMedSummaryRequest(['26622191', '17918089'], {}).url,
      'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esummary.fcgi?db=pubmed&id=26622191,17918089&retmode=json',
    );
    assert.equal(
      buildPubMedSummaryRequest(['1'], { apiKey: 'abc123' }).url,
      'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esummary.fcgi?db=pubmed&id=1&retmode=json&api_key=abc123',
    );
  });

  it('percent-encodes a Unicode term (docs/providers.md#requests)', () => {
    const url = buildPubMedSearchRequest({ query: '治理 平台：证据', limit: 1, credentials: {} }).url;
    assert.ok(url.includes('&term=%E6%B2%BB%E7%90%86%20%E5%B9%B3%E5%8F%B0%EF%BC%9A%E8%AF%81%E6%8D%AE&'));
  });
});

describe('PubMed response parsers', () => {
  it('reads the 100 ids of a real esearch answer in order (docs/providers.md#requests)', async () => {
    const ids = await parsePubMedSearchResponse(fixtureText('pubmed-esearch.json'));
    assert.ok(ids.ok);
    assert.equal(ids.value.length, 100);
    assert.equal(ids.value[0], '42555032');
    assert.equal(ids.value[1], '42553597');
  });

  it('drops ids that are not all digits, so nothing in an answer can reshape the esummary URL', async () => {
    const ids = await parsePubMedSearchResponse('{"esearchresult": {"idlist": ["123", "4&db=x", 5, "678"]}}');
    assert.deepEqual(ids, { ok: true, value: ['123', '678'] });
  });

  it('maps the real two-record esummary answer in uid order (docs/providers.md#the-literature-record)', async () => {
    const parsed = await parsePubMedSummaryResponse(fixtureText('pubmed-esummary.json'));
    assert.ok(parsed.ok);
    assert.equal(parsed.value.length, 2);
    assert.deepEqual(parsed.value[1], {
      title: 'Successful efavirenz dose reduction in HIV type 1-infected individuals with cytochrome P450 2B6 *6 and *26.',
      doi: '10.1086/522175',
      year: 2007,
      venue: 'Clinical infectious diseases : an official publication of the Infectious Diseases Society of America',
      authors: [
        { literal: 'Gatanaga H' },
        { literal: 'Hayashida T' },
        { literal: 'Tsuchiya K' },
        { literal: 'Yoshino M' },
        { literal: 'Kuwahara T' },
        { literal: 'Tsukada H' },
        { literal: 'Fujimoto K' },
        { literal: 'Sato I' },
        { literal: 'Ueda M' },
        { literal: 'Horiba M' },
        { literal: 'Hamaguchi M' },
        { literal: 'Yamamoto M' },
        { literal: 'Takata N' },
        { literal: 'Kimura A' },
        { literal: 'Koike T' },
        { literal: 'Gejyo F' },
        { literal: 'Matsushita S' },
        { literal: 'Shirasaka T' },
        { literal: 'Kimura S' },
        { literal: 'Oka S' },
      ],
      identifiers: { pmid: '17918089' },
      record_type: 'article',
    });
    assert.equal(parsed.value[0]?.doi, '10.2147/PGPM.S86446');
    assert.equal(parsed.value[0]?.year, 2015);
    assert.equal(parsed.value[0]?.venue, 'Pharmacogenomics and personalized medicine');
  });

  it('maps the real compact single-record esummary answer (docs/providers.md#the-literature-record)', async () => {
    const parsed = await parsePubMedSummaryResponse(fixtureText('pubmed-esummary-compact-single.json'));
    assert.ok(parsed.ok);
    assert.equal(parsed.value.length, 1);
    assert.equal(parsed.value[0]?.title, 'Programmatic conversion of crystal structures into 3D printable files using Jmol.');
    assert.equal(parsed.value[0]?.doi, '10.1186/s13321-016-0181-z');
    assert.equal(parsed.value[0]?.year, 2016);
    assert.equal(parsed.value[0]?.venue, 'Journal of cheminformatics');
    assert.deepEqual(parsed.value[0]?.authors?.[0], { literal: 'Scalfani VF' });
    assert.deepEqual(parsed.value[0]?.identifiers, { pmid: '27933103' });
  });

  it('skips a summary without a title (docs/providers.md#the-literature-record)', async () => {
    const answer = fixtureJson('pubmed-esummary.json') as { result: Record<string, Record<string, unknown>> };
    answer.result['26622191']!['title'] = '';
    const parsed = await parsePubMedSummaryResponse(JSON.stringify(answer));
    assert.ok(parsed.ok);
    assert.deepEqual(
      parsed.value.map((record) => record.identifiers?.pmid),
      ['17918089'],
    );
  });

  it('recognises the real NCBI rate-limit body as rate_limited in both steps (docs/providers.md#requests)', async () => {
    const body = fixtureText('pubmed-error-rate-limit.json');
    assert.deepEqual(await parsePubMedSearchResponse(body), { ok: false, error: { kind: 'rate_limited' } });
    assert.deepEqual(await parsePubMedSummaryResponse(body), { ok: false, error: { kind: 'rate_limited' } });
  });

  it('reports decode_error for answers of the wrong shape or malformed JSON (docs/providers.md#requests)', async () => {
    assert.deepEqual(await parsePubMedSearchResponse(fixtureText('pubmed-esummary.json')), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(await parsePubMedSummaryResponse(fixtureText('pubmed-esearch.json')), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(await parsePubMedSearchResponse('{"esearchresult": '), { ok: false, error: { kind: 'decode_error' } });
  });
});
