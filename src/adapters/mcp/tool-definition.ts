import type * as z from 'zod';
import type { ToolFailure } from '../../domain/shared/tool-failure.js';
import type { Result } from '../../domain/shared/result.js';
import type { RedactionRule } from '../../domain/shared/redaction.js';
import type { CapabilityGroup } from '../../domain/shared/capability-groups.js';
import type { UseCase, UseCaseContext, UseCaseValue } from '../../domain/shared/use-case.js';
import type { ToolAnnotations, ToolEntry } from '../../domain/shared/tool-entry.js';

/** What a running tool call may use besides its arguments. */
export type ToolCallContext = UseCaseContext;

/**
 * One served MCP tool: its catalogue entry joined with the use case it runs, defaults applied.
 * The composition root builds one per tool slice of the profile; this adapter only serves them.
 *
 * The MCP adapter validates arguments with `input` (so the advertised `inputSchema` and the
 * validation can never disagree), runs `run`, redacts the outcome with `redaction` and projects
 * it to the connection's protocol revision.
 */
export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly group: CapabilityGroup;
  readonly input: I;
  readonly output: O;
  readonly annotations: ToolAnnotations;
  /** Largest encoded `tools/call` params accepted for this tool (docs/protocol.md#admission step 4). */
  readonly inputBudgetBytes: number;
  /** Order in which failing checks' messages win (docs/tools.md#per-tool-contracts); zod's order otherwise. */
  readonly messagePrecedence?: readonly string[];
  /** Arguments whose presence widens the answer's budget from 40,000 to 100,000 characters (docs/tools.md#answers-that-fit-a-models-context). */
  readonly widenedBy?: readonly string[];
  /** Redaction rule applied to every result of this tool (docs/tools.md#redaction). */
  readonly redaction: RedactionRule;
  /**
   * Runs the use case on validated arguments. Expected failures are returned, not thrown. A
   * result may come already encoded (an `EncodedResult` redacted with `redaction`) or as a
   * `UrlHandOff` (docs/protocol.md#url-elicitation).
   */
  run(args: z.output<I>, context: ToolCallContext): Result<UseCaseValue<O>, ToolFailure> | Promise<Result<UseCaseValue<O>, ToolFailure>>;
}

/** 256 KiB: the default params budget. */
const DEFAULT_INPUT_BUDGET = 256 * 1024;
/** 2 MiB: the params budget of the two bulk tools. */
const BULK_INPUT_BUDGET = 2 * 1024 * 1024;

/** Annotations of a read-only, local, idempotent tool (eleven of the twelve). */
export const LOCAL_READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** One runner per use case, so an alias runs the very same handler as the tool it aliases. */
const runners = new WeakMap<UseCase, ToolDefinition['run']>();

function runnerOf(useCase: UseCase): ToolDefinition['run'] {
  let run = runners.get(useCase);
  if (run === undefined) {
    run = (args, context) => useCase.execute(args, context);
    runners.set(useCase, run);
  }
  return run;
}

/** The served definition of a catalogue entry: the one place where definition defaults apply. */
export function toolDefinition(entry: ToolEntry, useCase: UseCase): ToolDefinition {
  return {
    name: entry.name,
    title: entry.title,
    description: entry.description,
    group: entry.group,
    // Read when first used: a use case builds its schemas on first use (docs/runtime.md).
    get input() {
      return useCase.input;
    },
    get output() {
      return useCase.output;
    },
    annotations: entry.annotations ?? LOCAL_READ_ONLY,
    inputBudgetBytes: entry.inputBudget === 'bulk' ? BULK_INPUT_BUDGET : DEFAULT_INPUT_BUDGET,
    widenedBy: entry.widenedBy ?? [],
    ...(useCase.messagePrecedence === undefined ? {} : { messagePrecedence: useCase.messagePrecedence }),
    redaction: useCase.redaction ?? 'standard',
    run: runnerOf(useCase),
  };
}

/** Keeps the input/output types of a hand-written definition tied together (test tools). */
export const defineTool = <I extends z.ZodType, O extends z.ZodType>(definition: ToolDefinition<I, O>): ToolDefinition =>
  definition as unknown as ToolDefinition;
