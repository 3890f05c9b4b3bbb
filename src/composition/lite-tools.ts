import type { ToolDefinition } from '../adapters/mcp/tool-definition.js';
import { orchestratorRouteTool, taskPlanTool } from '../adapters/mcp/tools/orchestration-tools.js';
import { zoteroStatusTool } from '../adapters/mcp/tools/zotero-status-tool.js';

/** The ports the Lite tools need. */
export interface LiteToolPorts {}

/** Every tool the Lite profile implements (the registry orders and filters them). */
export function liteTools(_ports: LiteToolPorts): ToolDefinition[] {
  return [zoteroStatusTool, orchestratorRouteTool, taskPlanTool];
}
