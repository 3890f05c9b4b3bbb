import { surnameKeysOf, venueBigramsOf, type Candidate } from './candidates.js';
import type { GivenReference } from './given-reference.js';
import { bigramsOf, containment, dice, headNameKeys, nameKey, sameSurnameKey, type Bigrams } from './text-similarity.js';

/**
 * The score's thresholds and weights (docs/tools.md#the-reference-check, "Score"),
 * tuned on test/fixtures/reference-check/labelled-set.json.
 */
export const SCORE = {
  /** Title similarity (bigram Dice) from which two titles are one. */
  titleMatch: 0.9,
  /** Title similarity from which a long title (≥ 6 words) identifies a work without any other field. */
  strongTitle: 0.95,
  /** Share of a candidate's title found in a plain-text reference from which the text cites it. */
  textMatch: 0.9,
  /** Shortest candidate title (compact characters) a plain-text reference may be matched by. */
  textMinimum: 16,
  /** A shortened title: this share of the given title is in the candidate's, and Dice at least `shortenedDice`. */
  shortenedContainment: 0.9,
  shortenedDice: 0.5,
  /** Weights of the confidence's parts. */
  weights: { title: 0.5, author: 0.2, year: 0.15, venue: 0.05, identifier: 0.1 },
  /** Confidence factor with one agreeing source (two or more: 1). */
  singleSource: 0.9,
} as const;

/** How a candidate compares with a reference, field by field. */
export interface MatchScore {
  /** Title similarity 0–1 (for a plain-text reference: the share of the candidate's title in the text). */
  readonly title: number;
  readonly titleMatch: boolean;
  /** The given title is a shortened form of the candidate's. */
  readonly shortened: boolean;
  /** The first author: the candidate's first author (`first`), another of its authors (`other`), none of them (`absent`). */
  readonly author?: 'first' | 'other' | 'absent';
  /** Years apart. */
  readonly yearGap?: number;
  readonly venueAgrees?: boolean;
  /** Given identifiers the candidate carries (`agree`) or contradicts (`conflict`: field names). */
  readonly identifiersAgree: number;
  readonly identifierConflicts: readonly ('doi' | 'pmid' | 'arxiv')[];
  /** Fields that agree: the first author, the year (±1), the venue, an identifier. */
  readonly agreeing: number;
  /** 0–1, before the sources' corroboration. */
  readonly base: number;
}

/** A given reference with its texts prepared for comparison. */
export interface PreparedReference {
  readonly given: GivenReference;
  readonly title?: Bigrams;
  readonly titleWords: number;
  readonly text?: Bigrams;
  readonly textNames?: Set<string>;
  readonly venue?: Bigrams;
  /** The first author's surname as {@link nameKey} reduces it. */
  readonly firstAuthorKey?: string;
}

/** Prepares a reference once for all its candidates. */
export function prepare(given: GivenReference): PreparedReference {
  return {
    given,
    ...(given.title === undefined ? {} : { title: bigramsOf(given.title) }),
    titleWords: given.title === undefined ? 0 : given.title.split(/\s+/u).length,
    ...(given.text === undefined ? {} : { text: bigramsOf(given.text), textNames: headNameKeys(given.text) }),
    ...(given.venue === undefined ? {} : { venue: bigramsOf(given.venue) }),
    ...(given.firstAuthor === undefined ? {} : { firstAuthorKey: nameKey(given.firstAuthor) }),
  };
}

function titleOf(reference: PreparedReference, candidate: Candidate): Pick<MatchScore, 'title' | 'titleMatch' | 'shortened'> {
  if (reference.title !== undefined) {
    const similarity = dice(reference.title, candidate.title);
    const shortened =
      similarity < SCORE.titleMatch && similarity >= SCORE.shortenedDice && containment(reference.title, candidate.title) >= SCORE.shortenedContainment;
    return { title: similarity, titleMatch: similarity >= SCORE.titleMatch, shortened };
  }
  if (reference.text !== undefined && candidate.title.compact.length >= SCORE.textMinimum) {
    const share = containment(candidate.title, reference.text);
    return { title: share, titleMatch: share >= SCORE.textMatch, shortened: false };
  }
  return { title: 0, titleMatch: false, shortened: false };
}

function authorOf(reference: PreparedReference, candidate: Candidate): MatchScore['author'] {
  const surnames = surnameKeysOf(candidate);
  if (surnames.length === 0) return undefined;
  const given = reference.firstAuthorKey;
  if (given !== undefined) return sameSurnameKey(given, surnames[0]!) ? 'first' : surnames.some((name) => sameSurnameKey(given, name)) ? 'other' : 'absent';
  if (reference.textNames !== undefined) return reference.textNames.has(surnames[0]!) ? 'first' : 'absent';
  return undefined;
}

