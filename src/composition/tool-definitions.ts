import type { ServiceIdentifier } from 'inversify';
import type { CatalogueEntry } from '../adapters/mcp/tool-catalogue.js';
import { toolDefinition, type ToolDefinition } from '../adapters/mcp/tool-definition.js';
import type { UseCase } from '../domain/shared/use-case.js';

/**
 * How a profile binds its tool definitions: each entry of its catalogue joined with the use
 * case it names, in catalogue order (`tokens` are the use cases to resolve, `resolve` joins them).
 */
export const toolDefinitionsOf = (
  catalogue: readonly CatalogueEntry[],
): { resolve: (...useCases: UseCase[]) => ToolDefinition[]; tokens: ServiceIdentifier<UseCase>[] } => ({
  resolve: (...useCases) => catalogue.map((entry, index) => toolDefinition(entry, useCases[index] as UseCase)),
  tokens: catalogue.map((entry) => entry.useCase),
});
