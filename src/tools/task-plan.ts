import { previewFlags, standardPreviewFlags } from '../domain/preview-shared/preview-flags.js';
import { success } from '../domain/shared/result.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { previewTaskPlan, standardTaskPlanOutput, taskPlanInput, taskPlanOutput } from '../domain/task-plan/task-plan.js';
import { toolSlice, useCaseRecipe, variantOf } from './tool-slice.js';

/** `qiongli_task_plan` (docs/tools.md#12-qiongli_task_plan): a pure, preview-only plan. */
export const taskPlanTool = toolSlice({
  entry: {
    name: 'qiongli_task_plan',
    title: 'Preview a research task plan',
    description: 'Preview a task plan for a paper (task id, paper type, topic); nothing runs (execution needs the Full CLI).',
    group: 'orchestration',
  },
  useCase: useCaseRecipe('taskPlan', [], () =>
    defineUseCase({
      input: taskPlanInput,
      output: taskPlanOutput,
      execute: (args) => success(previewTaskPlan(args, previewFlags)),
    }),
  ),
});

/** The task-plan preview in Standard: its own flags and text, which name no runtime that does not exist (issue 25, row 8). */
export const standardTaskPlanTool = variantOf(taskPlanTool, {
  description: 'Preview a task plan for a paper (task id, paper type, topic); nothing runs or is written.',
  useCase: useCaseRecipe('taskPlan', [], () =>
    defineUseCase({
      input: taskPlanInput,
      output: standardTaskPlanOutput,
      execute: (args) => success(previewTaskPlan(args, standardPreviewFlags)),
    }),
  ),
});
