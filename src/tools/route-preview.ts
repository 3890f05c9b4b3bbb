import { previewRoute, routePreviewInput, routePreviewOutput } from '../domain/route-preview/route-preview.js';
import { success } from '../domain/shared/result.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/** `qiongli_orchestrator_route` (docs/tools.md#11-qiongli_orchestrator_route): a pure, preview-only answer. */
export const routePreviewTool = toolSlice({
  entry: {
    name: 'qiongli_orchestrator_route',
    title: 'Preview a request route',
    description:
      'Preview how Qiongli would route a research request. Lite only previews: it never runs agents, shells or project writes, so the answer says that execution needs the Full CLI. Pass the user request unchanged and, optionally, the client platform.',
    group: 'orchestration',
  },
  useCase: useCaseRecipe('routePreview', [], () =>
    defineUseCase({
      input: routePreviewInput,
      output: routePreviewOutput,
      execute: (args) => success(previewRoute(args)),
    }),
  ),
});
