import { defineTool, DEFAULT_INPUT_BUDGET, LOCAL_READ_ONLY, type ToolDefinition } from '../tool-definition.js';
import { previewRoute, routePreviewInput, routePreviewOutput } from '../../../domain/route-preview/route-preview.js';
import { previewTaskPlan, taskPlanInput, taskPlanOutput } from '../../../domain/task-plan/task-plan.js';
import { succeed } from '../../../domain/shared/tool-outcome.js';

/** `qiongli_orchestrator_route` (docs/tools.md#11-qiongli_orchestrator_route): a pure, preview-only routing answer. */
export const orchestratorRouteTool: ToolDefinition = defineTool({
  name: 'qiongli_orchestrator_route',
  title: 'Preview a request route',
  description:
    'Preview how Qiongli would route a research request. Lite only previews: it never runs agents, shells or project writes, so the answer says that execution needs the Full CLI. Pass the user request unchanged and, optionally, the client platform.',
  group: 'orchestration',
  input: routePreviewInput,
  output: routePreviewOutput,
  annotations: LOCAL_READ_ONLY,
  inputBudgetBytes: DEFAULT_INPUT_BUDGET,
  redaction: 'standard',
  run: (args) => succeed(previewRoute(args)),
});

/** `qiongli_task_plan` (docs/tools.md#12-qiongli_task_plan): a pure, preview-only task plan. */
export const taskPlanTool: ToolDefinition = defineTool({
  name: 'qiongli_task_plan',
  title: 'Preview a research task plan',
  description:
    'Preview a research task plan for a paper (task id, paper type, topic). Lite only previews: nothing is executed or written; execution needs the Full CLI.',
  group: 'orchestration',
  input: taskPlanInput,
  output: taskPlanOutput,
  annotations: LOCAL_READ_ONLY,
  inputBudgetBytes: DEFAULT_INPUT_BUDGET,
  redaction: 'standard',
  run: (args) => succeed(previewTaskPlan(args)),
});
