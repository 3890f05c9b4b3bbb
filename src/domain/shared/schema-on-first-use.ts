/** Where every schema built by {@link schemaOnFirstUse} is kept, so {@link forgetBuiltSchemas} can drop them. */
const builtSchemas: { value: unknown }[] = [];

/**
 * A zod schema built on its first use rather than when its module loads: the function returns
 * the same schema at every call. Loading the program builds no schema; a tool call builds only
 * its tool's input schema, and the first `tools/list` builds the rest (docs/runtime.md).
 * Pieces used only while such a schema is built are plain functions.
 */
export function schemaOnFirstUse<S>(build: () => S): () => S {
  const cell: { value: S | undefined } = { value: undefined };
  builtSchemas.push(cell);
  return () => {
    cell.value ??= build();
    return cell.value;
  };
}

/**
 * Drops every schema built so far; each is built again on its next use. The single executable's
 * start-up snapshot is taken after this, so it holds no schema objects (restoring them cost more
 * than building the one a session needs; docs/runtime.md).
 */
export function forgetBuiltSchemas(): void {
  for (const cell of builtSchemas) cell.value = undefined;
}
