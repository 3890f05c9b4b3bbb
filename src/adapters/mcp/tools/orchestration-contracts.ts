import { defineContract, type ToolContract } from '../tool-definition.js';
import { previewRoute, routePreviewInput, routePreviewOutput } from '../../../domain/route-preview/route-preview.js';
import { previewTaskPlan, taskPlanInput, taskPlanOutput } from '../../../domain/task-plan/task-plan.js';
import { zoteroStatus, zoteroStatusInput, zoteroStatusOutput } from '../../../domain/zotero-status/zotero-status.js';
import { succeed } from '../../../domain/shared/tool-outcome.js';

/** Contract of `qiongli_orchestrator_route` (SPEC §6.4 #11). */
export const routeContract: ToolContract = defineContract({
  input: routePreviewInput,
  output: routePreviewOutput,
  run: (args) => succeed(previewRoute(args)),
});

/** Contract of `qiongli_task_plan` (SPEC §6.4 #12). */
export const taskPlanContract: ToolContract = defineContract({
  input: taskPlanInput,
  output: taskPlanOutput,
  run: (args) => succeed(previewTaskPlan(args)),
});

/** Contract of `qiongli_zotero_status` (SPEC §6.4 #9). */
export const zoteroStatusContract: ToolContract = defineContract({
  input: zoteroStatusInput,
  output: zoteroStatusOutput,
  run: () => succeed(zoteroStatus()),
});
