import type * as z from 'zod';
import type { EncodedResult } from './encoded-result.js';
import type { RedactionRule } from './redaction.js';
import type { ToolFailure } from './tool-failure.js';
import type { Result } from './result.js';
import type { UrlHandOff } from './url-hand-off.js';
import type { LinkedAnswer } from './file-delivery.js';

/** What a running use case may use besides its arguments. */
export interface UseCaseContext {
  /** Aborted when the client cancels the request (or the server stops). */
  readonly signal: AbortSignal;
  /**
   * Reports progress of the request, when the client asked for it; a no-op otherwise. Only
   * effective before the answer.
   */
  readonly reportProgress: (progress: number, total: number) => void;
}

/**
 * What a use case's success may be: its result, the result already encoded, a hand-off to a
 * page, or the result with the held files it links (a `resource_link` each).
 */
export type UseCaseValue<O extends z.ZodType = z.ZodType> = z.output<O> | EncodedResult | UrlHandOff<z.output<O>> | LinkedAnswer<z.output<O>>;

/**
 * One use case behind a public tool, in the one shape every use case has: its public input and
 * output contracts (zod), how failing input checks are ordered, the redaction its results pass
 * and `execute`. Its ports are given when it is built (the composition root binds one per
 * tool); what the caller sent is validated against `input` before `execute` runs.
 *
 * Promise of `execute`: expected failures are returned as a `Result` whose error is a `ToolFailure`, never thrown; a
 * result may come already encoded (an {@link EncodedResult} redacted with `redaction`), or as a
 * {@link UrlHandOff} when the person must open a page first (the result is then its `finish`).
 */
export interface UseCase<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /**
   * The arguments' schema. Qiongli's own use cases read it through a getter that builds it on
   * first use (`schemaOnFirstUse`), so starting the program builds no schema; a plain property
   * works as well. It must be the same schema at every read.
   */
  readonly input: I;
  /** The result's schema (advertised as `outputSchema`); read like {@link UseCase.input}. */
  readonly output: O;
  /** Order in which failing checks' messages win (docs/tools.md#per-tool-contracts); zod's order otherwise. */
  readonly messagePrecedence?: readonly string[];
  /** Redaction rule applied to every result (docs/tools.md#redaction); default `standard`. */
  readonly redaction?: RedactionRule;
  execute(args: z.output<I>, context: UseCaseContext): Result<UseCaseValue<O>, ToolFailure> | Promise<Result<UseCaseValue<O>, ToolFailure>>;
}

/** A use case as it is written down: its schemas given as the functions that build them on first use. */
export interface UseCaseParts<I extends z.ZodType, O extends z.ZodType> extends Omit<UseCase<I, O>, 'input' | 'output'> {
  readonly input: () => I;
  readonly output: () => O;
}

/**
 * A use case from its parts, its input and output types tied together: `input` and `output` are
 * read through getters that call the given functions (`schemaOnFirstUse` ones), so building a
 * use case builds no schema.
 */
export const defineUseCase = <I extends z.ZodType, O extends z.ZodType>({ input, output, ...rest }: UseCaseParts<I, O>): UseCase =>
  ({
    ...rest,
    get input() {
      return input();
    },
    get output() {
      return output();
    },
  }) as unknown as UseCase;
