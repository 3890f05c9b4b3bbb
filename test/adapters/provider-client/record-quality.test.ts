import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanProviderRecord } from '../../../src/domain/literature-search/clean-provider-record.js';
import type { ProviderRecord } from '../../../src/ports/provider-client.port.js';
import {
  parseArxivResponse,
  parseCrossrefResponse,
  parseOpenAlexResponse,
  parsePubMedSummaryResponse,
  parseSemanticScholarResponse,
} from '../../support/provider-parsing.js';

const feed = (entries: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">${entries}</feed>`;
const entry = (title: string, published = '2021-05-03T00:00:00Z'): string =>
  `<entry><id>http://arxiv.org/abs/2105.00001v1</id><title>${title}</title><published>${published}</published></entry>`;

/** The year a search keeps (each provider's parser, then the domain's cleaning) of a record carrying `raw` where that provider puts the year. */
async function yearsFor(raw: unknown): Promise<Record<string, unknown>> {
  const text = typeof raw === 'string' ? raw : String(raw);
  const first = async (parsed: Promise<{ ok: boolean; value?: readonly ProviderRecord[] }>) => {
    const record = (await parsed).value?.[0];
    return record === undefined ? undefined : cleanProviderRecord(record)?.year;
  };
  return {
    openalex: await first(parseOpenAlexResponse(JSON.stringify({ results: [{ display_name: 'T', publication_year: raw }] }))),
    semantic_scholar: await first(parseSemanticScholarResponse(JSON.stringify({ data: [{ title: 'T', year: raw }] }))),
    crossref: await first(parseCrossrefResponse(JSON.stringify({ message: { items: [{ title: ['T'], issued: { 'date-parts': [[raw]] } }] } }))),
    pubmed: await first(parsePubMedSummaryResponse(JSON.stringify({ result: { uids: ['1'], '1': { title: 'T', pubdate: text } } }))),
    arxiv: await first(parseArxivResponse(feed(entry('T', text)))),
  };
}

const everywhere = (year: number | undefined) => ({ openalex: year, semantic_scholar: year, crossref: year, pubmed: year, arxiv: year });

describe('one year rule for all five providers (docs/provider-data.md)', () => {
  it('accepts strings that start with a four-digit year: 2021, 2021-05 and 2021-05-03 all give 2021', async () => {
    for (const raw of ['2021', '2021-05', '2021-05-03', ' 2021 Nov 1']) assert.deepEqual(await yearsFor(raw), everywhere(2021), raw);
  });

  it('accepts integer years and drops fractional ones from JSON providers', async () => {
    const json = async (raw: number) => {
      const years = await yearsFor(raw);
      return [years['openalex'], years['semantic_scholar'], years['crossref']];
    };
    assert.deepEqual(await json(1999), [1999, 1999, 1999]);
    assert.deepEqual(await json(2021.5), [undefined, undefined, undefined]);
  });

  it('drops -5, 0, 12345, 999, 20210 and text that does not start with a year', async () => {
    for (const raw of [-5, 0, 12345, 999, 20210, '-5', '0', '12345', '20210', 'May 2021', 'n.d.'])
      assert.deepEqual(await yearsFor(raw), everywhere(undefined), String(raw));
  });

  it('keeps the range bounds 1000 and 9999', async () => {
    assert.deepEqual(await yearsFor('1000'), everywhere(1000));
    assert.deepEqual(await yearsFor('9999-12'), everywhere(9999));
  });
});

describe('arXiv text decoding without entity expansion (docs/provider-data.md)', () => {
  it('reads a CDATA title that mentions <!DOCTYPE as text instead of refusing the feed', async () => {
    const parsed = await parseArxivResponse(feed(entry('<![CDATA[Parsing <!DOCTYPE html> pages & <b>tags</b>]]>')));
    assert.ok(parsed.ok);
    assert.equal(parsed.value[0]?.title, 'Parsing <!DOCTYPE html> pages & <b>tags</b>');
  });

  it('decodes the predefined entities and numeric character references to their characters', async () => {
    const parsed = await parseArxivResponse(feed(entry('Caf&#233; &amp; Cr&#xE8;me: &lt;b&gt; &quot;x&quot; &apos;y&apos; &#x1F600;')));
    assert.ok(parsed.ok);
    assert.equal(parsed.value[0]?.title, 'Café & Crème: <b> "x" \'y\' 😀');
  });

  it('refuses a feed with an undeclared entity, a bare ampersand or a reference to a forbidden code point', async () => {
    for (const title of ['A &nbsp; B', 'x &custom; y', 'Q & A', 'NUL &#0;', 'surrogate &#xD800;'])
      assert.deepEqual(await parseArxivResponse(feed(entry(title))), { ok: false, error: { kind: 'decode_error' } }, title);
  });

  it('refuses a real document type declaration, even an empty one', async () => {
    assert.deepEqual(await parseArxivResponse(`<!DOCTYPE feed>${feed(entry('T'))}`), { ok: false, error: { kind: 'decode_error' } });
  });

  it('ignores <!DOCTYPE inside a comment', async () => {
    const parsed = await parseArxivResponse(feed(`<!-- <!DOCTYPE x [<!ENTITY a "b">]> -->${entry('T')}`));
    assert.ok(parsed.ok);
    assert.equal(parsed.value.length, 1);
  });
});
