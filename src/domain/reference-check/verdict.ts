import type { Candidate } from './candidates.js';
import { confidenceOf, SCORE, scoreCandidate, type MatchScore, type PreparedReference } from './match-score.js';
import { dice, recordSurname, sameSurname } from './text-similarity.js';

/** What a check concludes of one reference (docs/tools.md#the-reference-check). */
type Verdict = 'verified' | 'mismatch' | 'not_found' | 'ambiguous' | 'unchecked' | 'unreadable';

/** A field the reference gives differently from the work it names. */
interface Difference {
  readonly field: 'title' | 'first_author' | 'year' | 'doi' | 'pmid' | 'arxiv';
  readonly given: string | number;
  /** The work's value; absent when the work has none. */
  readonly found?: string | number;
}

/** A verdict with its evidence. */
export interface Decision {
  readonly verdict: Exclude<Verdict, 'unchecked' | 'unreadable'>;
  readonly confidence: number;
  readonly matched?: Candidate;
  readonly differences: readonly Difference[];
  /** `ambiguous`: the works it may be (up to 3, best first). */
  readonly alternatives: readonly Candidate[];
  /** Other versions of the matched work among the candidates (a preprint beside its version of record). */
  readonly otherVersions: readonly Candidate[];
}

/** Most candidates an ambiguous verdict lists. */
const MAX_ALTERNATIVES = 3;

/** How close (in `base`) another work's score must be to the best one's for the reference to be ambiguous. */
const AMBIGUITY_MARGIN = 0.1;

const PREPRINT_DOI = /^10\.(?:48550\/arxiv|1101\/|21203\/rs|2139\/ssrn|26434\/chemrxiv|20944\/preprints)/u;
const PREPRINT_VENUE = /arxiv|biorxiv|medrxiv|ssrn|research square|preprints|chemrxiv/iu;

/** Whether a candidate is a preprint: arXiv without a journal reference, a preprint server's DOI or venue. */
export const isPreprint = (candidate: Candidate): boolean =>
  candidate.fields.record_type === 'preprint' || PREPRINT_DOI.test(candidate.fields.doi ?? '') || PREPRINT_VENUE.test(candidate.fields.venue ?? '');

const firstSurname = (candidate: Candidate): string | undefined => {
  const first = candidate.fields.authors?.[0];
  return first === undefined ? undefined : recordSurname(first);
};

/** Whether two candidates are a preprint and its version of record: one of each, titles alike, same first author (when both say). */
function areVersions(a: Candidate, b: Candidate): boolean {
  if (isPreprint(a) === isPreprint(b) || dice(a.title, b.title) < 0.8) return false;
  const [left, right] = [firstSurname(a), firstSurname(b)];
  return left === undefined || right === undefined || sameSurname(left, right);
}

/** Whether a reference gives anything besides a title or text to compare. */
const givesMore = ({ given }: PreparedReference): boolean =>
  given.firstAuthor !== undefined ||
  given.year !== undefined ||
  given.venue !== undefined ||
  given.doi !== undefined ||
  given.pmid !== undefined ||
  given.arxiv !== undefined;

/**
 * Whether a candidate is the work the reference names: its title matches and at least one other
 * field agrees (or the reference gives nothing else, or a long title matches almost exactly); or
 * a shortened title with two agreeing fields; or, for a reference without title or text, a given
 * identifier resolved to it.
 */
export function isSameWork(reference: PreparedReference, candidate: Candidate, score: MatchScore): boolean {
  const noText = reference.given.title === undefined && reference.given.text === undefined;
  if (noText) return candidate.viaIdentifier || score.identifiersAgree > 0;
  if (score.titleMatch) return score.agreeing >= 1 || !givesMore(reference) || (score.title >= SCORE.strongTitle && reference.titleWords >= 6);
  return score.shortened && score.agreeing >= 2;
}

/** The fields the reference gives differently from the candidate. */
function differencesOf(reference: PreparedReference, candidate: Candidate, score: MatchScore): Difference[] {
  const { given } = reference;
  const { fields } = candidate;
  const differences: Difference[] = [];
  if (score.shortened && given.title !== undefined) differences.push({ field: 'title', given: given.title, found: fields.title });
  const surname = firstSurname(candidate);
  if (given.firstAuthor !== undefined && score.author !== undefined && score.author !== 'first' && given.text === undefined) {
    differences.push({ field: 'first_author', given: given.firstAuthor, ...(surname === undefined ? {} : { found: surname }) });
  }
  if (score.yearGap !== undefined && score.yearGap > 1) differences.push({ field: 'year', given: given.year!, found: fields.year! });
  for (const field of score.identifierConflicts) {
    const found = field === 'doi' ? fields.doi : fields.identifiers?.[field];
    differences.push({ field, given: given[field]!, ...(found === undefined ? {} : { found }) });
  }
  if (given.doi !== undefined && fields.doi === undefined && !candidate.viaIdentifier) differences.push({ field: 'doi', given: given.doi });
  return differences;
}

