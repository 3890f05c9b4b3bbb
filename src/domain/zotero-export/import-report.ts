import type { ZoteroImportFile } from './zotero-export-input.js';

const DESCRIPTIONS: Readonly<Record<ZoteroImportFile, string>> = {
  'references.json': 'CSL-JSON; keeps item types best (preprints become Preprint items).',
  'references.ris': 'RIS; understood by Zotero and most reference managers.',
  'bibliography.bib': 'BibTeX; also usable directly with LaTeX.',
  'zotero-import-report.md': 'this report.',
};

/**
 * Builds `zotero-import-report.md` (docs/tools.md#10-qiongli_zotero_export_import_files): a short Markdown report with a title, the
 * record count, the files of this export and how to import them in Zotero. It contains no
 * record content (no titles, names or links), only the count and fixed text.
 */
export function importReport(recordCount: number, files: readonly ZoteroImportFile[]): string {
  const importable = files.filter((file) => file !== 'zotero-import-report.md');
  const lines = [
    '# Zotero import files',
    '',
    `Records: ${recordCount}`,
    '',
    '## Files',
    '',
    ...files.map((file) => `- \`${file}\`: ${DESCRIPTIONS[file]}`),
    '',
    '## Importing into Zotero',
    '',
  ];
  if (importable.length === 0) {
    lines.push('This export holds no import file. Ask again with `references.json`, `references.ris` or `bibliography.bib`.');
  } else {
    lines.push(
      '1. Save the file you want to import with the name shown above.',
      '2. In Zotero, choose **File → Import…**.',
      '3. Choose **A file (BibTeX, RIS, Zotero RDF, etc.)**, select the saved file and follow the steps.',
      '',
      'Import only one of the files: each holds the same records, so importing several creates duplicates.',
    );
  }
  lines.push('', 'These files were built in memory; nothing was written to disk and no Zotero library was contacted.', '');
  return lines.join('\n');
}
