import { createContainer, type ContainerOverrides, type UseCaseToken } from '../../src/index.js';
import { finishNow } from '../../src/domain/shared/stepwise.js';
import { argumentBoundsOf } from '../../src/domain/shared/json-bounds.js';
import { parseArguments, parseArgumentsStepwise } from '../../src/domain/shared/parse-arguments.js';
import type { ToolFailure } from '../../src/domain/shared/tool-failure.js';
import type { Result } from '../../src/domain/shared/result.js';
import type { UseCaseContext } from '../../src/domain/shared/use-case.js';

/** A context nobody cancels and whose progress goes nowhere. */
export const quietContext = (): UseCaseContext => ({ signal: new AbortController().signal, reportProgress: () => undefined });

/**
 * Runs one use case as a tool call would, without the wire: resolved from a fresh Lite
 * container (with `overrides`), its arguments checked with its own input schema and message
 * precedence, then executed.
 */
export async function runUseCase(
  token: UseCaseToken,
  args: unknown,
  overrides: ContainerOverrides = {},
  context: UseCaseContext = quietContext(),
): Promise<Result<any, ToolFailure>> {
  const useCase = createContainer('lite', overrides).get(token);
  const parsed =
    argumentBoundsOf(useCase.input) === undefined
      ? parseArguments(useCase.input, args, useCase.messagePrecedence)
      : finishNow(parseArgumentsStepwise(useCase.input, args, useCase.messagePrecedence));
  return parsed.ok ? useCase.execute(parsed.value, context) : parsed;
}
