import type { z } from 'zod';
import { ARGUMENT_BOUND_MESSAGES, argumentBoundsOf, measureJsonStepwise } from './json-bounds.js';
import { finishNow, type Stepwise } from './stepwise.js';
import { invalidArguments, succeed, type Outcome } from './tool-outcome.js';

/** The message used when a check has no message of its own. Static, like every message. */
export const GENERIC_INVALID_ARGUMENTS = 'Invalid arguments';

/** The message for a key outside a tool's allow-list. */
export const UNSUPPORTED_ARGUMENT = 'Unsupported argument';

/**
 * Validates tool arguments with the tool's zod schema and turns the first failed check into
 * an `invalid_arguments` failure. A schema registered with `withArgumentBounds` first has the
 * raw arguments measured; a crossed bound fails with its message before any other check.
 *
 * Every check in a tool schema carries its own static message; anything without one falls
 * back to {@link GENERIC_INVALID_ARGUMENTS}, so no message can ever contain input. When
 * `precedence` is given, the failing message that comes earliest in it wins (SPEC §6.4 fixes
 * the check order of some tools); otherwise zod's first issue wins.
 */
export const parseArguments = <S extends z.ZodType>(schema: S, args: unknown, precedence?: readonly string[]): Outcome<z.output<S>> =>
  finishNow(parseArgumentsStepwise(schema, args, precedence));

/**
 * {@link parseArguments}, stepwise: the whole-argument bounds of a bulk tool (up to 100,000
 * values) are measured with pauses; the schema then runs as one last step.
 */
export function* parseArgumentsStepwise<S extends z.ZodType>(
  schema: S,
  args: unknown,
  precedence?: readonly string[],
): Stepwise<Outcome<z.output<S>>> {
  const bounds = argumentBoundsOf(schema);
  const exceeded = bounds === undefined ? undefined : (yield* measureJsonStepwise(args, bounds)).exceeded;
  if (exceeded !== undefined) return invalidArguments(ARGUMENT_BOUND_MESSAGES[exceeded]);
  return parseWithSchema(schema, args, precedence);
}

function parseWithSchema<S extends z.ZodType>(schema: S, args: unknown, precedence?: readonly string[]): Outcome<z.output<S>> {
  // The happy path parses without an error map (much cheaper in zod 4); only a failure is
  // parsed again with the static fallback message for checks that carry none of their own.
  const quick = schema.safeParse(args);
  if (quick.success) return succeed(quick.data);
  const parsed = schema.safeParse(args, { error: () => GENERIC_INVALID_ARGUMENTS });
  if (parsed.success) return succeed(parsed.data);
  const messages = parsed.error.issues.map((issue) => issue.message);
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
  return invalidArguments(chosen);
}
