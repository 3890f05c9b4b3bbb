import { defineTool, BULK_INPUT_BUDGET, LOCAL_READ_ONLY, type ToolDefinition } from '../tool-definition.js';
import { encodeEvidenceSnapshot, evidenceSnapshotOutput } from '../../../domain/evidence-snapshot/evidence-snapshot.js';
import { EncodedResult } from '../../../domain/shared/encoded-result.js';
import { succeed } from '../../../domain/shared/tool-outcome.js';
import { runInSlices } from '../../scheduling/time-slices.js';
import { evidenceMessagePrecedence, evidenceSnapshotInput } from '../../../domain/evidence-snapshot/evidence-snapshot-input.js';
import { buildZoteroImportFiles, encodeZoteroImportFiles, zoteroExportOutput } from '../../../domain/zotero-export/zotero-export.js';
import { zoteroExportInput, zoteroExportMessagePrecedence } from '../../../domain/zotero-export/zotero-export-input.js';

/** `qiongli_literature_export_evidence` (docs/tools.md#8-qiongli_literature_export_evidence): a deterministic, strongly redacted snapshot. */
export const exportEvidenceTool: ToolDefinition = defineTool({
  name: 'qiongli_literature_export_evidence',
  title: 'Export an evidence snapshot',
  description:
    'Turn a search (query, provider status, search plan, results, diagnostics) into an auditable evidence snapshot. Side-effect free and deterministic: the same input gives the same bytes; credential-like keys are removed at any depth. Nothing is written to disk.',
  group: 'evidence',
  input: evidenceSnapshotInput,
  output: evidenceSnapshotOutput,
  annotations: LOCAL_READ_ONLY,
  inputBudgetBytes: BULK_INPUT_BUDGET,
  messagePrecedence: evidenceMessagePrecedence,
  redaction: 'evidence',
  // Built in time slices and sent as the canonical text it is (docs/provider-data.md).
  run: async (args, context) => {
    const encoded = await runInSlices(encodeEvidenceSnapshot(args), context.signal);
    return encoded.ok ? succeed(new EncodedResult(encoded.value, 'evidence')) : encoded;
  },
});

/** `qiongli_zotero_export_import_files` (docs/tools.md#10-qiongli_zotero_export_import_files): import files built in memory only. */
export const zoteroExportTool: ToolDefinition = defineTool({
  name: 'qiongli_zotero_export_import_files',
  title: 'Export Zotero import files',
  description:
    'Build Zotero import files from literature records (as returned by qiongli_literature_search): CSL-JSON (references.json), RIS, BibTeX and a short import report. arXiv preprints become Preprint items. Files are returned as text; nothing is written to disk.',
  group: 'zotero',
  input: zoteroExportInput,
  output: zoteroExportOutput,
  annotations: LOCAL_READ_ONLY,
  inputBudgetBytes: BULK_INPUT_BUDGET,
  messagePrecedence: zoteroExportMessagePrecedence,
  redaction: 'standard',
  // Built in time slices and sent as the text it is (docs/provider-data.md).
  run: async (args, context) => {
    const built = await runInSlices(buildZoteroImportFiles(args), context.signal);
    return built.ok ? succeed(new EncodedResult(await runInSlices(encodeZoteroImportFiles(built.value), context.signal), 'standard')) : built;
  },
});
