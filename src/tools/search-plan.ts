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
      'Plan a literature search (never runs one): query entries, the provider and platform-native queries that run them (by id), filters, steps and a merge policy that keeps provenance apart.',
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
