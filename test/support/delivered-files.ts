/**
 * The files of an export answered with `delivery: "inline"` (docs/tools.md#files-a-person-saves),
 * by name: the text of each joined from its parts. The export must have come whole in one answer
 * (small exports do): a test that needs more follows `next_cursor` itself.
 */
export function inlineFiles(answer: { parts?: { name: string; text: string }[]; next_cursor?: string }): Record<string, string> {
  if (answer.next_cursor !== undefined) throw new Error('the export did not come whole in one answer');
  const files: Record<string, string> = {};
  for (const part of answer.parts ?? []) files[part.name] = (files[part.name] ?? '') + part.text;
  return files;
}
