import type { ToolSlice } from '../../tools/tool-slice.js';

/** `a`, `a and b`, `a, b and c`… with the list's last comma before `and`, as the recorded texts write it. */
const joined = (steps: readonly string[]): string =>
  steps.length <= 1 ? (steps[0] ?? '') : `${steps.slice(0, -1).join(', ')}${steps.length > 2 ? ',' : ''} and ${steps.at(-1) ?? ''}`;

/**
 * The server's instructions derived from the tools a profile serves (issue 25, row 8): `intro`,
 * then one sentence of the granted tools' steps in list order, then each granted tool's note.
 * A new tool adds its own phrase through its slice.
 */
export function instructionsOf(intro: string, granted: readonly ToolSlice[]): string {
  const steps = granted.flatMap((slice) => (slice.instruction?.step === undefined ? [] : [slice.instruction.step]));
  const notes = granted.flatMap((slice) => (slice.instruction?.note === undefined ? [] : [slice.instruction.note]));
  const sentence = joined(steps);
  const sequence = steps.length === 0 ? [] : [`${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`];
  return [intro, ...sequence, ...notes].join(' ');
}
