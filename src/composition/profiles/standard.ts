import { citationsTool, referencesTool } from '../../tools/citation-graph.js';
import { configStatusTool } from '../../tools/config-status.js';
import { standardConfigureProviderTool, standardOpenConfigWizardTool } from '../../tools/configure-provider.js';
import { exportEvidenceTool } from '../../tools/export-evidence.js';
import { literatureSearchTool } from '../../tools/literature-search.js';
import { literatureStatusTool } from '../../tools/literature-status.js';
import { readFullTextTool } from '../../tools/read-fulltext.js';
import { checkReferencesTool } from '../../tools/check-references.js';
import { standardRoutePreviewTool } from '../../tools/route-preview.js';
import { standardSaveProviderConfigTool } from '../../tools/save-provider-config.js';
import { searchPlanTool } from '../../tools/search-plan.js';
import { standardTaskPlanTool } from '../../tools/task-plan.js';
import { zoteroExportTool } from '../../tools/zotero-export.js';
import { zoteroSaveTool } from '../../tools/zotero-save.js';
import { standardZoteroStatusTool } from '../../tools/zotero-status.js';
import type { CapabilityGroup } from '../../domain/shared/capability-groups.js';
import { instructionsOf } from './instructions.js';

/**
 * The tools of the Standard profile (docs/tools.md#in-the-standard-profile), in the order of
 * `tools/list`: Lite's, with the configuration tools that really save settings and open the
 * setup page, previews that name no runtime that does not exist, a Zotero status that looks at
 * the person's Zotero, and the Zotero save (group `zotero-library`, Standard only). Every group
 * is granted by default.
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
  standardZoteroStatusTool,
  zoteroExportTool,
  standardRoutePreviewTool,
  standardTaskPlanTool,
  referencesTool,
  citationsTool,
  readFullTextTool,
  checkReferencesTool,
  zoteroSaveTool,
] as const;

/**
 * The instructions Standard gives the model (`initialize`, `server/discover`): derived from the
 * tools it grants, so they name every granted tool's place in the work (issue 25, row 8).
 */
export const standardInstructions = (grants: ReadonlySet<CapabilityGroup>): string =>
  instructionsOf(
    'Qiongli is a literature toolkit for research assistants.',
    STANDARD_TOOLS.filter((slice) => grants.has(slice.entry.group)),
  );
