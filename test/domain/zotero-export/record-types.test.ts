import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RECORD_TYPES, literatureRecordSchema } from '../../../src/domain/shared/literature-record.js';
import { importWithTranslators } from '../../support/loopback-zotero-translators.js';
import { exportFile } from './zotero-harness.js';
import { ZOTERO_ITEM_TYPES } from '../../support/zotero-item-types.js';

const ZOTERO_TYPES = ZOTERO_ITEM_TYPES;

const record = (type: string) => ({ title: `A ${type}`, venue: `Venue of ${type}`, year: 2024, doi: `10.1/${type}`, record_type: type });

describe('record types in the Zotero import files, read by Zotero’s own import translators (docs/zotero.md#item-types)', () => {
  it('widens record_type additively to nine types, the first two unchanged', () => {
    assert.deepEqual(RECORD_TYPES, ['article', 'preprint', 'conference_paper', 'book_chapter', 'book', 'thesis', 'dataset', 'review', 'other']);
    for (const type of RECORD_TYPES)
      assert.ok(literatureRecordSchema().safeParse({ title: 't', provider: 'crossref', providers: ['crossref'], record_type: type }).success);
    assert.equal(literatureRecordSchema().safeParse({ title: 't', provider: 'crossref', providers: ['crossref'], record_type: 'journal' }).success, false);
  });

  for (const type of RECORD_TYPES) {
    it(`makes references.json's ${type} a Zotero ${ZOTERO_TYPES[type]} that keeps its venue and DOI`, () => {
      const imported = importWithTranslators(exportFile([record(type)], 'references.json'), 'zotero9');
      assert.equal(imported?.translator, 'CSL JSON');
      const [item] = imported!.items;
      assert.equal(item?.itemType, ZOTERO_TYPES[type]);
      assert.equal(item?.fields['title'], `A ${type}`);
      assert.equal(item?.fields['DOI'], `10.1/${type}`);
      assert.ok(Object.values(item!.fields).includes(`Venue of ${type}`), `the venue survives: ${JSON.stringify(item?.fields)}`);
    });
  }

  it('writes references.ris with each type’s TY and venue tag; Zotero reads every type but the preprint (RIS has none)', () => {
    const text = exportFile(RECORD_TYPES.map(record), 'references.ris');
    const imported = importWithTranslators(text, 'zotero9');
    assert.equal(imported?.translator, 'RIS');
    assert.deepEqual(
      imported!.items.map((item) => item.itemType),
      RECORD_TYPES.map((type) => (type === 'preprint' || type === 'other' ? 'journalArticle' : ZOTERO_TYPES[type])),
    );
    assert.match(text, /TY {2}- CHAP\nTI {2}- A book_chapter\nPY {2}- 2024\nT2 {2}- Venue of book_chapter/);
    assert.match(text, /TY {2}- THES\n(?:.*\n)*?PB {2}- Venue of thesis/);
    assert.equal(imported!.items[3]?.fields['bookTitle'], 'Venue of book_chapter');
    assert.equal(imported!.items[5]?.fields['university'], 'Venue of thesis');
  });

  it('writes bibliography.bib with each type’s entry type and venue field', () => {
    const text = exportFile(RECORD_TYPES.map(record), 'bibliography.bib');
    const entries = [...text.matchAll(/^@(\w+)\{[^,]+,\n(?:.*\n)*?\s+(journal|howpublished|booktitle|publisher|school) = \{Venue of ([\w\\]+)\}/gm)].map(
      (m) => [m[1], m[2], m[3]?.replace('\\_', '_')],
    );
    assert.deepEqual(entries, [
      ['article', 'journal', 'article'],
      ['misc', 'howpublished', 'preprint'],
      ['inproceedings', 'booktitle', 'conference_paper'],
      ['incollection', 'booktitle', 'book_chapter'],
      ['book', 'publisher', 'book'],
      ['phdthesis', 'school', 'thesis'],
      ['misc', 'howpublished', 'dataset'],
      ['article', 'journal', 'review'],
      ['misc', 'howpublished', 'other'],
    ]);
  });

  it('keeps a record without record_type a journal article in every file', () => {
    const { record_type: _, ...untyped } = record('article');
    assert.equal(importWithTranslators(exportFile([untyped], 'references.json'), 'zotero7')?.items[0]?.itemType, 'journalArticle');
    assert.match(exportFile([untyped], 'references.ris'), /^TY {2}- JOUR\n/);
    assert.match(exportFile([untyped], 'bibliography.bib'), /^@article\{/);
  });

  it('follows Zotero: CSL type "review" would make a Document, so a review is written as article-journal', () => {
    assert.equal(importWithTranslators(JSON.stringify([{ type: 'review', title: 't' }]), 'zotero9')?.items[0]?.itemType, 'document');
    assert.equal(JSON.parse(exportFile([record('review')], 'references.json'))[0].type, 'article-journal');
  });
});
