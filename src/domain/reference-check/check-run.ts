import { PROVIDER_IDS } from '../../ports/config-source.port.js';
import type { ReferenceSourceId, UpdateStatus } from '../../ports/reference-lookup.port.js';
import { recordOf } from '../literature-search/rank-records.js';
import type { LiteratureRecord } from '../shared/literature-record.js';
import type { Candidate } from './candidates.js';
import { ECHOED_TITLE_CHARACTERS, type ReferenceCheck } from './check-output.js';
import type { GivenReference } from './given-reference.js';
import { prepare } from './match-score.js';
import { resolveReference, type SourceUse } from './resolve-reference.js';
import { mergeFlags, noticesFor, versionsOf } from './status-flags.js';
import { decide, type Decision } from './verdict.js';

/** References resolved at once (the sources' pacing lanes bound the requests themselves). */
const CONCURRENT_REFERENCES = 4;

/** DOIs per Crossref status lookup. */
const STATUS_BATCH = 20;

/** The static note of a reference no source knows: `not found in <sources>`, never "fake". */
const notFoundNote = (sources: readonly ReferenceSourceId[]): string => `not found in ${sources.join(', ')}`;

/** The static note of an unreadable reference. */
const UNREADABLE_NOTES = {
  syntax: 'could not be read: its syntax is broken',
  too_long: 'could not be read: longer than a reference may be',
  nesting: 'could not be read: nested deeper than a reference may be',
  no_fields: 'could not be read: it has no title, text or identifier',
} as const;

/** What was read of a reference, bounded. */
function echo(given: GivenReference): ReferenceCheck['reference'] {
  if (given.unreadable !== undefined) return { unreadable: given.unreadable };
  const title =
    given.title === undefined
      ? undefined
      : given.title.length > ECHOED_TITLE_CHARACTERS
        ? `${given.title.slice(0, ECHOED_TITLE_CHARACTERS - 1)}…`
        : given.title;
  return {
    ...(title === undefined ? {} : { title }),
    ...(given.firstAuthor === undefined ? {} : { first_author: given.firstAuthor }),
    ...(given.year === undefined ? {} : { year: given.year }),
  };
}

const record = (candidate: Candidate): LiteratureRecord => recordOf(candidate.fields, candidate.sources);

/** A reference resolved and decided, before the status flags are known. */
interface Checked {
  readonly index: number;
  readonly given: GivenReference;
  readonly decision?: Decision;
  readonly candidates: readonly Candidate[];
  readonly answered: readonly ReferenceSourceId[];
  readonly asked: number;
}

async function checkOne(index: number, given: GivenReference, uses: ReadonlyMap<ReferenceSourceId, SourceUse>, signal: AbortSignal): Promise<Checked> {
  if (given.unreadable !== undefined || uses.size === 0) return { index, given, candidates: [], answered: [], asked: 0 };
  const reference = prepare(given);
  const resolution = await resolveReference(reference, uses, signal);
  // In search order (§7.1), as every record's `providers`.
  const answered = PROVIDER_IDS.filter((source): source is ReferenceSourceId => resolution.answered.has(source as ReferenceSourceId));
  if (answered.length === 0) return { index, given, candidates: resolution.candidates, answered, asked: resolution.asked.size };
  const decision = decide(reference, resolution.candidates, answered.length / Math.max(1, resolution.asked.size));
  return { index, given, decision, candidates: resolution.candidates, answered, asked: resolution.asked.size };
}

/** The public check of a decided reference, with its flags from every place (the Crossref status lookups included). */
function checkOf(checked: Checked, statuses: readonly UpdateStatus[]): ReferenceCheck {
  const reference = echo(checked.given);
  const { index, decision } = checked;
  if (checked.given.unreadable !== undefined)
    return { index, verdict: 'unreadable', confidence: 0, sources: [], note: UNREADABLE_NOTES[checked.given.unreadable], reference };
  if (decision === undefined) return { index, verdict: 'unchecked', confidence: 0, sources: [], reference };
  if (decision.verdict === 'not_found')
    return { index, verdict: 'not_found', confidence: decision.confidence, sources: [...checked.answered], note: notFoundNote(checked.answered), reference };
  if (decision.verdict === 'ambiguous') {
    return {
      index,
      verdict: 'ambiguous',
      confidence: decision.confidence,
      sources: [...new Set(decision.alternatives.flatMap((c) => c.sources))],
      candidates: decision.alternatives.map(record),
      reference,
    };
  }
  const matched = decision.matched!;
  const flags = mergeFlags([...matched.notices, ...noticesFor(matched.fields.doi, statuses)]);
  const versions = versionsOf(matched, decision.otherVersions, checked.candidates);
  const matchedRecord = record(matched);
  if (flags.retracted !== undefined) matchedRecord.retracted = true;
  return {
    index,
    verdict: decision.verdict,
    confidence: decision.confidence,
    sources: [...matched.sources],
    matched: matchedRecord,
    ...(decision.differences.length === 0 ? {} : { differences: decision.differences.map((difference) => ({ ...difference })) }),
    ...(Object.keys(flags).length === 0 ? {} : { flags }),
    ...(versions.length === 0 ? {} : { versions }),
    reference,
  };
}

/**
 * Checks every reference (docs/tools.md#the-reference-check): a few at a time,
 * each resolved and decided, one progress notification as each finishes; then the DOIs of the
 * matched works are asked at Crossref in batches of {@link STATUS_BATCH} for notices in both of
 * its places, and each check is written with its flags and versions. A reference whose every
 * asked source failed is `unchecked`; with no source to ask, every readable reference is.
 * When the signal aborts, the references not started are left `unchecked`.
 */
export async function runChecks(
  references: readonly GivenReference[],
  uses: ReadonlyMap<ReferenceSourceId, SourceUse>,
  context: { readonly signal: AbortSignal; readonly reportProgress: (progress: number, total: number) => void },
): Promise<ReferenceCheck[]> {
  const checked: Checked[] = new Array(references.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < references.length) {
      const index = next++;
      const given = references[index]!;
      checked[index] = context.signal.aborted ? { index, given, candidates: [], answered: [], asked: 0 } : await checkOne(index, given, uses, context.signal);
      context.reportProgress(++done, references.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_REFERENCES, references.length) }, worker));
  const crossref = uses.get('crossref');
  const dois = [...new Set(checked.flatMap((entry) => (entry.decision?.matched?.fields.doi === undefined ? [] : [entry.decision.matched.fields.doi])))];
  const statuses: UpdateStatus[] = [];
  for (let start = 0; crossref !== undefined && start < dois.length && !context.signal.aborted; start += STATUS_BATCH) {
    const answer = await crossref.ask((session) => session.updateStatus(dois.slice(start, start + STATUS_BATCH)));
    if (answer.ok) statuses.push(...answer.value);
  }
  return checked.map((entry) => checkOf(entry, statuses));
}
