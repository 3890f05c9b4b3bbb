/**
 * A port's service identifier, typed with the port it identifies: `container.get(ConfigSourceId)`
 * then returns a `ConfigSource` without a hand-written type argument. Structurally the
 * container's own typed identifier (a symbol, or an abstract constructor of the port), so the
 * ports need no dependency on it.
 */
// The constructor member only carries the type; every token is a symbol at run time.
// biome-ignore lint/suspicious/noExplicitAny: `any[]` is what the container's identifier type is written with; `unknown[]` or `never[]` do not match it
export type PortToken<T> = symbol | (abstract new (...args: any[]) => T);

/** A port token under a global symbol name. */
export const portToken = <T>(name: string): PortToken<T> => Symbol.for(name);
