import { z } from 'zod';
import { utf8ByteLength } from '../shared/text-bounds.js';
import { succeed, toolError, type Outcome } from '../shared/tool-outcome.js';
import { ZOTERO_IMPORT_FILES } from '../zotero-status/zotero-status.js';
import { bibtex } from './bibtex.js';
import { citationKeys } from './citation-keys.js';
import { cslJson } from './csl-json.js';
import { toExportRecord, type ExportRecord } from './export-record.js';
import { importReport } from './import-report.js';
import { ris } from './ris.js';
import type { ZoteroExportArguments, ZoteroImportFile } from './zotero-export-input.js';

/** Largest total size of the built files, in UTF-8 bytes (SPEC §6.4 #10): 2 MiB. */
export const MAX_EXPORT_BYTES = 2 * 1024 * 1024;

/** Result of `qiongli_zotero_export_import_files`: the requested files, by name, in the fixed order. */
export const zoteroExportOutput = z.strictObject({
  status: z.literal('ok'),
  files: z.strictObject({
    'references.json': z.string().optional(),
    'references.ris': z.string().optional(),
    'bibliography.bib': z.string().optional(),
    'zotero-import-report.md': z.string().optional(),
  }),
});

/** The built import files, as returned to the client. */
export type ZoteroImportFiles = z.output<typeof zoteroExportOutput>;

/**
 * Builds Zotero import files in memory (SPEC §6.4 #10); nothing is written anywhere. `formats`
 * absent or empty means all four files. The files appear in the fixed order
 * `references.json`, `references.ris`, `bibliography.bib`, `zotero-import-report.md`, whatever
 * order was asked. Deterministic: the same arguments give the same bytes.
 *
 * Fails with the tool error `zotero-export-failed` when the files together would exceed
 * {@link MAX_EXPORT_BYTES} (UTF-8); building stops at the first file that crosses the cap.
 * Expects arguments validated by `zoteroExportInput`.
 */
export function exportZoteroImportFiles(args: ZoteroExportArguments): Outcome<ZoteroImportFiles> {
  const wanted = new Set<ZoteroImportFile>(args.formats && args.formats.length > 0 ? args.formats : ZOTERO_IMPORT_FILES);
  const names = ZOTERO_IMPORT_FILES.filter((name) => wanted.has(name));
  const records = args.records.map(toExportRecord);
  const keys = citationKeys(records);
  const files: Partial<Record<ZoteroImportFile, string>> = {};
  let total = 0;
  for (const name of names) {
    const text = buildFile(name, records, keys, names);
    total += utf8ByteLength(text);
    if (total > MAX_EXPORT_BYTES) return toolError('zotero-export-failed');
    files[name] = text;
  }
  return succeed({ status: 'ok', files });
}

function buildFile(name: ZoteroImportFile, records: readonly ExportRecord[], keys: readonly string[], names: readonly ZoteroImportFile[]): string {
  switch (name) {
    case 'references.json':
      return cslJson(records, keys);
    case 'references.ris':
      return ris(records);
    case 'bibliography.bib':
      return bibtex(records, keys);
    case 'zotero-import-report.md':
      return importReport(records.length, names);
  }
}