function venueOf(reference: PreparedReference, candidate: Candidate): boolean | undefined {
  const venue = venueBigramsOf(candidate);
  if (venue === undefined) return undefined;
  if (reference.venue !== undefined)
    return dice(reference.venue, venue) >= 0.6 || containment(reference.venue, venue) >= 0.9 || containment(venue, reference.venue) >= 0.9;
  if (reference.text !== undefined && venue.compact.length >= 4) return reference.text.compact.includes(venue.compact) ? true : undefined;
  return undefined;
}

function identifiersOf(given: GivenReference, candidate: Candidate): Pick<MatchScore, 'identifiersAgree' | 'identifierConflicts'> {
  const conflicts: ('doi' | 'pmid' | 'arxiv')[] = [];
  let agree = 0;
  const compare = (field: 'doi' | 'pmid' | 'arxiv', mine: string | undefined, theirs: string | undefined) => {
    if (mine === undefined || theirs === undefined) return;
    if (mine === theirs.toLowerCase()) agree += 1;
    else conflicts.push(field);
  };
  const arxivOfDoi = /^10\.48550\/arxiv\.(.+)$/u.exec(candidate.fields.doi ?? '')?.[1];
  compare('doi', given.doi, candidate.fields.doi);
  compare('pmid', given.pmid, candidate.fields.identifiers?.pmid);
  compare('arxiv', given.arxiv, candidate.fields.identifiers?.arxiv?.replace(/v\d+$/u, '') ?? arxivOfDoi);
  return { identifiersAgree: agree, identifierConflicts: conflicts };
}

/**
 * Compares a candidate with a reference (docs/tools.md#the-reference-check,
 * "Score"). `base` = the weighted mean of the parts the two have in common: title similarity
 * (0.5), first author (0.2: first 1, elsewhere 0.5, absent 0), year (0.15: same 1, ±1 0.75, else 0),
 * venue (0.05: agrees 1, else 0.5), identifiers (0.1: all agree 1, any conflict 0).
 */
export function scoreCandidate(reference: PreparedReference, candidate: Candidate): MatchScore {
  const memo = candidate.memo;
  if (memo.score !== undefined && memo.scoredFor === reference && memo.scoredAt === candidate.changes) return memo.score;
  const { given } = reference;
  const title = titleOf(reference, candidate);
  if (title.title < SCORE.shortenedDice && !candidate.viaIdentifier && given.doi === undefined && given.pmid === undefined && given.arxiv === undefined) {
    // Too far to be the work in any way (see isSameWork): only the title similarity is kept.
    return remember(candidate, reference, { ...title, identifiersAgree: 0, identifierConflicts: [], agreeing: 0, base: title.title });
  }
  const author = authorOf(reference, candidate);
  const yearGap = given.year === undefined || candidate.fields.year === undefined ? undefined : Math.abs(given.year - candidate.fields.year);
  const venueAgrees = venueOf(reference, candidate);
  const ids = identifiersOf(given, candidate);
  const w = SCORE.weights;
  let weight = 0;
  let sum = 0;
  const part = (share: number, value: number) => {
    weight += share;
    sum += share * value;
  };
  if (given.title !== undefined || given.text !== undefined) part(w.title, title.title);
  if (author !== undefined) part(w.author, author === 'first' ? 1 : author === 'other' ? 0.5 : 0);
  if (yearGap !== undefined) part(w.year, yearGap === 0 ? 1 : yearGap === 1 ? 0.75 : 0);
  if (venueAgrees !== undefined) part(w.venue, venueAgrees ? 1 : 0.5);
  if (ids.identifiersAgree + ids.identifierConflicts.length > 0) part(w.identifier, ids.identifierConflicts.length > 0 ? 0 : 1);
  const agreeing =
    Number(author === 'first') +
    Number(yearGap !== undefined && yearGap <= 1) +
    Number(venueAgrees === true) +
    Number(ids.identifiersAgree > 0 || candidate.viaIdentifier);
  const score: MatchScore = {
    ...title,
    ...(author === undefined ? {} : { author }),
    ...(yearGap === undefined ? {} : { yearGap }),
    ...(venueAgrees === undefined ? {} : { venueAgrees }),
    ...ids,
    agreeing,
    base: weight === 0 ? 0 : sum / weight,
  };
  return remember(candidate, reference, score);
}

/** Keeps a candidate's score for this reference until a find is merged into it. */
function remember(candidate: Candidate, reference: PreparedReference, score: MatchScore): MatchScore {
  candidate.memo.score = score;
  candidate.memo.scoredFor = reference;
  candidate.memo.scoredAt = candidate.changes;
  return score;
}

/** The confidence of a match: `base` × 0.9 with one agreeing source, × 1 with two or more; two decimals. */
export const confidenceOf = (score: MatchScore, sources: number): number => Math.round(score.base * (sources >= 2 ? 1 : SCORE.singleSource) * 100) / 100;
