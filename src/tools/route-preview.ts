import { previewFlags, standardPreviewFlags } from '../domain/preview-shared/preview-flags.js';
import { previewRoute, routePreviewInput, routePreviewOutput, standardRoutePreviewOutput } from '../domain/route-preview/route-preview.js';
import { success } from '../domain/shared/result.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { toolSlice, useCaseRecipe, variantOf } from './tool-slice.js';

/** `qiongli_orchestrator_route` (docs/tools.md#11-qiongli_orchestrator_route): a pure, preview-only answer. */
export const routePreviewTool = toolSlice({
  entry: {
    name: 'qiongli_orchestrator_route',
    title: 'Preview a request route',
    description:
      'Preview how a research request would be routed. Lite only previews (no agents, shells or writes; execution needs the Full CLI). Pass the request unchanged.',
    group: 'orchestration',
  },
  useCase: useCaseRecipe('routePreview', [], () =>
    defineUseCase({
      input: routePreviewInput,
      output: routePreviewOutput,
      execute: (args) => success(previewRoute(args, previewFlags)),
    }),
  ),
});

/** The route preview in Standard: its own flags and text, which name no runtime that does not exist (issue 25, row 8). */
export const standardRoutePreviewTool = variantOf(routePreviewTool, {
  description: 'Preview how a research request would be routed; only a preview (no agents, shells or writes). Pass the request unchanged.',
  instruction: { note: 'Route and task-plan tools only preview: Qiongli runs no agents, shells or project writes.' },
  useCase: useCaseRecipe('routePreview', [], () =>
    defineUseCase({
      input: routePreviewInput,
      output: standardRoutePreviewOutput,
      execute: (args) => success(previewRoute(args, standardPreviewFlags)),
    }),
  ),
});
