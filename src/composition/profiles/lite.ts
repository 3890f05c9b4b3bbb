import { citationsTool, referencesTool } from '../../tools/citation-graph.js';
import { configStatusTool } from '../../tools/config-status.js';
import { configureProviderTool, openConfigWizardTool } from '../../tools/configure-provider.js';
import { exportEvidenceTool } from '../../tools/export-evidence.js';
import { literatureSearchTool } from '../../tools/literature-search.js';
import { literatureStatusTool } from '../../tools/literature-status.js';
import { readFullTextTool } from '../../tools/read-fulltext.js';
import { checkReferencesTool } from '../../tools/check-references.js';
import { routePreviewTool } from '../../tools/route-preview.js';
import { saveProviderConfigTool } from '../../tools/save-provider-config.js';
import { searchPlanTool } from '../../tools/search-plan.js';
import { taskPlanTool } from '../../tools/task-plan.js';
import { zoteroExportTool } from '../../tools/zotero-export.js';
import { zoteroStatusTool } from '../../tools/zotero-status.js';

/**
 * The tools of the Lite profile (docs/tools.md#the-twelve-tools), in the order of `tools/list`:
 * the frozen twelve of its default grant, then the opt-in groups' tools
 * (docs/command-line.md#capability-groups), so granting one never moves the twelve. One line
 * per tool the profile serves; a tool's use case, binding and definition follow from its slice.
 */
export const LITE_TOOLS = [
  configStatusTool,
  saveProviderConfigTool,
  configureProviderTool,
  openConfigWizardTool,
  literatureStatusTool,
  searchPlanTool,
  literatureSearchTool,
  exportEvidenceTool,
  zoteroStatusTool,
  zoteroExportTool,
  routePreviewTool,
  taskPlanTool,
  referencesTool,
  citationsTool,
  readFullTextTool,
  checkReferencesTool,
] as const;

/**
 * The instructions Lite gives the model (`initialize`, `server/discover`): the order in which the
 * tools are meant to be used.
 */
export const LITE_INSTRUCTIONS =
  'Qiongli Lite is a literature toolkit for research assistants. Start with qiongli_literature_status to see which scholarly providers are ready, plan with qiongli_search_plan, search with qiongli_literature_search, keep an auditable record with qiongli_literature_export_evidence, and hand references to Zotero with qiongli_zotero_export_import_files. Route and task-plan tools only preview: Lite never runs agents, shells or project writes.';
