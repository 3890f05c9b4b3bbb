import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCrossrefRequest } from '../../../src/adapters/provider-client/crossref.js';
import { crossrefAuthor } from '../../../src/adapters/provider-http/crossref-work.js';
import { fixtureJson, fixtureText } from './fixtures.js';
import { parseCrossrefResponse } from '../../support/provider-parsing.js';

describe('Crossref request builder', () => {
  it('asks the constant works endpoint with query and rows, without mailto when no email is set (docs/providers.md#requests)', () => {
    const get = buildCrossrefRequest({ query: 'ecology', limit: 2, credentials: {} });
    assert.equal(get.url, 'https://api.crossref.org/works?query=ecology&rows=2');
  });

  it('adds the contact email as mailto and never sends an API key (docs/providers.md#providers-and-readiness)', () => {
    const get = buildCrossrefRequest({ query: 'ecology', limit: 2, credentials: { email: 'me+lit@example.org', apiKey: 'unused-key' } });
    assert.equal(get.url, 'https://api.crossref.org/works?query=ecology&rows=2&mailto=me%2Blit%40example.org');
    assert.ok(!JSON.stringify(get).includes('unused-key'));
  });

  it('caps rows at 200 (docs/providers.md#requests)', () => {
    assert.match(buildCrossrefRequest({ query: 'q', limit: 500, credentials: {} }).url, /&rows=200$/u);
    assert.match(buildCrossrefRequest({ query: 'q', limit: 200, credentials: {} }).url, /&rows=200$/u);
  });

  it('percent-encodes a Unicode query (docs/providers.md#requests)', () => {
    const url = buildCrossrefRequest({ query: '治理 平台：证据', limit: 1, credentials: {} }).url;
    assert.equal(url, 'https://api.crossref.org/works?query=%E6%B2%BB%E7%90%86%20%E5%B9%B3%E5%8F%B0%EF%BC%9A%E8%AF%81%E6%8D%AE&rows=1');
  });
});

describe('Crossref response parser', () => {
  it('maps a real work list, omitting authors for the item that has none (docs/providers.md#the-literature-record)', async () => {
    const parsed = await parseCrossrefResponse(fixtureText('crossref-works-query.json'));
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value, [
      {
        title: 'Communicating Ecology',
        doi: '10.1093/obo/9780199830060-0238',
        year: 2022,
        venue: 'Ecology',
        url: 'https://doi.org/10.1093/obo/9780199830060-0238',
        record_type: 'book_chapter',
        cited_by_count: 1,
      },
      {
        title: 'Chemical Ecology',
        doi: '10.1093/obo/9780199830060-0023',
        year: 2012,
        venue: 'Ecology',
        authors: [{ family: 'Kessler', given: 'André' }],
        url: 'https://doi.org/10.1093/obo/9780199830060-0023',
        record_type: 'book_chapter',
        cited_by_count: 0,
      },
    ]);
  });

  it('maps all 20 items of a larger real list, collapsing whitespace inside titles (docs/providers.md#the-literature-record)', async () => {
    const parsed = await parseCrossrefResponse(fixtureText('crossref-works-query-author.json'));
    assert.ok(parsed.ok);
    assert.equal(parsed.value.length, 20);
    assert.equal(parsed.value[14]?.title, 'The role of AI in ecology’s computational carbon footprint');
    assert.equal(parsed.value[3]?.venue, undefined);
    assert.equal(parsed.value[9]?.year, 2023);
    assert.deepEqual(parsed.value[8]?.authors?.[0], { family: 'Alex Perkins', given: 'T.' });
  });

  it('removes the JATS/HTML markup and character references Crossref stores in titles and venues (docs/providers.md#the-literature-record)', async () => {
    const parsed = await parseCrossrefResponse(fixtureText('crossref-works-query-author.json'));
    assert.ok(parsed.ok);
    // The deposit itself has no spaces around the second <scp>R</scp>: nothing is guessed.
    assert.equal(parsed.value[5]?.title, 'Treebase: anRpackage for discovery, access and manipulation of online phylogenies');
    assert.equal(parsed.value[11]?.venue, 'Big Data & Society');
    assert.ok(parsed.value[17]?.title?.startsWith('A Shiny r app to solve the problem'));
    assert.ok(parsed.value.every((record) => !/[<>]|&[a-z#0-9]+;/iu.test(`${record.title} ${record.venue ?? ''}`)));
    const body = JSON.stringify({
      message: {
        items: [{ title: ['<i>E. coli</i> growth at p &lt; 0.05: &lt;b&gt; stays text &#x2013; caf&#233;'], 'container-title': ['Cell &amp; Bio'] }],
      },
    });
    const one = await parseCrossrefResponse(body);
    assert.ok(one.ok);
    assert.equal(one.value[0]?.title, 'E. coli growth at p < 0.05: <b> stays text – café');
    assert.equal(one.value[0]?.venue, 'Cell & Bio');
  });

  it('turns family/given into {family, given} and name into {literal} (docs/providers.md#the-literature-record)', () => {
    assert.deepEqual(crossrefAuthor({ family: 'Boettiger', given: 'Carl' }), { family: 'Boettiger', given: 'Carl' });
    assert.deepEqual(crossrefAuthor({ family: 'Plato' }), { family: 'Plato' });
    assert.deepEqual(crossrefAuthor({ name: 'IPCC Working Group II' }), { literal: 'IPCC Working Group II' });
    assert.equal(crossrefAuthor({ sequence: 'first' }), undefined);
  });

  it('skips an item without a title (docs/providers.md#the-literature-record)', async () => {
    const list = fixtureJson('crossref-works-query.json') as { message: { items: Record<string, unknown>[] } };
    list.message.items[0]!['title'] = [];
    const parsed = await parseCrossrefResponse(JSON.stringify(list));
    assert.ok(parsed.ok);
    assert.deepEqual(
      parsed.value.map((record) => record.title),
      ['Chemical Ecology'],
    );
  });

  it('reports decode_error for the real validation-failure body and for malformed JSON (docs/providers.md#requests)', async () => {
    assert.deepEqual(await parseCrossrefResponse(fixtureText('crossref-error-400.json')), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(await parseCrossrefResponse('{"message": {"items": '), { ok: false, error: { kind: 'decode_error' } });
  });
});
