import type { ToolEntry } from '../domain/shared/tool-entry.js';
import type { UseCase } from '../domain/shared/use-case.js';
import type { PortToken } from '../ports/port-token.js';

/** The ports a list of port tokens identifies, in the same order. */
export type PortsOf<T extends readonly PortToken<unknown>[]> = { -readonly [I in keyof T]: T[I] extends PortToken<infer P> ? P : never };

/**
 * How a tool's use case is made: its name (the composition root binds it under
 * `Symbol.for('qiongli.UseCase.<name>')`, exported to embedders as `UseCaseId.<name>`), the
 * ports it needs, and `build`, which receives them in the order of `ports`. Two slices that
 * share a use case (a tool and its alias) share this object.
 */
export interface UseCaseRecipe<K extends string = string> {
  readonly name: K;
  readonly ports: readonly PortToken<unknown>[];
  // The ports' types are checked where the recipe is written (useCaseRecipe); here any port list fits.
  // biome-ignore lint/suspicious/noExplicitAny: the composition root calls build with the ports it resolved from `ports`
  readonly build: (...ports: any[]) => UseCase;
}

/** A use case recipe whose `build` takes exactly the ports its tokens identify. */
export const useCaseRecipe = <const K extends string, const T extends readonly PortToken<unknown>[]>(
  name: K,
  ports: T,
  build: (...ports: PortsOf<T>) => UseCase,
): UseCaseRecipe<K> => ({ name, ports, build: build as UseCaseRecipe<K>['build'] });

/**
 * One public tool, everything about it in one place (docs/architecture.md#adding-a-tool): its
 * catalogue entry (what `tools/list` says and which group grants it) and its use case recipe.
 * A profile (src/composition/profiles/) is a list of slices; use-case bindings, the served
 * definitions and the order of `tools/list` are derived from that list.
 *
 * A profile that serves a tool differently (Standard's configuration tools really save and open
 * the setup page) lists a variant of the slice ({@link variantOf}): the same name and use case
 * name, its own texts, annotations or recipe.
 */
export interface ToolSlice<N extends string = string, K extends string = string> {
  readonly entry: ToolEntry & { readonly name: N };
  readonly useCase: UseCaseRecipe<K>;
  /** What the server's instructions say of this tool where a profile derives them from the tools it grants. */
  readonly instruction?: ToolInstruction;
}

/**
 * A tool's part of the server's instructions (`initialize`, `server/discover`): a `step` joins
 * the one sentence that says in which order the tools are used (`search with
 * qiongli_literature_search`), a `note` is a sentence of its own.
 */
interface ToolInstruction {
  readonly step?: string;
  readonly note?: string;
}

/** Writes a slice down with its name and use case name kept as literal types. */
export const toolSlice = <const N extends string, const K extends string>(slice: ToolSlice<N, K>): ToolSlice<N, K> => slice;

/** What a profile's variant of a slice changes. */
export interface SliceChanges<K extends string> {
  readonly description?: string;
  readonly annotations?: ToolEntry['annotations'];
  readonly useCase?: UseCaseRecipe<K>;
  readonly instruction?: ToolInstruction;
}

/** A slice as another profile serves it: the same name, group, budget and use case name. */
export const variantOf = <N extends string, K extends string>(slice: ToolSlice<N, K>, changes: SliceChanges<K>): ToolSlice<N, K> => ({
  entry: {
    ...slice.entry,
    ...(changes.description === undefined ? {} : { description: changes.description }),
    ...(changes.annotations === undefined ? {} : { annotations: changes.annotations }),
  },
  useCase: changes.useCase ?? slice.useCase,
  ...((changes.instruction ?? slice.instruction) === undefined ? {} : { instruction: changes.instruction ?? slice.instruction }),
});
