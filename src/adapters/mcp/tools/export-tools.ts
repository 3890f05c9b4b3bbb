import { BULK_INPUT_BUDGET, LOCAL_READ_ONLY, type ToolDefinition } from '../tool-definition.js';

const contracts = () => import('./export-contracts.js');

/** `qiongli_literature_export_evidence` (SPEC §6.4 #8): a deterministic, strongly redacted snapshot. */
export const exportEvidenceTool: ToolDefinition = {
  name: 'qiongli_literature_export_evidence',
  title: 'Export an evidence snapshot',
  description:
    'Turn a search (query, provider status, search plan, results, diagnostics) into an auditable evidence snapshot. Side-effect free and deterministic: the same input gives the same bytes; credential-like keys are removed at any depth. Nothing is written to disk.',
  group: 'evidence',
  annotations: LOCAL_READ_ONLY,
  inputBudgetBytes: BULK_INPUT_BUDGET,
  redaction: 'evidence',
  load: () => contracts().then((module) => module.evidenceContract),
};

/** `qiongli_zotero_export_import_files` (SPEC §6.4 #10): import files built in memory only. */
export const zoteroExportTool: ToolDefinition = {
  name: 'qiongli_zotero_export_import_files',
  title: 'Export Zotero import files',
  description:
    'Build Zotero import files from literature records (as returned by qiongli_literature_search): CSL-JSON (references.json), RIS, BibTeX and a short import report. arXiv preprints become Preprint items. Files are returned as text; nothing is written to disk.',
  group: 'zotero',
  annotations: LOCAL_READ_ONLY,
  inputBudgetBytes: BULK_INPUT_BUDGET,
  redaction: 'standard',
  load: () => contracts().then((module) => module.zoteroExportContract),
};
