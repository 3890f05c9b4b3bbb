import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { toolError, type ToolFailure } from '../shared/tool-failure.js';
import { success, type Result } from '../shared/result.js';
import { ZOTERO_IMPORT_FILES } from '../zotero-status/zotero-status.js';
import { finishNow, type Stepwise } from '../shared/stepwise.js';
import { utf8ByteLengthStepwise } from '../shared/sliced-text.js';
import { bibtexEntryStepwise, bibtexFile } from './bibtex.js';
import { citationKeys } from './citation-keys.js';
import { cslEntryStepwise, cslFile } from './csl-json.js';
import { toExportRecordStepwise, type ExportRecord } from './export-record.js';
import { importReport } from './import-report.js';
import { risEntry, risFile } from './ris.js';
import type { ZoteroExportArguments, ZoteroImportFile } from './zotero-export-input.js';
import { deliveryShape } from '../shared/file-delivery.js';
import type { ResourceFile } from '../../ports/held-resources.port.js';

/** Largest total size of the built files, in UTF-8 bytes (docs/tools.md#10-qiongli_zotero_export_import_files): 2 MiB. */
export const MAX_EXPORT_BYTES = 2 * 1024 * 1024;

/**
 * Result of `qiongli_zotero_export_import_files` (docs/tools.md#10-qiongli_zotero_export_import_files):
 * the requested files held as resources, described in the fixed order (name, what it holds, uri,
 * media type, size, SHA-256), how to get them, and in `inline` delivery one part of one file.
 */
export const zoteroExportOutput = schemaOnFirstUse(() => z.strictObject({ status: z.literal('ok'), ...deliveryShape() }));

/** The built import files, by name, in the fixed order. */
export interface ZoteroImportFiles {
  readonly status: 'ok';
  readonly files: Partial<Record<ZoteroImportFile, string>>;
}

/** What each import file holds, and its media type. */
const IMPORT_FILE_KINDS: Readonly<Record<ZoteroImportFile, { readonly title: string; readonly mimeType: string }>> = {
  'references.json': { title: 'CSL-JSON records for Zotero (File > Import)', mimeType: 'application/vnd.citationstyles.csl+json' },
  'references.ris': { title: 'RIS records for Zotero or any reference manager', mimeType: 'application/x-research-info-systems' },
  'bibliography.bib': { title: 'BibTeX entries', mimeType: 'application/x-bibtex' },
  'zotero-import-report.md': { title: 'How to import these files in Zotero', mimeType: 'text/markdown' },
};

/** The built files as files to hold, in the fixed order. */
export const importFilesToHold = (built: ZoteroImportFiles): ResourceFile[] =>
  ZOTERO_IMPORT_FILES.flatMap((name) => {
    const text = built.files[name];
    return text === undefined ? [] : [{ name, ...IMPORT_FILE_KINDS[name], text }];
  });

/** Records prepared or written between two pauses. */
const RECORDS_PER_STEP = 16;

/**
 * Builds Zotero import files in memory (docs/tools.md#10-qiongli_zotero_export_import_files), stepwise (a pause every few records);
 * nothing is written anywhere. `formats` absent or empty means all four files. The files
 * appear in the fixed order `references.json`, `references.ris`, `bibliography.bib`,
 * `zotero-import-report.md`, whatever order was asked. Deterministic: the same arguments give
 * the same bytes.
 *
 * Fails with the tool error `zotero-export-failed` as soon as the files together would exceed
 * {@link MAX_EXPORT_BYTES} (UTF-8): building stops at the entry that crosses the cap.
 * Expects arguments validated by `zoteroExportInput`.
 */
export function* buildZoteroImportFiles(args: ZoteroExportArguments): Stepwise<Result<ZoteroImportFiles, ToolFailure>> {
  const wanted = new Set<ZoteroImportFile>(args.formats && args.formats.length > 0 ? args.formats : ZOTERO_IMPORT_FILES);
  const names = ZOTERO_IMPORT_FILES.filter((name) => wanted.has(name));
  const records: ExportRecord[] = [];
  for (const record of args.records) {
    records.push(yield* toExportRecordStepwise(record));
    if (records.length % RECORDS_PER_STEP === 0) yield;
  }
  const keys = citationKeys(records);
  const files: Partial<Record<ZoteroImportFile, string>> = {};
  let total = 0;
  for (const name of names) {
    let text: string;
    if (name === 'zotero-import-report.md') text = importReport(records.length, names);
    else {
      const entries: string[] = [];
      // The file holds every entry, and a string has at least as many UTF-8 bytes as UTF-16
      // units: a lower bound of the total, known without encoding anything.
      let atLeast = total;
      for (let index = 0; index < records.length; index++) {
        const entry = yield* ENTRIES[name](records[index]!, keys[index]!, MAX_EXPORT_BYTES - atLeast);
        if (entry === undefined) return toolError('zotero-export-failed');
        entries.push(entry);
        atLeast += entry.length;
        if (atLeast > MAX_EXPORT_BYTES) return toolError('zotero-export-failed');
        if (index % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
      }
      text = FILES[name](entries);
    }
    total += yield* utf8ByteLengthStepwise(text);
    if (total > MAX_EXPORT_BYTES) return toolError('zotero-export-failed');
    files[name] = text;
  }
  return success({ status: 'ok', files });
}

/** {@link buildZoteroImportFiles} run to its end at once (tests, embedders). */
export const exportZoteroImportFiles = (args: ZoteroExportArguments): Result<ZoteroImportFiles, ToolFailure> => finishNow(buildZoteroImportFiles(args));

type RecordFile = Exclude<ZoteroImportFile, 'zotero-import-report.md'>;

/** An entry writer that needs no pause: its values are bounded, or encoded by one fast native call. */
const atOnce = (entry: (record: ExportRecord, key: string) => string) =>
  // biome-ignore lint/correctness/useYield: a stepwise writer that never needs to pause
  function* (record: ExportRecord, key: string): Stepwise<string | undefined> {
    return entry(record, key);
  };

/** Each record file's entry writer, stepwise; `undefined` once an entry alone would exceed the units left. */
const ENTRIES: Readonly<Record<RecordFile, (record: ExportRecord, key: string, maxUnits: number) => Stepwise<string | undefined>>> = {
  'references.json': cslEntryStepwise,
  'references.ris': atOnce(risEntry),
  'bibliography.bib': bibtexEntryStepwise,
};

/** Each record file from its entries. */
const FILES: Readonly<Record<RecordFile, (entries: readonly string[]) => string>> = {
  'references.json': cslFile,
  'references.ris': risFile,
  'bibliography.bib': bibtexFile,
};
