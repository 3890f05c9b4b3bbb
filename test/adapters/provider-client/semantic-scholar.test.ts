import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSemanticScholarRequest } from '../../../src/adapters/provider-client/semantic-scholar.js';
import { fixtureJson, fixtureText } from './fixtures.js';
import { parseSemanticScholarResponse } from '../../support/provider-parsing.js';

const CANARY = 'S2-CANARY-KEY-5f1d';

describe('Semantic Scholar request builder', () => {
  it('asks the constant search endpoint with query, limit and the fixed field list (docs/providers.md#requests)', () => {
    const get = buildSemanticScholarRequest({ query: 'turing test', limit: 20, credentials: {} });
    assert.equal(
      get.url,
      'https://api.semanticscholar.org/graph/v1/paper/search?query=turing%20test&limit=20&fields=title,year,venue,externalIds,authors,url,citationCount,openAccessPdf,publicationTypes',
    );
    assert.deepEqual(get.headers, { accept: 'application/json' });
  });

  it('sends the API key only in the x-api-key header, never in the URL (docs/providers.md#providers-and-readiness)', () => {
    const get = buildSemanticScholarRequest({ query: 'q', limit: 5, credentials: { apiKey: CANARY, email: 'me@example.org' } });
    assert.equal(get.headers['x-api-key'], CANARY);
    assert.ok(!get.url.includes(CANARY));
    assert.ok(!get.url.includes('example.org'));
  });

  it('caps limit at 100, the most the relevance search accepts', () => {
    assert.match(buildSemanticScholarRequest({ query: 'q', limit: 200, credentials: {} }).url, /&limit=100&/u);
    assert.match(buildSemanticScholarRequest({ query: 'q', limit: 42, credentials: {} }).url, /&limit=42&/u);
  });

  it('percent-encodes a Unicode query (docs/providers.md#requests)', () => {
    const url = buildSemanticScholarRequest({ query: '治理 平台：证据', limit: 1, credentials: {} }).url;
    assert.ok(url.includes('?query=%E6%B2%BB%E7%90%86%20%E5%B9%B3%E5%8F%B0%EF%BC%9A%E8%AF%81%E6%8D%AE&'));
  });
});

describe('Semantic Scholar response parser', () => {
  it('maps all 100 papers of a real search page, with ids, DOI, venue and literal authors (docs/providers.md#the-literature-record)', async () => {
    const parsed = await parseSemanticScholarResponse(fixtureText('semanticscholar-paper-search.json'));
    assert.ok(parsed.ok);
    assert.equal(parsed.value.length, 100);
    assert.deepEqual(parsed.value[0], {
      title: 'Large Language Models Pass the Turing Test',
      doi: '10.48550/arXiv.2503.23674',
      year: 2025,
      venue: 'arXiv.org',
      authors: [{ literal: 'Cameron R. Jones' }, { literal: 'Benjamin K. Bergen' }],
      url: 'https://www.semanticscholar.org/paper/66e350075a66ca5fd0c09f20d76aaad2c5c6860c',
      identifiers: { semantic_scholar: '66e350075a66ca5fd0c09f20d76aaad2c5c6860c', arxiv: '2503.23674' },
      record_type: 'article',
      cited_by_count: 72,
    });
    assert.deepEqual(parsed.value[1]?.identifiers, {
      semantic_scholar: '331fa9e381cd219a3961cd5ef7dda401e8751606',
      pmid: '38386710',
    });
    assert.equal(parsed.value.filter((record) => record.doi !== undefined).length, 87);
    assert.equal(parsed.value.filter((record) => record.venue === undefined).length, 12);
  });

  it('gives no records for the real empty answer that has only total and offset', async () => {
    assert.deepEqual(await parseSemanticScholarResponse(fixtureText('semanticscholar-paper-search-empty.json')), { ok: true, value: [] });
  });

  it('skips a paper without a title (docs/providers.md#the-literature-record)', async () => {
    const page = fixtureJson('semanticscholar-paper-search.json') as { data: Record<string, unknown>[] };
    page.data[0]!['title'] = null;
    page.data[1]!['title'] = '   ';
    const parsed = await parseSemanticScholarResponse(JSON.stringify(page));
    assert.ok(parsed.ok);
    assert.equal(parsed.value.length, 98);
    assert.equal(parsed.value[0]?.title, 'Quantum theory, the Church–Turing principle and the universal quantum computer');
  });

  it('reports decode_error for the real 429 body and for malformed JSON (docs/providers.md#requests)', async () => {
    assert.deepEqual(await parseSemanticScholarResponse(fixtureText('semanticscholar-429.json')), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(await parseSemanticScholarResponse('<html>'), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(await parseSemanticScholarResponse('{"data": {}}'), { ok: false, error: { kind: 'decode_error' } });
  });
});
