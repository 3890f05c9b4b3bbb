import { EncodedResult } from '../domain/shared/encoded-result.js';
import type { RedactionRule } from '../domain/shared/redaction.js';
import { jsonStringStepwise } from '../domain/shared/sliced-text.js';
import type { TimeSlices } from '../ports/time-slices.port.js';

/**
 * A result sent as the JSON text it already is, with its text content's literal built in time
 * slices too (issue 19, row 6): the bulk tools' answers reach 16 MiB.
 */
export const encodedInSlices = async (json: string, redaction: RedactionRule, slices: TimeSlices, signal: AbortSignal): Promise<EncodedResult> =>
  new EncodedResult(json, redaction, await slices.run(jsonStringStepwise(json), signal));
