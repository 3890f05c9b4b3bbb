import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { boundedString } from '../shared/string-checks.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import { previewFlags, previewFlagsShape, previewWith, standardPreviewFlagsShape, type PreviewFlags } from '../preview-shared/preview-flags.js';

const requiredText = (name: string, maxBytes: number, description: string) =>
  boundedString(
    { max: maxBytes, unit: 'bytes', nonBlank: true },
    {
      missing: `Missing ${name}`,
      type: `${name} must be a string`,
      blank: `${name} must not be empty`,
      tooLong: `${name} exceeds the byte limit`,
    },
  ).describe(description);

/** Arguments of `qiongli_task_plan` (docs/tools.md#12-qiongli_task_plan). Byte bounds apply before trimming. */
export const taskPlanInput = schemaOnFirstUse(() =>
  z.strictObject(
    {
      task_id: requiredText('task_id', 256, 'Identifier of the research task (at most 256 bytes).'),
      paper_type: requiredText('paper_type', 256, 'Kind of paper, e.g. "systematic review" (at most 256 bytes).'),
      topic: requiredText('topic', 4096, 'Topic of the paper (at most 4096 bytes).'),
    },
    { error: UNSUPPORTED_ARGUMENT },
  ),
);

/** Result of a task-plan preview in Lite. */
export const taskPlanOutput = schemaOnFirstUse(() =>
  z.strictObject({
    ...previewFlagsShape(),
    task_id: z.string(),
    paper_type: z.string(),
    topic: z.string(),
  }),
);

/** Result of a task-plan preview in Standard: its own fixed flags (no Full CLI), the same fields. */
export const standardTaskPlanOutput = schemaOnFirstUse(() =>
  z.strictObject({
    ...standardPreviewFlagsShape(),
    task_id: z.string(),
    paper_type: z.string(),
    topic: z.string(),
  }),
);

/** What a task-plan preview answers besides the profile's fixed flags. */
type TaskPlanFields = { task_id: string; paper_type: string; topic: string };

/**
 * Previews a research task plan. A pure function (no agent, process, shell, network, write,
 * clock or randomness); the three texts come back trimmed, after the profile's fixed flags
 * (Lite's by default).
 */
export function previewTaskPlan<P extends PreviewFlags = typeof previewFlags>(
  input: z.output<ReturnType<typeof taskPlanInput>>,
  flags: P = previewFlags as P,
): P & TaskPlanFields {
  return previewWith(flags, { task_id: input.task_id.trim(), paper_type: input.paper_type.trim(), topic: input.topic.trim() });
}
