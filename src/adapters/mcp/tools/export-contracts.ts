import { defineContract, type ToolContract } from '../tool-definition.js';
import { exportEvidenceSnapshot, evidenceSnapshotOutput } from '../../../domain/evidence-snapshot/evidence-snapshot.js';
import { evidenceMessagePrecedence, evidenceSnapshotInput } from '../../../domain/evidence-snapshot/evidence-snapshot-input.js';
import { exportZoteroImportFiles, zoteroExportOutput } from '../../../domain/zotero-export/zotero-export.js';
import { zoteroExportInput, zoteroExportMessagePrecedence } from '../../../domain/zotero-export/zotero-export-input.js';

/** Contract of `qiongli_literature_export_evidence` (SPEC §6.4 #8). */
export const evidenceContract: ToolContract = defineContract({
  input: evidenceSnapshotInput,
  output: evidenceSnapshotOutput,
  messagePrecedence: evidenceMessagePrecedence,
  run: (args) => exportEvidenceSnapshot(args),
});

/** Contract of `qiongli_zotero_export_import_files` (SPEC §6.4 #10). */
export const zoteroExportContract: ToolContract = defineContract({
  input: zoteroExportInput,
  output: zoteroExportOutput,
  messagePrecedence: zoteroExportMessagePrecedence,
  run: (args) => exportZoteroImportFiles(args),
});
