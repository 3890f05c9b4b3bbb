import { DEFAULT_INPUT_BUDGET, LOCAL_READ_ONLY, type ToolDefinition } from '../tool-definition.js';

/** `qiongli_zotero_status` (SPEC §6.4 #9): Lite's fixed Zotero status; no probe, no socket. */
export const zoteroStatusTool: ToolDefinition = {
  name: 'qiongli_zotero_status',
  title: 'Zotero integration status',
  description:
    'Report how Qiongli can hand references to Zotero. In Lite the Zotero connector and companion are not used; use qiongli_zotero_export_import_files to produce import files (CSL-JSON, RIS, BibTeX) instead. Takes no arguments.',
  group: 'zotero',
  annotations: LOCAL_READ_ONLY,
  inputBudgetBytes: DEFAULT_INPUT_BUDGET,
  redaction: 'standard',
  load: () => import('./orchestration-contracts.js').then((contracts) => contracts.zoteroStatusContract),
};
