import { defineTool, DEFAULT_INPUT_BUDGET, LOCAL_READ_ONLY, type ToolDefinition } from '../tool-definition.js';
import { zoteroStatus, zoteroStatusInput, zoteroStatusOutput } from '../../../domain/zotero-status/zotero-status.js';
import { succeed } from '../../../domain/shared/tool-outcome.js';

/** `qiongli_zotero_status` (docs/tools.md#9-qiongli_zotero_status): Lite's fixed Zotero status; no probe, no socket. */
export const zoteroStatusTool: ToolDefinition = defineTool({
  name: 'qiongli_zotero_status',
  title: 'Zotero integration status',
  description:
    'Report how Qiongli can hand references to Zotero. In Lite the Zotero connector and companion are not used; use qiongli_zotero_export_import_files to produce import files (CSL-JSON, RIS, BibTeX) instead. Takes no arguments.',
  group: 'zotero',
  input: zoteroStatusInput,
  output: zoteroStatusOutput,
  annotations: LOCAL_READ_ONLY,
  inputBudgetBytes: DEFAULT_INPUT_BUDGET,
  redaction: 'standard',
  run: () => succeed(zoteroStatus()),
});
