import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildOpenAlexRequest } from '../../../src/adapters/provider-client/openalex.js';
import { fixtureJson, fixtureText } from './fixtures.js';
import { parseOpenAlexResponse } from '../../support/provider-parsing.js';

const UNICODE_QUERY = '治理 平台：证据';
const UNICODE_ENCODED = '%E6%B2%BB%E7%90%86%20%E5%B9%B3%E5%8F%B0%EF%BC%9A%E8%AF%81%E6%8D%AE';

describe('OpenAlex request builder', () => {
  it('asks the constant works endpoint with search and per_page only when no credential is set (docs/providers.md#requests)', () => {
    const get = buildOpenAlexRequest({ query: 'machine learning', limit: 10, credentials: {} });
    assert.equal(get.url, 'https://api.openalex.org/works?search=machine%20learning&per_page=10');
    assert.deepEqual(get.headers, { accept: 'application/json' });
  });

  it('adds api_key as a query parameter, percent-encoded, and never mailto (retired by OpenAlex; docs/providers.md#providers-and-readiness)', () => {
    const get = buildOpenAlexRequest({ query: 'q', limit: 5, credentials: { apiKey: 'k&y=1', email: 'me@example.org' } });
    assert.equal(get.url, 'https://api.openalex.org/works?search=q&per_page=5&api_key=k%26y%3D1');
  });

  it('caps per_page at 100 even when 200 records are wanted (docs/providers.md#requests)', () => {
    assert.match(buildOpenAlexRequest({ query: 'q', limit: 200, credentials: {} }).url, /&per_page=100$/u);
    assert.match(buildOpenAlexRequest({ query: 'q', limit: 101, credentials: {} }).url, /&per_page=100$/u);
    assert.match(buildOpenAlexRequest({ query: 'q', limit: 99, credentials: {} }).url, /&per_page=99$/u);
  });

  it('percent-encodes a Unicode query so that it decodes back unchanged (docs/providers.md#requests)', () => {
    const url = buildOpenAlexRequest({ query: UNICODE_QUERY, limit: 3, credentials: {} }).url;
    assert.equal(url, `https://api.openalex.org/works?search=${UNICODE_ENCODED}&per_page=3`);
    assert.equal(decodeURIComponent(new URL(url).searchParams.get('search') ?? ''), UNICODE_QUERY);
  });
});

describe('OpenAlex response parser', () => {
  it('maps every work of a real /works list to a record (docs/providers.md#the-literature-record)', async () => {
    const parsed = await parseOpenAlexResponse(fixtureText('openalex-works-title-search.json'));
    assert.ok(parsed.ok);
    assert.equal(parsed.value.length, 2);
    assert.deepEqual(parsed.value[0], {
      title: 'Augmenting large language models with chemistry tools',
      doi: 'https://doi.org/10.1038/s42256-024-00832-8',
      year: 2024,
      venue: 'Nature Machine Intelligence',
      authors: [
        { literal: 'Andres M. Bran' },
        { literal: 'Sam Cox' },
        { literal: 'Oliver Schilter' },
        { literal: 'Carlo Baldassari' },
        { literal: 'Andrew Dickson White' },
        { literal: 'Philippe Schwaller' },
      ],
      identifiers: { openalex: 'W4396723768' },
      record_type: 'article',
      cited_by_count: 236,
      open_access_url: 'https://www.nature.com/articles/s42256-024-00832-8.pdf',
    });
    assert.equal(parsed.value[1]?.title, 'ChemCrow: Augmenting large-language models with chemistry tools');
    assert.equal(parsed.value[1]?.venue, 'arXiv (Cornell University)');
    assert.equal(parsed.value[1]?.year, 2023);
    assert.equal(parsed.value[1]?.doi, 'https://doi.org/10.48550/arxiv.2304.05376');
  });

  it('gives no records for an empty results page', async () => {
    assert.deepEqual(await parseOpenAlexResponse(fixtureText('openalex-works-empty-page.json')), { ok: true, value: [] });
  });

  it('skips a work without a title and collapses whitespace in titles (docs/providers.md#the-literature-record)', async () => {
    const list = fixtureJson('openalex-works-title-search.json') as { results: Record<string, unknown>[] };
    delete list.results[0]?.['display_name'];
    if (list.results[1]) list.results[1]['display_name'] = '  ChemCrow:\n  tools\t';
    const parsed = await parseOpenAlexResponse(JSON.stringify(list));
    assert.ok(parsed.ok);
    assert.deepEqual(
      parsed.value.map((record) => record.title),
      ['ChemCrow: tools'],
    );
  });

  it('omits absent values instead of writing null, and the type when the work states none (docs/providers.md#the-literature-record)', async () => {
    const body = JSON.stringify({ results: [{ display_name: 'T', doi: null, publication_year: null, primary_location: null, authorships: [] }] });
    assert.deepEqual(await parseOpenAlexResponse(body), { ok: true, value: [{ title: 'T' }] });
  });

  it('reports decode_error for the real 400 error body and for text that is not JSON (docs/providers.md#requests)', async () => {
    assert.deepEqual(await parseOpenAlexResponse(fixtureText('openalex-error-400.json')), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(await parseOpenAlexResponse('{"results": '), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(await parseOpenAlexResponse('[]'), { ok: false, error: { kind: 'decode_error' } });
  });
});
