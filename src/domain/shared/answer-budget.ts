/**
 * How long a tool's answer may be, in characters of its text content (SPEC §13,
 * docs/tools.md#answers-that-fit-a-models-context): a model reads it within a bounded context
 * (hosts warn above about 10,000 tokens and cut or refuse above about 25,000, about 4 characters
 * each). An answer to a call without any of the tool's widening arguments stays under
 * `default`; with one of them, under `widened`. The use cases page what could grow (search
 * records, graph edges, full-text passages, file contents) to stay well inside; the MCP adapter
 * checks every answer against the budget as a last resort.
 */
export const ANSWER_CHARACTERS = { default: 40_000, widened: 100_000 } as const;

/** The budget of one call: `widened` when the call sent one of the tool's widening arguments, else `default`. */
export const answerBudgetOf = (widenedBy: readonly string[], args: Record<string, unknown>): number =>
  widenedBy.some((name) => args[name] !== undefined) ? ANSWER_CHARACTERS.widened : ANSWER_CHARACTERS.default;
