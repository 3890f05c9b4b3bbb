import type * as z from 'zod';
import { checkSchema } from '../shared/parse-arguments.js';
import { failure, success, type Result } from '../shared/result.js';
import type { Stepwise } from '../shared/stepwise.js';

/** Records checked between two pauses. */
const RECORDS_PER_STEP = 16;

/**
 * Checks arguments holding a `records` list stepwise (the Zotero export and Zotero delivery):
 * `around` — the arguments with each record left unchecked — then each record against
 * `record`, with a pause every few (1,000 records take 10–40 ms to check in one call). Records
 * are checked only when the list holds at most `maxRecords`: the list's own message ranks before
 * every record message, so the verdict is the one the whole schema gives.
 */
export function* checkRecordsStepwise<A extends { records: unknown }, R>(
  around: z.ZodType<A>,
  record: z.ZodType<R>,
  maxRecords: number,
  args: unknown,
): Stepwise<Result<Omit<A, 'records'> & { records: R[] }, readonly string[]>> {
  const verdict = checkSchema(around, args);
  const messages = verdict.ok ? [] : [...verdict.error];
  const raw = args !== null && typeof args === 'object' ? (args as Record<string, unknown>)['records'] : undefined;
  const records: R[] = [];
  if (Array.isArray(raw) && raw.length <= maxRecords) {
    for (let index = 0; index < raw.length; index++) {
      const checked = checkSchema(record, raw[index]);
      if (checked.ok) records.push(checked.value);
      else messages.push(...checked.error);
      if (index % RECORDS_PER_STEP === RECORDS_PER_STEP - 1) yield;
    }
  }
  if (!verdict.ok || messages.length > 0) return failure(messages);
  return success({ ...verdict.value, records });
}
