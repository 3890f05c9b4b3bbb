// Each source's own type read into `record_type` (issue 28, item 3; docs/providers.md#record-types),
// on the real bodies of test/fixtures/providers and test/fixtures/graph, a field flipped in memory
// where no real body holds the type. Longer than 200 lines: one part per source, each with its
// real bodies and its whole mapping table.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openAlexPage } from '../../../src/adapters/citation-graph/openalex-graph.js';
import { semanticScholarEdges } from '../../../src/adapters/citation-graph/semantic-scholar-graph.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';
import type { ProviderRecord } from '../../../src/ports/provider-client.port.js';
import { graphFixture } from '../../support/graph-world.js';
import {
  parseArxivResponse,
  parseCrossrefResponse,
  parseOpenAlexResponse,
  parsePubMedSummaryResponse,
  parseSemanticScholarResponse,
} from '../../support/provider-parsing.js';
import { fixtureJson, fixtureText } from '../provider-client/fixtures.js';

const typesOf = async (parsed: Promise<{ ok: boolean; value?: readonly ProviderRecord[] }>): Promise<(string | undefined)[]> => {
  const result = await parsed;
  assert.ok(result.ok);
  return (result.value ?? []).map((record) => record.record_type);
};

/** A real body with the first work's `field` set to each value in turn: the types that work gets. */
async function typesWith(
  parse: (body: string) => Promise<{ ok: boolean; value?: readonly ProviderRecord[] }>,
  body: any,
  first: (body: any) => Record<string, unknown>,
  values: readonly unknown[],
  set: (work: Record<string, unknown>, value: unknown) => void,
): Promise<(string | undefined)[]> {
  const types: (string | undefined)[] = [];
  for (const value of values) {
    const copy = structuredClone(body);
    set(first(copy), value);
    types.push((await typesOf(parse(JSON.stringify(copy))))[0]);
  }
  return types;
}

describe('Crossref type (docs/providers.md#record-types)', () => {
  it('reads journal-article, posted-content and dataset in a real list, reference-entry in another', async () => {
    const types = await typesOf(parseCrossrefResponse(fixtureText('crossref-works-query-author.json')));
    assert.deepEqual(types.map((type, index) => (type === 'article' ? '' : `${index}:${type}`)).filter(Boolean), ['3:preprint', '8:preprint', '16:dataset']);
    assert.equal(types.filter((type) => type === 'article').length, 17);
    assert.deepEqual(await typesOf(parseCrossrefResponse(fixtureText('crossref-works-query.json'))), ['book_chapter', 'book_chapter']);
  });

  it('maps every listed type, any other stated type to other, and no type to none', async () => {
    const mapping = {
      'journal-article': 'article',
      'posted-content': 'preprint',
      'proceedings-article': 'conference_paper',
      'book-chapter': 'book_chapter',
      'book-section': 'book_chapter',
      'book-part': 'book_chapter',
      'reference-entry': 'book_chapter',
      book: 'book',
      monograph: 'book',
      'edited-book': 'book',
      'reference-book': 'book',
      dissertation: 'thesis',
      dataset: 'dataset',
      database: 'dataset',
      report: 'other',
      'peer-review': 'other',
      component: 'other',
    };
    const body = fixtureJson('crossref-works-query.json');
    const types = await typesWith(
      parseCrossrefResponse,
      body,
      (copy) => copy.message.items[0],
      Object.keys(mapping),
      (work, type) => (work['type'] = type),
    );
    assert.deepEqual(types, Object.values(mapping));
    const none = await typesWith(
      parseCrossrefResponse,
      body,
      (copy) => copy.message.items[0],
      [undefined, '', 7],
      (work, type) => (work['type'] = type),
    );
    assert.deepEqual(none, [undefined, undefined, undefined]);
  });
});

describe('OpenAlex type (docs/providers.md#record-types)', () => {
  it('reads article and preprint in the real search list', async () => {
    assert.deepEqual(await typesOf(parseOpenAlexResponse(fixtureText('openalex-works-title-search.json'))), ['article', 'preprint']);
  });

  it("reads the graph's real cited-by page (37 titled works): conference papers (an article whose source is a conference), chapters, a book, a thesis, a preprint", () => {
    const page = finishNow(openAlexPage(graphFixture('openalex-works-cited-by.json'), {}));
    assert.ok(page.ok);
    const counts: Record<string, number> = {};
    for (const record of page.value.records) counts[record.record_type ?? '-'] = (counts[record.record_type ?? '-'] ?? 0) + 1;
    assert.deepEqual(counts, { article: 29, conference_paper: 2, book_chapter: 3, book: 1, preprint: 1, thesis: 1 });
  });

  it('maps every listed type, another stated type to other, and no type to none', async () => {
    const mapping = {
      article: 'article',
      preprint: 'preprint',
      review: 'review',
      book: 'book',
      dataset: 'dataset',
      'book-chapter': 'book_chapter',
      'reference-entry': 'book_chapter',
      dissertation: 'thesis',
      letter: 'article',
      editorial: 'article',
      erratum: 'article',
      retraction: 'article',
      paratext: 'other',
      standard: 'other',
    };
    const body = fixtureJson('openalex-works-title-search.json');
    const first = (copy: any) => copy.results[0];
    assert.deepEqual(await typesWith(parseOpenAlexResponse, body, first, Object.keys(mapping), (work, type) => (work['type'] = type)), Object.values(mapping));
    assert.deepEqual(await typesWith(parseOpenAlexResponse, body, first, [undefined, null], (work, type) => (work['type'] = type)), [undefined, undefined]);
    const atConference = (work: Record<string, any>, type: unknown) => {
      work['type'] = type;
      work['primary_location'].source.type = 'conference';
    };
    assert.deepEqual(await typesWith(parseOpenAlexResponse, body, first, ['article', 'review'], atConference), ['conference_paper', 'review']);
  });
});

