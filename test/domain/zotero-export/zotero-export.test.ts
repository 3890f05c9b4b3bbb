import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { TOOL_ERRORS } from '../../../src/domain/shared/tool-failure.js';
import { redactCredentials } from '../../../src/domain/shared/redaction.js';
import { ZOTERO_IMPORT_FILES } from '../../../src/domain/zotero-status/zotero-status.js';
import { MAX_EXPORT_BYTES, zoteroExportOutput } from '../../../src/domain/zotero-export/zotero-export.js';
import { deliverZoteroImportFiles } from '../../../src/domain/zotero-export/zotero-delivery.js';
import { zoteroExportInput } from '../../../src/domain/zotero-export/zotero-export-input.js';
import { deliveryPorts } from '../shared/delivery-ports.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';
import { assertMatchesOutputJsonSchema, assertValidToolJsonSchema } from '../evidence-snapshot/json-schema-check.js';
import { arxivPreprint, exportFiles, journalArticle, runExport } from './zotero-harness.js';

describe('Zotero import files (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
  it('exports the first 1,000 authors of a record and leaves the rest out (docs/provider-data.md)', () => {
    const authors = Array.from({ length: 1500 }, (_, index) => ({ literal: `Author ${index}` }));
    const files = exportFiles({ records: [{ title: 'A mega-collaboration paper', authors }], formats: ['references.ris', 'references.json'] });
    const ris = files['references.ris'] ?? '';
    assert.equal(ris.match(/^AU {2}- /gmu)?.length, 1000);
    assert.match(ris, /^AU {2}- Author 999$/mu);
    assert.doesNotMatch(ris, /Author 1000\b/u);
    assert.equal((JSON.parse(files['references.json'] ?? '[]') as { author: unknown[] }[])[0]?.author.length, 1000);
  });

  it('builds all four files, in the fixed order, when formats is absent (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const outcome = runExport({ records: [journalArticle] });
    assert.ok(outcome.ok);
    assert.equal(outcome.value.status, 'ok');
    assert.deepEqual(Object.keys(outcome.value.files), [...ZOTERO_IMPORT_FILES]);
  });

  it('builds all four files when formats is empty (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    assert.deepEqual(Object.keys(exportFiles({ records: [journalArticle], formats: [] })), [...ZOTERO_IMPORT_FILES]);
  });

  it('builds only the requested files, in the fixed order whatever order was asked (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const files = exportFiles({ records: [journalArticle], formats: ['zotero-import-report.md', 'references.ris'] });
    assert.deepEqual(Object.keys(files), ['references.ris', 'zotero-import-report.md']);
  });

  it('exports no records as an empty CSL array and empty RIS and BibTeX files (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const files = exportFiles({});
    assert.equal(files['references.json'], '[]\n');
    assert.equal(files['references.ris'], '');
    assert.equal(files['bibliography.bib'], '');
    assert.match(files['zotero-import-report.md'] ?? '', /Records: 0/);
  });

  it('gives the same bytes for the same records (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const args = { records: [journalArticle, arxivPreprint, journalArticle] };
    assert.equal(JSON.stringify(exportFiles(args)), JSON.stringify(exportFiles(args)));
  });

  it('fails with zotero-export-failed when the files together exceed 2 MiB (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    // 120 records with 16,000-byte titles: about 1.9 MB of arguments, each file about as large.
    const records = Array.from({ length: 120 }, (_, i) => ({ title: `${i} ${'t'.repeat(15_990)}` }));
    assert.ok(JSON.stringify({ records }).length < 2 * 1024 * 1024);
    const outcome = runExport({ records });
    assert.equal(outcome.ok, false);
    assert.deepEqual(!outcome.ok && outcome.error, {
      kind: 'tool_error',
      reasonCode: 'zotero-export-failed',
      message: TOOL_ERRORS['zotero-export-failed'],
    });
  });

  it('succeeds with the same large records when one file fits within 2 MiB (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const records = Array.from({ length: 120 }, (_, i) => ({ title: `${i} ${'t'.repeat(15_990)}` }));
    const files = exportFiles({ records, formats: ['references.ris'] });
    const size = Buffer.byteLength(files['references.ris'] ?? '');
    assert.ok(size > 1_900_000 && size <= MAX_EXPORT_BYTES);
  });

  it('answers facts that validate against the output schema and its JSON Schema, in both deliveries (docs/tools.md#results-and-errors)', async () => {
    for (const args of [{}, { records: [journalArticle, arxivPreprint] }, { records: [arxivPreprint], formats: ['bibliography.bib'], delivery: 'inline' }]) {
      const outcome = await deliverZoteroImportFiles(zoteroExportInput().parse(args), deliveryPorts(), async (work) => finishNow(work));
      assert.ok(outcome.ok);
      assert.equal(zoteroExportOutput().safeParse(outcome.value.value).success, true);
      assertMatchesOutputJsonSchema(zoteroExportOutput(), outcome.value.value);
      assert.deepEqual(redactCredentials(outcome.value.value), outcome.value.value);
    }
  });

  it('is unchanged by the MCP layer redaction (docs/tools.md#redaction)', () => {
    const outcome = runExport({ records: [journalArticle] });
    assert.ok(outcome.ok);
    assert.deepEqual(redactCredentials(outcome.value), outcome.value);
  });

  it('generates a valid, closed JSON Schema for the output (docs/tools.md#the-twelve-tools)', () => {
    const json = assertValidToolJsonSchema(zoteroExportOutput(), 'output');
    assert.equal(json['additionalProperties'], false);
    assert.deepEqual(json['required'], ['status', 'delivery', 'files', 'note']);
  });
});
