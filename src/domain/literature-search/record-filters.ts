import type { MergedRecord } from './dedupe-records.js';
import { compactText } from './record-keys.js';

/** Inclusive publication-year bounds (1000–9999); either may be absent. */
export interface YearBounds {
  readonly from?: number;
  readonly to?: number;
}

/** What merged records must match to be kept (docs/tools.md#7-qiongli_literature_search). */
export interface RecordFilter {
  readonly years?: YearBounds;
  /** The trimmed, non-empty `venue_filter`. */
  readonly venue?: string;
}

/**
 * The merged records that pass `filter`, in their order:
 * - years: with either bound set, a record needs a year within the bounds (no year → dropped);
 * - venue: a record needs a venue whose comparison form (NFKC, lowercased, letters and digits
 *   only, as a title key) contains the filter's comparison form (no venue → dropped).
 * No filter → the same records. Each distinct venue text is normalised once.
 */
export function filterRecords(records: readonly MergedRecord[], filter: RecordFilter): MergedRecord[] {
  const { years, venue } = filter;
  const checkYears = years !== undefined && (years.from !== undefined || years.to !== undefined);
  if (!checkYears && venue === undefined) return [...records];
  const wanted = venue === undefined ? undefined : compactText(venue);
  const venueMatches = new Map<string, boolean>();
  return records.filter(({ fields }) => {
    if (checkYears) {
      if (fields.year === undefined) return false;
      if (years.from !== undefined && fields.year < years.from) return false;
      if (years.to !== undefined && fields.year > years.to) return false;
    }
    if (wanted !== undefined) {
      if (fields.venue === undefined) return false;
      let matches = venueMatches.get(fields.venue);
      if (matches === undefined) {
        matches = compactText(fields.venue).includes(wanted);
        venueMatches.set(fields.venue, matches);
      }
      if (!matches) return false;
    }
    return true;
  });
}
