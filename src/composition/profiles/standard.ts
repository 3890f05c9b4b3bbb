import { citationsTool, referencesTool } from '../../tools/citation-graph.js';
import { configStatusTool } from '../../tools/config-status.js';
import { standardConfigureProviderTool, standardOpenConfigWizardTool } from '../../tools/configure-provider.js';
import { exportEvidenceTool } from '../../tools/export-evidence.js';
import { literatureSearchTool } from '../../tools/literature-search.js';
import { literatureStatusTool } from '../../tools/literature-status.js';
import { readFullTextTool } from '../../tools/read-fulltext.js';
import { routePreviewTool } from '../../tools/route-preview.js';
import { standardSaveProviderConfigTool } from '../../tools/save-provider-config.js';
import { searchPlanTool } from '../../tools/search-plan.js';
import { taskPlanTool } from '../../tools/task-plan.js';
import { zoteroExportTool } from '../../tools/zotero-export.js';
import { zoteroStatusTool } from '../../tools/zotero-status.js';

/**
 * The tools of the Standard profile (docs/tools.md#in-the-standard-profile), in the order of
 * `tools/list`: Lite's, with the configuration tools that really save settings and open the
 * setup page. Every group is granted by default.
 */
export const STANDARD_TOOLS = [
  configStatusTool,
  standardSaveProviderConfigTool,
  standardConfigureProviderTool,
  standardOpenConfigWizardTool,
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
] as const;

/** The instructions Standard gives the model (`initialize`, `server/discover`). */
export const STANDARD_INSTRUCTIONS =
  'Qiongli is a literature toolkit for research assistants. Start with qiongli_literature_status to see which scholarly providers are ready, plan with qiongli_search_plan, search with qiongli_literature_search, keep an auditable record with qiongli_literature_export_evidence, and hand references to Zotero with qiongli_zotero_export_import_files. ' +
  'To add an API key or contact email, call qiongli_configure_provider and tell the person the setup page address it returns: keys are typed on that page, never in this chat. Route and task-plan tools only preview.';
