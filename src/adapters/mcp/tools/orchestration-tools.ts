import { defineUseCase, type UseCase } from '../../../domain/shared/use-case.js';
import { previewRoute, routePreviewInput, routePreviewOutput } from '../../../domain/route-preview/route-preview.js';
import { previewTaskPlan, taskPlanInput, taskPlanOutput } from '../../../domain/task-plan/task-plan.js';
import { success } from '../../../domain/shared/result.js';

/** A request route (docs/tools.md#11-qiongli_orchestrator_route): a pure, preview-only answer. */
export const routePreviewUseCase: UseCase = defineUseCase({
  get input() {
    return routePreviewInput();
  },
  get output() {
    return routePreviewOutput();
  },
  execute: (args) => success(previewRoute(args)),
});

/** A research task plan (docs/tools.md#12-qiongli_task_plan): a pure, preview-only plan. */
export const taskPlanUseCase: UseCase = defineUseCase({
  get input() {
    return taskPlanInput();
  },
  get output() {
    return taskPlanOutput();
  },
  execute: (args) => success(previewTaskPlan(args)),
});
