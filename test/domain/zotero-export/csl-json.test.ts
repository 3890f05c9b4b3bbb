import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { arxivPreprint, exportFile, journalArticle } from './zotero-harness.js';

const csl = (records: unknown[]): Array<Record<string, unknown>> => JSON.parse(exportFile(records, 'references.json'));

describe('references.json, CSL-JSON (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
  it('writes a journal article as article-journal with every known field (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    assert.deepEqual(csl([journalArticle]), [
      {
        id: 'zhou2020',
        type: 'article-journal',
        title: 'Graph neural networks: a review',
        author: [
          { family: 'Zhou', given: 'Jie' },
          { family: 'Cui', given: 'Ganqu' },
        ],
        issued: { 'date-parts': [[2020]] },
        'container-title': 'AI Open',
        DOI: '10.1016/j.aiopen.2021.01.001',
        URL: 'https://doi.org/10.1016/j.aiopen.2021.01.001',
        source: 'qiongli',
      },
    ]);
  });

  it('types a preprint as article so Zotero creates a Preprint item, naming arXiv and its id (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const [item] = csl([arxivPreprint]);
    assert.equal(item?.['type'], 'article');
    assert.equal(item?.['publisher'], 'arXiv');
    assert.equal(item?.['number'], 'arXiv:1706.03762');
  });

  it('writes persons as {family, given} or {family} and organisations as {literal} (docs/providers.md#the-literature-record)', () => {
    const [item] = csl([{ title: 't', authors: [{ family: 'Curie', given: 'Marie' }, { family: 'Plato' }, { literal: 'CERN' }] }]);
    assert.deepEqual(item?.['author'], [{ family: 'Curie', given: 'Marie' }, { family: 'Plato' }, { literal: 'CERN' }]);
  });

  it('omits unknown values rather than writing null or empty strings (docs/providers.md#the-literature-record)', () => {
    const [item] = csl([{ title: 'Only a title', venue: ' ', authors: [{ family: ' ', given: '' }] }]);
    assert.deepEqual(item, { id: 'only', type: 'article-journal', title: 'Only a title', source: 'qiongli' });
  });

  it('drops a resolver prefix from the DOI and keeps PubMed ids (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const [item] = csl([{ title: 't', doi: 'https://doi.org/10.1/X', identifiers: { pmid: '123' } }]);
    assert.equal(item?.['DOI'], '10.1/X');
    assert.equal(item?.['PMID'], '123');
  });

  it('folds every text to one line (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const [item] = csl([{ title: 'A\r\ntitle\u2028with\tbreaks', venue: 'J\u0085ournal' }]);
    assert.equal(item?.['title'], 'A title with breaks');
    assert.equal(item?.['container-title'], 'J ournal');
  });

  it('gives every item a unique id shared with the BibTeX key (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const items = csl([journalArticle, journalArticle, arxivPreprint]);
    assert.deepEqual(
      items.map((item) => item['id']),
      ['zhou2020', 'zhou2020a', 'vaswani2017'],
    );
    const bib = exportFile([journalArticle, journalArticle, arxivPreprint], 'bibliography.bib');
    assert.deepEqual(
      [...bib.matchAll(/^@\w+\{([^,]+),$/gm)].map((m) => m[1]),
      ['zhou2020', 'zhou2020a', 'vaswani2017'],
    );
  });
});