interface Scored {
  readonly candidate: Candidate;
  readonly score: MatchScore;
}

const byStrength = (a: Scored, b: Scored): number =>
  b.score.base - a.score.base ||
  b.candidate.sources.length - a.candidate.sources.length ||
  Number(b.candidate.viaIdentifier) - Number(a.candidate.viaIdentifier);

/** Between a preprint and its version of record, the one the reference names: the exact year, else the version of record. */
const preferredVersion = (a: Scored, b: Scored): Scored => {
  if (a.score.yearGap === 0 && b.score.yearGap !== 0) return a;
  if (b.score.yearGap === 0 && a.score.yearGap !== 0) return b;
  return isPreprint(a.candidate) ? b : a;
};

/**
 * The verdict of one reference from its candidates (docs/tools.md#the-reference-check):
 * among the candidates that are the same work ({@link isSameWork}), the strongest is matched —
 * `verified` without differences, `mismatch` with them; several distinct works within 0.1 of each
 * other are `ambiguous` (a preprint and its version of record are one work: the reference's year
 * picks, else the version of record). No such candidate: a work a given identifier resolved to
 * is a `mismatch` of the title; otherwise `not_found`, whose confidence is (1 − the best title
 * similarity seen) × the share of the sources asked that answered.
 */
export function decide(reference: PreparedReference, candidates: readonly Candidate[], answeredShare: number): Decision {
  const scored = candidates.map((candidate) => ({ candidate, score: scoreCandidate(reference, candidate) }));
  const same = scored.filter((entry) => isSameWork(reference, entry.candidate, entry.score)).sort(byStrength);
  let best = same[0];
  if (best === undefined) {
    const resolved = scored.find((entry) => entry.candidate.viaIdentifier);
    if (resolved !== undefined && reference.given.title !== undefined) {
      const differences: Difference[] = [{ field: 'title', given: reference.given.title, found: resolved.candidate.fields.title }];
      return {
        verdict: 'mismatch',
        confidence: confidenceOf(resolved.score, resolved.candidate.sources.length),
        matched: resolved.candidate,
        differences,
        alternatives: [],
        otherVersions: [],
      };
    }
    const closest = scored.reduce((max, entry) => Math.max(max, entry.score.title), 0);
    return { verdict: 'not_found', confidence: Math.round((1 - closest) * answeredShare * 100) / 100, differences: [], alternatives: [], otherVersions: [] };
  }
  const versions = same.filter((entry) => entry !== best && areVersions(entry.candidate, best!.candidate));
  for (const version of versions) if (best.score.base - version.score.base <= AMBIGUITY_MARGIN) best = preferredVersion(best, version);
  const chosen = best;
  const otherVersions = same.filter((entry) => entry !== chosen && areVersions(entry.candidate, chosen.candidate)).map((entry) => entry.candidate);
  const rivals = same.filter(
    (entry) =>
      entry !== chosen &&
      !otherVersions.includes(entry.candidate) &&
      chosen.score.base - entry.score.base <= AMBIGUITY_MARGIN &&
      chosen.score.identifiersAgree <= entry.score.identifiersAgree,
  );
  const confidence = confidenceOf(chosen.score, chosen.candidate.sources.length);
  const differences = differencesOf(reference, chosen.candidate, chosen.score);
  // Nothing but the title to go by (no field agrees, none differs) is not enough to verify.
  if (rivals.length > 0 || (chosen.score.agreeing === 0 && differences.length === 0)) {
    const alternatives = [chosen, ...rivals].slice(0, MAX_ALTERNATIVES).map((entry) => entry.candidate);
    return { verdict: 'ambiguous', confidence, differences: [], alternatives, otherVersions: [] };
  }
  return { verdict: differences.length > 0 ? 'mismatch' : 'verified', confidence, matched: chosen.candidate, differences, alternatives: [], otherVersions };
}
