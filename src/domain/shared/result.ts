/**
 * The one result type of the code base (docs/architecture.md#one-vocabulary): an expected
 * failure is returned as a value, an unexpected one is thrown. `T` is what a success carries,
 * `E` what a failure carries (a tool failure, a provider failure kind, a usage message, a
 * settings problem…). Every success/failure shape in `src/` is this type; a module names its
 * own `E`, never its own shape.
 */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** A success carrying `value`. */
export const success = <T>(value: T): Result<T, never> => ({ ok: true, value });

/** A failure carrying `error`. */
export const failure = <E>(error: E): Result<never, E> => ({ ok: false, error });
