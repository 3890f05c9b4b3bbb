import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { arxivPreprint, exportFile, journalArticle } from './zotero-harness.js';

describe('references.ris (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
  it('writes a journal article as TY JOUR with AU, TI, PY, JO, DO, UR and ER (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    assert.equal(
      exportFile([journalArticle], 'references.ris'),
      [
        'TY  - JOUR',
        'AU  - Zhou, Jie',
        'AU  - Cui, Ganqu',
        'TI  - Graph neural networks: a review',
        'PY  - 2020',
        'JO  - AI Open',
        'DO  - 10.1016/j.aiopen.2021.01.001',
        'UR  - https://doi.org/10.1016/j.aiopen.2021.01.001',
        'ER  - ',
        '',
      ].join('\n'),
    );
  });

  it('writes a preprint as TY GEN (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const text = exportFile([arxivPreprint], 'references.ris');
    assert.match(text, /^TY {2}- GEN\n/);
    assert.doesNotMatch(text, /JOUR/);
  });

  it('writes one AU line per author: "Last, First", a lone family name, or a literal name (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const text = exportFile([{ title: 't', authors: [{ family: 'Curie', given: 'Marie' }, { family: 'Plato' }, { literal: 'CERN' }] }], 'references.ris');
    assert.deepEqual(
      text.split('\n').filter((line) => line.startsWith('AU')),
      ['AU  - Curie, Marie', 'AU  - Plato', 'AU  - CERN'],
    );
  });

  it('separates records with one blank line (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const text = exportFile([journalArticle, arxivPreprint], 'references.ris');
    assert.equal(text.split('\n\n').length, 2);
    assert.match(text, /ER {2}- \n\nTY {2}- GEN/);
  });

  it('folds values so a line break cannot inject a tag (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const text = exportFile([{ title: 'Title\r\nER  - \nTY  - JOUR\u2028AU  - Evil', venue: 'J\tX\u000bY' }], 'references.ris');
    assert.deepEqual(text.split('\n'), ['TY  - JOUR', 'TI  - Title ER - TY - JOUR AU - Evil', 'JO  - J X Y', 'ER  - ', '']);
  });

  it('omits the lines of unknown values (docs/providers.md#the-literature-record)', () => {
    assert.equal(exportFile([{ title: 'Only' }], 'references.ris'), 'TY  - JOUR\nTI  - Only\nER  - \n');
  });
});