describe('Semantic Scholar publicationTypes (docs/providers.md#record-types)', () => {
  it('reads the real list: the most telling of a paper’s types, none where it states none of them', async () => {
    const types = await typesOf(parseSemanticScholarResponse(fixtureText('semanticscholar-paper-search.json')));
    const papers = (fixtureJson('semanticscholar-paper-search.json') as { data: { publicationTypes: string[] | null }[] }).data;
    const seen = new Map<string, string>();
    papers.forEach((paper, index) => seen.set(JSON.stringify(paper.publicationTypes), types[index] ?? '-'));
    assert.deepEqual(Object.fromEntries(seen), {
      '["JournalArticle"]': 'article',
      null: '-',
      '["JournalArticle","Book"]': 'book',
      '["JournalArticle","News"]': 'article',
      '["JournalArticle","Conference"]': 'conference_paper',
      '["JournalArticle","Review"]': 'review',
      '["Review","JournalArticle"]': 'review',
      '["Book","JournalArticle","Conference"]': 'conference_paper',
      '["JournalArticle","Study"]': 'article',
    });
  });

  it('maps BookSection and Dataset, and a list of none of the six to none', async () => {
    const body = fixtureJson('semanticscholar-paper-search.json');
    const lists = [['BookSection', 'Book'], ['Dataset'], ['News'], ['CaseReport', 'Editorial'], []];
    const types = await typesWith(
      parseSemanticScholarResponse,
      body,
      (copy) => copy.data[0],
      lists,
      (paper, list) => (paper['publicationTypes'] = list),
    );
    assert.deepEqual(types, ['book_chapter', 'dataset', undefined, undefined, undefined]);
  });

  it("types the graph's records too: a real reference item", () => {
    const page = JSON.stringify({ data: [JSON.parse(graphFixture('semanticscholar-reference-item.json'))] });
    const edges = finishNow(semanticScholarEdges(page, 'references', {}));
    assert.ok(edges.ok);
    assert.equal(edges.value.edges[0]?.record?.record_type, 'conference_paper');
  });
});

describe('PubMed publication types (docs/providers.md#record-types)', () => {
  it('reads Journal Article in the real summaries (with Clinical Trial and others alongside)', async () => {
    assert.deepEqual(await typesOf(parsePubMedSummaryResponse(fixtureText('pubmed-esummary.json'))), ['article', 'article']);
    assert.deepEqual(await typesOf(parsePubMedSummaryResponse(fixtureText('pubmed-esummary-compact-single.json'))), ['article']);
  });

  it('maps Preprint, Review, Systematic Review, Congress, a Conference, Dataset; a Bookshelf record is a chapter', async () => {
    const body = fixtureJson('pubmed-esummary-compact-single.json') as any;
    const first = (copy: any) => copy.result[copy.result.uids[0]];
    const lists = [
      ['Preprint'],
      ['Journal Article', 'Review'],
      ['Systematic Review', 'Journal Article'],
      ['Congress'],
      ['Consensus Development Conference, NIH'],
      ['Dataset'],
      ['Letter'],
      [],
    ];
    const types = await typesWith(parsePubMedSummaryResponse, body, first, lists, (summary, list) => (summary['pubtype'] = list));
    assert.deepEqual(types, ['preprint', 'review', 'review', 'conference_paper', 'conference_paper', 'dataset', 'article', 'article']);
    const bookshelf = await typesWith(parsePubMedSummaryResponse, body, first, ['GeneReviews®'], (summary, title) => {
      summary['booktitle'] = title;
      summary['pubtype'] = ['Review'];
    });
    assert.deepEqual(bookshelf, ['book_chapter']);
  });
});

describe('arXiv (docs/providers.md#record-types)', () => {
  it('types an entry with a journal reference an article and the others preprints, in the real feed', async () => {
    const types = await typesOf(parseArxivResponse(fixtureText('arxiv-search-atom.xml')));
    assert.equal(types.length, 10);
    assert.deepEqual(
      [types.filter((type) => type === 'article').length, types.filter((type) => type === 'preprint').length],
      [
        fixtureText('arxiv-search-atom.xml').split('<arxiv:journal_ref').length - 1,
        10 - (fixtureText('arxiv-search-atom.xml').split('<arxiv:journal_ref').length - 1),
      ],
    );
  });
});
