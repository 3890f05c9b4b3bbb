import type { LiteratureRecord } from '../shared/literature-record.js';
import type { CheckReferencesResult, ReferenceCheck } from './check-output.js';
import type { HeldCheck } from './check-cursor.js';

/**
 * Characters of text a page may take (§13, docs/tools.md#the-reference-check, "Pages"): a page
 * asked with the default `page_size` stays under 40,000 characters of text content, one with an
 * explicit `page_size` under 100,000 — each bound with room for what an encoder adds.
 */
export const PAGE_CHARACTERS = { default: 36_000, explicit: 90_000 } as const;

/** Room kept for the `next_cursor` of a page (a sealed cursor is a few hundred characters). */
const CURSOR_ROOM = 600;

/** What a check alone may take before it is shown compacted (see {@link compactCheck}). */
const CHECK_CHARACTERS = 24_000;

/** Bounds of a compacted record: its authors and its longest texts. */
const COMPACT = { authors: 10, title: 512, venue: 256, link: 512 } as const;

const lengths = new WeakMap<object, number>();

/** Characters of a check's compact JSON (computed once per check). */
function lengthOf(check: ReferenceCheck): number {
  let length = lengths.get(check);
  if (length === undefined) lengths.set(check, (length = JSON.stringify(check).length));
  return length;
}

const cut = (text: string | undefined, max: number): string | undefined => (text === undefined || text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** A record with its first ten authors and its long texts cut (what a person needs to recognise the work). */
function compactRecord(record: LiteratureRecord): LiteratureRecord {
  const compact: LiteratureRecord = { ...record, title: cut(record.title, COMPACT.title)! };
  if (record.authors !== undefined) compact.authors = record.authors.slice(0, COMPACT.authors);
  for (const [field, max] of [
    ['venue', COMPACT.venue],
    ['url', COMPACT.link],
    ['open_access_url', COMPACT.link],
  ] as const)
    if (record[field] !== undefined) compact[field] = cut(record[field], max);
  delete compact.abstract;
  return compact;
}

/**
 * A check too long to show as it is (a work with a thousand authors and its preprint, or a source
 * answering with enormous texts): every record in it compacted ({@link compactRecord}). The
 * verdict, confidence, differences, flags and which versions exist stay whole.
 */
function compactCheck(check: ReferenceCheck): ReferenceCheck {
  return {
    ...check,
    ...(check.matched === undefined ? {} : { matched: compactRecord(check.matched) }),
    ...(check.candidates === undefined ? {} : { candidates: check.candidates.map(compactRecord) }),
    ...(check.versions === undefined ? {} : { versions: check.versions.map((version) => ({ ...version, record: compactRecord(version.record) })) }),
  };
}

/**
 * One page of a finished check from `offset`: at most `size` checks, and no more than fit in
 * `budget` characters with the summary and diagnostics every page repeats (at least one check
 * per page; one too long alone is compacted). `next` seals the cursor of the page starting at
 * the given offset, when checks remain.
 */
export function pageOf(check: HeldCheck, offset: number, size: number, budget: number, next: (offset: number) => string): CheckReferencesResult {
  const base = JSON.stringify({ status: check.status, summary: check.summary, checks: [], diagnostics: check.diagnostics }).length + CURSOR_ROOM;
  const checks: ReferenceCheck[] = [];
  let used = base;
  for (let index = offset; index < check.checks.length && checks.length < size; index++) {
    const whole = check.checks[index]!;
    const shown = lengthOf(whole) > CHECK_CHARACTERS ? compactCheck(whole) : whole;
    const length = lengthOf(shown) + 1;
    if (checks.length > 0 && used + length > budget) break;
    checks.push(shown);
    used += length;
  }
  const end = offset + checks.length;
  return {
    status: check.status,
    summary: check.summary,
    checks,
    diagnostics: check.diagnostics,
    ...(end < check.checks.length ? { next_cursor: next(end) } : {}),
  };
}
