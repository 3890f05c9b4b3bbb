import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { zoteroExportInput } from '../../../src/domain/zotero-export/zotero-export-input.js';
import { exportFile, exportFiles } from './zotero-harness.js';

/** A retracted search record with an abstract, as qiongli_literature_search returns it. */
const retracted = {
  title: 'A retracted study',
  provider: 'crossref',
  providers: ['crossref', 'openalex'],
  doi: '10.1000/retracted',
  year: 2019,
  authors: [{ family: 'Doe', given: 'Jane' }],
  abstract: 'We measured 50% of {effects} & more_things.',
  cited_by_count: 12,
  open_access_url: 'https://example.org/retracted.pdf',
  retracted: true,
};

describe('abstracts and retraction flags in the Zotero files (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
  it('CSL-JSON: abstract as given, note "Retracted", nothing else new', () => {
    const [item] = JSON.parse(exportFile([retracted], 'references.json')) as Record<string, unknown>[];
    assert.equal(item?.['abstract'], 'We measured 50% of {effects} & more_things.');
    assert.equal(item?.['note'], 'Retracted');
    assert.deepEqual(Object.keys(item!), ['id', 'type', 'title', 'author', 'issued', 'DOI', 'abstract', 'note', 'source']);
  });

  it('RIS: AB with the abstract and N1 "Retracted" before ER', () => {
    assert.deepEqual(exportFile([retracted], 'references.ris').split('\n').slice(-4), [
      'AB  - We measured 50% of {effects} & more_things.',
      'N1  - Retracted',
      'ER  - ',
      '',
    ]);
  });

  it('BibTeX: abstract escaped like every text value, note = {Retracted}', () => {
    const bib = exportFile([retracted], 'bibliography.bib');
    assert.ok(
      bib.endsWith('\n  abstract = {We measured 50\\% of \\{\\vphantom{\\}}effects\\vphantom{\\{}\\} \\& more\\_things.},\n  note = {Retracted}\n}\n'),
      bib,
    );
  });

  it('folds an abstract to one line in every file, so it can neither add a RIS tag nor a BibTeX field', () => {
    const hostile = { title: 'T', abstract: 'Line one\r\nER  - \nTY  - JOUR\u2028  note = {x},\u0085end' };
    assert.ok(exportFile([hostile], 'references.ris').includes('AB  - Line one ER - TY - JOUR note = {x}, end\nER  - \n'));
    const bib = exportFile([hostile], 'bibliography.bib');
    assert.ok(bib.includes('  abstract = {Line one ER - TY - JOUR note = \\{\\vphantom{\\}}x\\vphantom{\\{}\\}, end}\n}'), bib);
    const [item] = JSON.parse(exportFile([hostile], 'references.json')) as { abstract: string }[];
    assert.equal(item?.abstract, 'Line one ER - TY - JOUR note = {x}, end');
  });

  it('writes no abstract and no note for a record without them, as before', () => {
    const plain = { title: 'Plain', year: 2020 };
    assert.equal(exportFile([plain], 'references.ris'), 'TY  - JOUR\nTI  - Plain\nPY  - 2020\nER  - \n');
    assert.doesNotMatch(exportFile([plain], 'bibliography.bib'), /abstract|note/);
    assert.doesNotMatch(exportFile([plain], 'references.json'), /abstract|note/);
  });

  it('ignores an abstract that is not a string or blank, and any retracted value but true, as before these fields were exported', () => {
    const records = [
      { title: 'A', abstract: null, retracted: false },
      { title: 'B', abstract: 42, retracted: 'yes' },
      { title: 'C', abstract: { text: 'x' }, retracted: 1 },
      { title: 'D', abstract: ' \n ', retracted: null },
    ];
    const files = exportFiles({ records });
    assert.doesNotMatch(files['references.ris'] ?? '', /AB {2}-|N1 {2}-/);
    assert.doesNotMatch(files['bibliography.bib'] ?? '', /abstract|note/);
    assert.doesNotMatch(files['references.json'] ?? '', /abstract|note/);
  });

  it('flags a retracted record without an abstract', () => {
    assert.match(exportFile([{ title: 'R', retracted: true }], 'references.ris'), /TI {2}- R\nN1 {2}- Retracted\nER {2}- /);
  });

  it('advertises abstract and retracted in the record schema of the input', () => {
    const schema = z.toJSONSchema(zoteroExportInput(), { io: 'input' }) as unknown as {
      properties: { records: { items: { properties: Record<string, { description?: string }> } } };
    };
    const properties = schema.properties.records.items.properties;
    assert.ok((properties['abstract']?.description ?? '').includes('abstract'));
    assert.ok((properties['retracted']?.description ?? '').includes('Retracted'));
  });
});
