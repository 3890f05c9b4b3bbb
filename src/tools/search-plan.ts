import { planSearch, searchPlanInput, searchPlanMessagePrecedence, searchPlanOutput } from '../domain/search-plan/search-plan.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { ConfigSourceId } from '../ports/config-source.port.js';
import { SecretStoreId } from '../ports/secret-store.port.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/** `qiongli_search_plan` (docs/tools.md#6-qiongli_search_plan): plans, never searches. */
export const searchPlanTool = toolSlice({
  entry: {
    name: 'qiongli_search_plan',
    title: 'Plan a literature search',
    description:
      'Build a hybrid literature search plan: provider queries for qiongli_literature_search, platform-native web and full-text queries, filters, an execution sequence and a merge policy that keeps provenance distinct. Plans only; never searches.',
    group: 'literature',
    // 16 variants of 4096 characters are 65,536 characters of the client's own text.
    widenedBy: ['query_variants', 'queryVariants', 'native_search_tools', 'nativeSearchTools', 'document_types', 'documentTypes'],
  },
  instruction: { step: 'plan with qiongli_search_plan' },
  useCase: useCaseRecipe('searchPlan', [ConfigSourceId, SecretStoreId], (config, secrets) =>
    defineUseCase({
      input: searchPlanInput,
      output: searchPlanOutput,
      messagePrecedence: searchPlanMessagePrecedence,
      execute: async (args) => planSearch(args, await config.read(), secrets.available),
    }),
  ),
});
