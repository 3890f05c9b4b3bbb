import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exportFiles, journalArticle } from './zotero-harness.js';

describe('zotero-import-report.md (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
  it('has a title, the record count, the files of this export and how to import them (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const report = exportFiles({ records: [journalArticle, journalArticle] })['zotero-import-report.md'] ?? '';
    assert.match(report, /^# Zotero import files\n/);
    assert.match(report, /Records: 2/);
    for (const name of ['references.json', 'references.ris', 'bibliography.bib']) assert.match(report, new RegExp(`\`${name.replace('.', '\\.')}\``));
    assert.match(report, /File → Import…/);
  });

  it('lists only the files that were built', () => {
    const report = exportFiles({ records: [journalArticle], formats: ['references.ris', 'zotero-import-report.md'] })['zotero-import-report.md'] ?? '';
    assert.match(report, /`references\.ris`/);
    assert.doesNotMatch(report, /references\.json|bibliography\.bib/);
  });

  it('says when the export holds no import file', () => {
    const report = exportFiles({ formats: ['zotero-import-report.md'] })['zotero-import-report.md'] ?? '';
    assert.match(report, /holds no import file/);
    assert.doesNotMatch(report, /File → Import…/);
  });

  it('echoes no record content: no title, name, DOI or link (docs/tools.md#redaction)', () => {
    const record = {
      title: 'CANARY title <script>',
      authors: [{ literal: 'CANARY org' }],
      doi: '10.1/CANARY',
      url: 'https://CANARY.example/?token=x',
      venue: 'CANARY',
    };
    const report = exportFiles({ records: [record] })['zotero-import-report.md'] ?? '';
    assert.doesNotMatch(report, /CANARY|script|token/);
  });
});
