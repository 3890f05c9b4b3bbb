import assert from 'node:assert/strict';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';
import type { ToolFailure } from '../../../src/domain/shared/tool-failure.js';
import type { Result } from '../../../src/domain/shared/result.js';
import { zoteroExportInput, zoteroExportMessagePrecedence } from '../../../src/domain/zotero-export/zotero-export-input.js';
import { exportZoteroImportFiles, type ZoteroImportFiles } from '../../../src/domain/zotero-export/zotero-export.js';

/** Validates arguments as the MCP layer does, then runs the export. */
export function runExport(args: unknown): Result<ZoteroImportFiles, ToolFailure> {
  const parsed = parseArguments(zoteroExportInput(), args, zoteroExportMessagePrecedence);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error.message);
  return exportZoteroImportFiles(parsed.value);
}

/** The built files of a successful export (fails the test otherwise). */
export function exportFiles(args: unknown): ZoteroImportFiles['files'] {
  const outcome = runExport(args);
  assert.ok(outcome.ok, 'export succeeds');
  return outcome.value.files;
}

/** One file of a successful export of `records`. */
export function exportFile(records: unknown[], name: keyof ZoteroImportFiles['files']): string {
  const text = exportFiles({ records, formats: [name] })[name];
  assert.equal(typeof text, 'string');
  return text as string;
}

/** A journal article with two person authors, a DOI and a URL. */
export const journalArticle = {
  title: 'Graph neural networks: a review',
  provider: 'crossref',
  providers: ['crossref', 'openalex'],
  doi: '10.1016/j.aiopen.2021.01.001',
  year: 2020,
  venue: 'AI Open',
  authors: [
    { family: 'Zhou', given: 'Jie' },
    { family: 'Cui', given: 'Ganqu' },
  ],
  url: 'https://doi.org/10.1016/j.aiopen.2021.01.001',
  record_type: 'article',
};

/** An arXiv preprint with a person author and an organisation. */
export const arxivPreprint = {
  title: 'Attention is all you need',
  provider: 'arxiv',
  providers: ['arxiv'],
  year: 2017,
  authors: [{ family: 'Vaswani', given: 'Ashish' }, { literal: 'Google Brain' }],
  url: 'https://arxiv.org/abs/1706.03762',
  identifiers: { arxiv: '1706.03762' },
  record_type: 'preprint',
};
