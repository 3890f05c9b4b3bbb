import type { ToolDefinition } from '../adapters/mcp/tool-definition.js';
import { orchestratorRouteTool, taskPlanTool } from '../adapters/mcp/tools/orchestration-tools.js';
import { zoteroStatusTool } from '../adapters/mcp/tools/zotero-status-tool.js';
import {
  configStatusTool,
  configureProviderTool,
  openConfigWizardTool,
  saveProviderConfigTool,
} from '../adapters/mcp/tools/config-tools.js';
import {
  literatureSearchTool,
  literatureStatusTool,
  searchPlanTool,
  type LiteratureToolPorts,
} from '../adapters/mcp/tools/literature-tools.js';
import { exportEvidenceTool, zoteroExportTool } from '../adapters/mcp/tools/export-tools.js';

/** The ports the Lite tools need. */
export type LiteToolPorts = LiteratureToolPorts;

/** Every tool the Lite profile implements (the registry orders them and filters by grant). */
export function liteTools(ports: LiteToolPorts): ToolDefinition[] {
  return [
    configStatusTool(ports),
    saveProviderConfigTool,
    configureProviderTool,
    openConfigWizardTool,
    literatureStatusTool(ports),
    searchPlanTool(ports),
    literatureSearchTool(ports),
    exportEvidenceTool,
    zoteroStatusTool,
    zoteroExportTool,
    orchestratorRouteTool,
    taskPlanTool,
  ];
}
