import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { toolDefinition } from '../adapters/mcp/tool-definition.js';
import type { UseCase } from '../domain/shared/use-case.js';
import type { ToolSlice, UseCaseRecipe } from '../tools/tool-slice.js';
import { ToolDefinitionsId } from './identifiers.js';

/** The service identifier of one use case (`UseCaseId.<name>`). */
export type UseCaseToken = ServiceIdentifier<UseCase>;

/** The identifier a use case is bound under: `Symbol.for('qiongli.UseCase.<name>')`. */
export const useCaseToken = (name: string): UseCaseToken => Symbol.for(`qiongli.UseCase.${name}`);

/** The identifiers of every use case the slices name, by name. */
export const useCaseIdsOf = <const S extends readonly ToolSlice[]>(slices: S): { readonly [K in S[number]['useCase']['name']]: UseCaseToken } =>
  Object.fromEntries(slices.map((slice) => [slice.useCase.name, useCaseToken(slice.useCase.name)])) as { [K in S[number]['useCase']['name']]: UseCaseToken };

/** Each use case the slices name, once (a tool and its alias share one); two recipes under one name are a programming error. */
function recipesOf(slices: readonly ToolSlice[]): UseCaseRecipe[] {
  const recipes = new Map<string, UseCaseRecipe>();
  for (const { useCase } of slices) {
    const known = recipes.get(useCase.name);
    if (known !== undefined && known !== useCase) throw new Error('two use case recipes share one name in a profile');
    recipes.set(useCase.name, useCase);
  }
  return [...recipes.values()];
}

/**
 * What a profile's list of slices binds (docs/architecture.md#adding-a-tool): each use case under
 * its {@link useCaseToken}, built once per container from the ports its recipe names (so an
 * embedder may `rebind` one before the tools are first resolved), and the profile's tool
 * definitions, one per slice in list order — the order of `tools/list`.
 */
export const toolBindings = (slices: readonly ToolSlice[]): ContainerModule =>
  new ContainerModule(({ bind }) => {
    for (const recipe of recipesOf(slices))
      bind(useCaseToken(recipe.name))
        .toResolvedValue(recipe.build, [...recipe.ports])
        .inSingletonScope();
    bind(ToolDefinitionsId)
      .toResolvedValue(
        (...useCases: UseCase[]) => slices.map((slice, index) => toolDefinition(slice.entry, useCases[index] as UseCase)),
        slices.map((slice) => useCaseToken(slice.useCase.name)),
      )
      .inSingletonScope();
  });
