import type * as z from 'zod';
import { ARGUMENT_BOUND_MESSAGES, argumentBoundsOf, measureJsonStepwise } from './json-bounds.js';
import { finishNow, type Stepwise } from './stepwise.js';
import { invalidArguments, type ToolFailure } from './tool-failure.js';
import { failure, success, type Result } from './result.js';

/** The message used when a check has no message of its own. Static, like every message. */
const GENERIC_INVALID_ARGUMENTS = 'Invalid arguments';

/** The message for a key outside a tool's allow-list. */
export const UNSUPPORTED_ARGUMENT = 'Unsupported argument';

/**
 * Validates tool arguments with the tool's zod schema and turns the first failed check into
 * an `invalid_arguments` failure. A schema registered with `withArgumentBounds` first has the
 * raw arguments measured; a crossed bound fails with its message before any other check.
 *
 * Every check in a tool schema carries its own static message; anything without one falls
 * back to {@link GENERIC_INVALID_ARGUMENTS}, so no message can ever contain input. When
 * `precedence` is given, the failing message that comes earliest in it wins (docs/tools.md#per-tool-contracts fixes
 * the check order of some tools); otherwise zod's first issue wins.
 */
export const parseArguments = <S extends z.ZodType>(schema: S, args: unknown, precedence?: readonly string[]): Result<z.output<S>, ToolFailure> =>
  finishNow(parseArgumentsStepwise(schema, args, precedence));

/**
 * {@link parseArguments}, stepwise: the whole-argument bounds of a bulk tool (up to 100,000
 * values) are measured with pauses; the schema then runs as one last step.
 */
export function* parseArgumentsStepwise<S extends z.ZodType>(
  schema: S,
  args: unknown,
  precedence?: readonly string[],
): Stepwise<Result<z.output<S>, ToolFailure>> {
  const bounds = argumentBoundsOf(schema);
  const exceeded = bounds === undefined ? undefined : (yield* measureJsonStepwise(args, bounds)).exceeded;
  if (exceeded !== undefined) return invalidArguments(ARGUMENT_BOUND_MESSAGES[exceeded]);
  const stepwise = STEPWISE_CHECKS.get(schema);
  const checked = stepwise === undefined ? checkSchema(schema, args) : yield* stepwise(args);
  return checked.ok ? success(checked.value as z.output<S>) : invalidArguments(winningMessage(checked.error, precedence));
}

/**
 * Runs a zod schema: its output, or the message of every failed check, in order (a check
 * without a message of its own reports {@link GENERIC_INVALID_ARGUMENTS}).
 */
export function checkSchema<S extends z.ZodType>(schema: S, value: unknown): Result<z.output<S>, readonly string[]> {
  // The happy path parses without an error map (much cheaper in zod 4); only a failure is
  // parsed again with the static fallback message for checks that carry none of their own.
  const quick = schema.safeParse(value);
  if (quick.success) return success(quick.data);
  const parsed = schema.safeParse(value, { error: () => GENERIC_INVALID_ARGUMENTS });
  if (parsed.success) return success(parsed.data);
  return failure(parsed.error.issues.map((issue) => issue.message));
}

/** The message that wins: the earliest in `precedence` when any is ranked, else the first. */
export function winningMessage(messages: readonly string[], precedence?: readonly string[]): string {
  let chosen = messages[0] ?? GENERIC_INVALID_ARGUMENTS;
  if (precedence) {
    let best = Number.POSITIVE_INFINITY;
    for (const message of messages) {
      const rank = precedence.indexOf(message);
      if (rank >= 0 && rank < best) {
        best = rank;
        chosen = message;
      }
    }
  }
  return chosen;
}

const STEPWISE_CHECKS = new WeakMap<z.ZodType, (args: unknown) => Stepwise<Result<unknown, readonly string[]>>>();

/**
 * Gives a schema stepwise checks with the same results (for example one list item at a time,
 * with pauses): {@link parseArgumentsStepwise} runs them instead of the schema, whose JSON
 * Schema stays what clients see. A test must keep the two in agreement.
 */
export function withStepwiseChecks<S extends z.ZodType>(schema: S, checks: (args: unknown) => Stepwise<Result<z.output<S>, readonly string[]>>): S {
  STEPWISE_CHECKS.set(schema, checks);
  return schema;
}
