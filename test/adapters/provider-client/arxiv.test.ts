import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildArxivRequest } from '../../../src/adapters/provider-client/arxiv.js';
import { fixtureText } from './fixtures.js';
import { parseArxivResponse } from '../../support/provider-parsing.js';

describe('arXiv request builder', () => {
  it('asks the constant query endpoint for all:<q>, relevance order, with an Atom Accept header (docs/providers.md#requests)', () => {
    const get = buildArxivRequest({ query: 'software testing', limit: 10, credentials: { apiKey: 'never-sent', email: 'me@example.org' } });
    assert.equal(
      get.url,
      'https://export.arxiv.org/api/query?search_query=all:software%20testing&start=0&max_results=10&sortBy=relevance&sortOrder=descending',
    );
    assert.deepEqual(get.headers, { accept: 'application/atom+xml' });
  });

  it('caps max_results at 200 and percent-encodes a Unicode query (docs/providers.md#requests)', async () => {
    const url = buildArxivRequest({ query: '治理 平台：证据', limit: 1000, credentials: {} }).url;
    assert.ok(url.includes('search_query=all:%E6%B2%BB%E7%90%86%20%E5%B9%B3%E5%8F%B0%EF%BC%9A%E8%AF%81%E6%8D%AE&'));
    assert.ok(url.includes('&max_results=200&'));
  });
});

const parsed = await parseArxivResponse(fixtureText('arxiv-search-atom.xml'));

describe('arXiv response parser', () => {
  it('maps the ten entries of a real Atom feed, reading namespaced elements by local name (docs/providers.md#the-literature-record)', () => {
    assert.ok(parsed.ok);
    assert.equal(parsed.value.length, 10);
    assert.deepEqual(parsed.value[0], {
      title: 'Testing Deep Learning Models: A First Comparative Study of Multiple Testing Techniques',
      doi: '10.1109/ICSTW55395.2022.00035',
      year: 2022,
      venue:
        'Artificial Intelligence in Software Testing @ 2022 IEEE International Conference on Software Testing, Verification and Validation Workshops (ICSTW)',
      authors: [{ literal: 'Mohit Kumar Ahuja' }, { literal: 'Arnaud Gotlieb' }, { literal: 'Helge Spieker' }],
      url: 'https://arxiv.org/abs/2202.12139',
      identifiers: { arxiv: '2202.12139' },
      record_type: 'article',
      open_access_url: 'https://arxiv.org/pdf/2202.12139',
    });
  });

  it('marks entries with a journal reference as articles and the rest as preprints (docs/providers.md#the-literature-record)', () => {
    assert.ok(parsed.ok);
    assert.deepEqual(
      parsed.value.map((record) => record.record_type),
      ['article', 'article', 'article', 'article', 'article', 'article', 'preprint', 'preprint', 'preprint', 'preprint'],
    );
  });

  it('keeps a DOI without a journal reference and leaves both out when absent (docs/providers.md#the-literature-record)', () => {
    assert.ok(parsed.ok);
    const doiOnly = parsed.value[7];
    assert.equal(doiOnly?.identifiers?.arxiv, '1205.1866');
    assert.equal(doiOnly?.doi, '10.5121/vlsic.2012.3205');
    assert.equal(doiOnly?.venue, undefined);
    const journalOnly = parsed.value[5];
    assert.equal(journalOnly?.doi, undefined);
    assert.equal(journalOnly?.venue, 'International Journal of Software Engineering & Applications (IJSEA), Vol.3, No.1, January 2012');
    assert.equal(parsed.value.filter((record) => record.doi !== undefined).length, 6);
  });

  it('drops the version from ids, builds the abs URL and takes the year of published (docs/providers.md#the-literature-record)', () => {
    assert.ok(parsed.ok);
    assert.equal(parsed.value[2]?.identifiers?.arxiv, '2005.14124');
    assert.equal(parsed.value[2]?.url, 'https://arxiv.org/abs/2005.14124');
    assert.equal(parsed.value[9]?.year, 2018);
    assert.equal(parsed.value[4]?.title, 'ChatGPT and Software Testing Education: Promises & Perils');
  });

  it('handles old-style ids, a single author and titles spread over lines (docs/providers.md#the-literature-record)', async () => {
    const feed = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
      <entry><id>http://arxiv.org/abs/hep-th/9901001v3</id><title>A  long
        title</title><published>1999-01-04T00:00:00Z</published><author><name>Solo Author</name></author></entry>
      <entry><id>http://arxiv.org/abs/2101.00001v1</id><title>  </title></entry></feed>`;
    assert.deepEqual(await parseArxivResponse(feed), {
      ok: true,
      value: [
        {
          title: 'A long title',
          year: 1999,
          authors: [{ literal: 'Solo Author' }],
          url: 'https://arxiv.org/abs/hep-th/9901001',
          identifiers: { arxiv: 'hep-th/9901001' },
          record_type: 'preprint',
          open_access_url: 'https://arxiv.org/pdf/hep-th/9901001',
        },
      ],
    });
  });

  it('gives no records for the real empty feed', async () => {
    assert.deepEqual(await parseArxivResponse(fixtureText('arxiv-empty-atom.xml')), { ok: true, value: [] });
  });

  it('reports decode_error for the real error feed rather than a record titled Error (docs/providers.md#requests)', async () => {
    assert.deepEqual(await parseArxivResponse(fixtureText('arxiv-error-400-atom.xml')), { ok: false, error: { kind: 'decode_error' } });
  });

  it('recognises the plain "Rate exceeded." answer as rate_limited (docs/providers.md#requests)', async () => {
    assert.deepEqual(await parseArxivResponse('Rate exceeded.'), { ok: false, error: { kind: 'rate_limited' } });
    assert.deepEqual(await parseArxivResponse('  Rate exceeded.\n'), { ok: false, error: { kind: 'rate_limited' } });
  });

  it('reports decode_error for malformed XML, a document type declaration and a non-feed root (docs/providers.md#requests)', async () => {
    assert.deepEqual(await parseArxivResponse('<feed><entry></feed>'), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(await parseArxivResponse('<!DOCTYPE feed [<!ENTITY a "b">]><feed/>'), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(await parseArxivResponse('<html><body>busy</body></html>'), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(await parseArxivResponse(''), { ok: false, error: { kind: 'decode_error' } });
  });
});
