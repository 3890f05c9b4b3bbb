import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crossrefWorkRecords } from '../../../src/adapters/provider-client/crossref.js';
import { openAlexWorkRecords } from '../../../src/adapters/provider-client/openalex.js';
import { semanticScholarPaperRecords } from '../../../src/adapters/provider-client/semantic-scholar.js';
import { fixtureJson, fixtureText } from './fixtures.js';
import { cleanProviderRecord, type RecordFields } from '../../../src/domain/literature-search/clean-provider-record.js';
import type { ProviderRecord } from '../../../src/ports/provider-client.port.js';
import {
  inSlices,
  parseArxivResponse,
  parseCrossrefResponse,
  parseOpenAlexResponse,
  parsePubMedSummaryResponse,
  parseSemanticScholarResponse,
} from '../../support/provider-parsing.js';

/** A record as a search keeps it: the parser's reading, then the domain's value rules (its count and link). */
const kept = (record: ProviderRecord): Partial<RecordFields> => cleanProviderRecord(record) ?? {};

const ABSTRACTS = { abstracts: true } as const;

describe('abstracts, only when asked for (docs/providers.md#steered-requests)', () => {
  it('OpenAlex: rebuilds the real inverted index in word order', async () => {
    const parsed = await parseOpenAlexResponse(fixtureText('openalex-works-title-search.json'), Infinity, ABSTRACTS);
    assert.ok(parsed.ok);
    const abstract = parsed.value[0]?.abstract ?? '';
    assert.ok(abstract.startsWith('Abstract Large language models (LLMs) have shown strong performance in tasks across domains'), abstract.slice(0, 120));
    const index = (fixtureJson('openalex-works-title-search.json') as { results: { abstract_inverted_index: Record<string, number[]> }[] }).results[0]!
      .abstract_inverted_index;
    const words = Object.values(index).reduce((sum, positions) => sum + positions.length, 0);
    assert.equal(abstract.split(' ').length, words);
    assert.ok(parsed.value[1]?.abstract?.startsWith('Over the last decades, excellent computational chemistry tools'));
  });

  it('OpenAlex: without the flag, no record carries an abstract', async () => {
    const parsed = await parseOpenAlexResponse(fixtureText('openalex-works-title-search.json'));
    assert.ok(parsed.ok);
    assert.ok(parsed.value.every((record) => record.abstract === undefined));
  });

  it('OpenAlex: a huge or odd inverted index costs bounded work and still cuts at 2,000 characters', async () => {
    const index: Record<string, unknown> = { first: [0], second: [1, 1, -1, 2.5, 'x'], beyond: [5000] };
    for (let word = 0; word < 5000; word++) index[`w${word}`] = [word + 2];
    const body = JSON.stringify({ results: [{ display_name: 'T', abstract_inverted_index: index }] });
    const parsed = await parseOpenAlexResponse(body, Infinity, ABSTRACTS);
    assert.ok(parsed.ok);
    const abstract = parsed.value[0]?.abstract ?? '';
    assert.ok(abstract.startsWith('first second w0 w1 '), abstract.slice(0, 40));
    assert.ok(abstract.endsWith('…'));
    assert.ok([...abstract].length <= 2000);
  });

  it('Crossref: strips the real JATS markup and its Abstract heading, decoding references', async () => {
    const parsed = await parseCrossrefResponse(fixtureText('crossref-works-query-author.json'), Infinity, ABSTRACTS);
    assert.ok(parsed.ok);
    const abstracts = parsed.value.map((record) => record.abstract).filter((text) => text !== undefined);
    assert.equal(abstracts.length, 15);
    assert.ok(abstracts.every((text) => !/<\/?jats:|&amp;|\n/u.test(text)));
    assert.ok(parsed.value[0]?.abstract?.startsWith('Encouraged by decision makers’ appetite for future information'));
    assert.match(parsed.value[1]?.abstract ?? '', /\(Bjørnstad & Grenfell/u);
    const geb = parsed.value.find((record) => record.doi === '10.1111/geb.13950');
    assert.ok(geb?.abstract?.startsWith('Aim Despite unprecedented environmental change'), geb?.abstract?.slice(0, 60));
  });

  it('Crossref: inline markup is removed in place, block markup leaves a space, text tags stay text', async () => {
    const abstract = '<jats:title>Abstract</jats:title><jats:p>H<jats:sub>2</jats:sub>O &lt;b&gt; p&#x3c;0.05</jats:p><jats:p>Next</jats:p>';
    const body = JSON.stringify({ message: { items: [{ title: ['T'], abstract }] } });
    const parsed = await parseCrossrefResponse(body, Infinity, ABSTRACTS);
    assert.deepEqual(parsed.ok && parsed.value[0]?.abstract, 'H2O <b> p<0.05 Next');
  });

  it('Semantic Scholar and arXiv: the abstract as given, whitespace collapsed', async () => {
    const s2 = await parseSemanticScholarResponse(fixtureText('semanticscholar-paper-search.json'), Infinity, ABSTRACTS);
    assert.ok(s2.ok);
    assert.equal(s2.value.filter((record) => record.abstract !== undefined).length, 68);
    const arxiv = await parseArxivResponse(fixtureText('arxiv-search-atom.xml'), Infinity, ABSTRACTS);
    assert.ok(arxiv.ok);
    assert.equal(arxiv.value.filter((record) => record.abstract !== undefined).length, 10);
    assert.ok(arxiv.value[0]?.abstract?.startsWith('Deep Learning (DL) has revolutionized the capabilities of vision-based systems'));
    assert.ok(arxiv.value.every((record) => !/\s{2}|\n/u.test(record.abstract ?? '')));
    const plain = await parseArxivResponse(fixtureText('arxiv-search-atom.xml'));
    assert.ok(plain.ok && plain.value.every((record) => record.abstract === undefined));
  });

  it('cuts every abstract at 2,000 characters, the last one …', async () => {
    const long = `${'é'.repeat(1500)} ${'𝛼'.repeat(1500)}`;
    const body = JSON.stringify({ data: [{ title: 'T', abstract: long }] });
    const parsed = await parseSemanticScholarResponse(body, Infinity, ABSTRACTS);
    assert.ok(parsed.ok);
    const chars = [...(parsed.value[0]?.abstract ?? '')];
    assert.equal(chars.length, 2000);
    assert.equal(chars.at(-1), '…');
    assert.equal(chars.at(-2), '𝛼');
  });
});

describe('citation counts and open-access links, read here and kept by the domain cleaning (docs/providers.md#steered-requests)', () => {
  it('read from the real bodies of OpenAlex, Semantic Scholar and Crossref', async () => {
    const openalex = await parseOpenAlexResponse(fixtureText('openalex-works-title-search.json'));
    assert.ok(openalex.ok);
    assert.deepEqual(
      openalex.value.map((record) => [record.cited_by_count, record.open_access_url]),
      [
        [236, 'https://www.nature.com/articles/s42256-024-00832-8.pdf'],
        [106, 'https://arxiv.org/abs/2304.05376'],
      ],
    );
    const s2 = await parseSemanticScholarResponse(fixtureText('semanticscholar-paper-search.json'));
    assert.ok(s2.ok);
    assert.deepEqual(
      s2.value
        .slice(0, 3)
        .map(kept)
        .map((record) => [record.cited_by_count, record.open_access_url]),
      [
        [72, undefined],
        [240, 'https://www.pnas.org/doi/pdf/10.1073/pnas.2313925121'],
        [4606, undefined],
      ],
    );
    assert.ok(s2.value.map(kept).every((record) => record.open_access_url === undefined || record.open_access_url.startsWith('https://')));
    const crossref = await parseCrossrefResponse(fixtureText('crossref-works-query-author.json'));
    assert.ok(crossref.ok);
    assert.equal(crossref.value.find((record) => record.doi === '10.1007/s12080-013-0192-6')?.cited_by_count, 193);
  });

  it('keeps https: links only, and only whole non-negative counts', async () => {
    const works = [
      ['http://example.org/a.pdf', 5],
      ['javascript:alert(1)', -1],
      ['https://user:pw@example.org/a.pdf', 1.5],
      ['https://example.org/a b.pdf', '12'],
      ['https://example.org/ok.pdf', 0],
    ].map(([url, count], index) => ({ display_name: `T${index}`, open_access: { oa_url: url }, cited_by_count: count }));
    const parsed = await parseOpenAlexResponse(JSON.stringify({ results: works }));
    assert.ok(parsed.ok);
    assert.deepEqual(
      parsed.value.map(kept).map((record) => [record.open_access_url, record.cited_by_count]),
      [
        [undefined, 5],
        [undefined, undefined],
        [undefined, undefined],
        [undefined, undefined],
        ['https://example.org/ok.pdf', 0],
      ],
    );
  });

  it('PubMed: the pmc article id as the PubMed Central page; arXiv: the PDF', async () => {
    const pubmed = await parsePubMedSummaryResponse(fixtureText('pubmed-esummary.json'));
    assert.ok(pubmed.ok);
    assert.deepEqual(
      pubmed.value.map((record) => record.open_access_url),
      ['https://pmc.ncbi.nlm.nih.gov/articles/PMC4638311/', undefined],
    );
    const arxiv = await parseArxivResponse(fixtureText('arxiv-search-atom.xml'));
    assert.ok(arxiv.ok);
    assert.ok(arxiv.value.every((record) => record.open_access_url === `https://arxiv.org/pdf/${record.identifiers?.arxiv}`));
  });
});

describe('retractions (docs/providers.md#steered-requests)', () => {
  it('Crossref: an updated-by retraction flags the work; a correction alone does not', async () => {
    const parsed = await inSlices(crossrefWorkRecords(fixtureText('crossref-work-retracted.json'), 1));
    assert.ok(parsed.ok);
    assert.equal(parsed.value[0]?.retracted, true);
    const corrected = fixtureJson('crossref-work-retracted.json') as { message: { 'updated-by': unknown[] } };
    corrected.message['updated-by'] = corrected.message['updated-by'].slice(0, 1);
    const onlyCorrected = await inSlices(crossrefWorkRecords(JSON.stringify(corrected), 1));
    assert.ok(onlyCorrected.ok);
    assert.equal(onlyCorrected.value[0]?.retracted, undefined);
    const list = await parseCrossrefResponse(fixtureText('crossref-works-query-author.json'));
    assert.ok(list.ok && list.value.every((record) => record.retracted === undefined));
  });

  it('PubMed: pubtype Retracted Publication', async () => {
    const retracted = await parsePubMedSummaryResponse(fixtureText('pubmed-esummary-retracted.json'));
    assert.ok(retracted.ok);
    assert.deepEqual(
      retracted.value.map((record) => [record.identifiers?.pmid, record.retracted]),
      [['9500320', true]],
    );
    const plain = await parsePubMedSummaryResponse(fixtureText('pubmed-esummary.json'));
    assert.ok(plain.ok && plain.value.every((record) => record.retracted === undefined));
  });

  it('OpenAlex: is_retracted true only (false is never written)', async () => {
    const work = fixtureJson('openalex-work-doi.json') as Record<string, unknown>;
    const plain = await inSlices(openAlexWorkRecords(JSON.stringify(work), 1));
    assert.ok(plain.ok && !('retracted' in plain.value[0]!));
    work['is_retracted'] = true;
    const flagged = await inSlices(openAlexWorkRecords(JSON.stringify(work), 1));
    assert.ok(flagged.ok);
    assert.equal(flagged.value[0]?.retracted, true);
    work['is_retracted'] = 'true';
    const notBoolean = await inSlices(openAlexWorkRecords(JSON.stringify(work), 1));
    assert.ok(notBoolean.ok && notBoolean.value[0]?.retracted === undefined);
  });
});

describe('single-work bodies', () => {
  it('refuse a body that is not one work', async () => {
    assert.deepEqual(await inSlices(openAlexWorkRecords('[]', 1)), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(await inSlices(semanticScholarPaperRecords('"x"', 1)), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(await inSlices(crossrefWorkRecords('{"status":"ok"}', 1)), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(await inSlices(crossrefWorkRecords('{"message":', 1)), { ok: false, error: { kind: 'decode_error' } });
  });

  it('give no record for a work without a title', async () => {
    assert.deepEqual(await inSlices(semanticScholarPaperRecords('{"paperId":"x","title":null}', 1)), { ok: true, value: [] });
  });
});
