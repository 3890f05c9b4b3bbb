import type { ZoteroConnector } from '../../ports/zotero-connector.port.js';
import type { DeliveryRecord } from './delivery-items.js';
import { firstMatch, itemKeys, lookupsFor, recordKeys, type RecordKeys } from './library-match.js';
import type { MatchKey } from './zotero-save-output.js';
import { withDeadline } from '../shared/deadline.js';

/** What the duplicate check found: the records to skip (by index) and whether the library was asked about every record. */
export interface DuplicateCheck {
  readonly skipped: ReadonlyMap<number, MatchKey>;
  readonly checked: boolean;
}

/** Lookups in flight at once (Zotero answers them one after another; a few keep it busy). */
const LOOKUPS_AT_ONCE = 4;

/** Time all lookups of one call may take together (docs/zotero.md#no-duplicates). */
const LOOKUP_BUDGET_MS = 30_000;

/** How the check runs. */
export interface DuplicateCheckOptions {
  readonly signal: AbortSignal;
  /** Called after each record is checked. */
  readonly progress: (done: number, total: number) => void;
  /** Default {@link LOOKUP_BUDGET_MS}. */
  readonly budgetMs?: number;
}

/**
 * Finds the records already in the person's library (docs/zotero.md#no-duplicates): first a
 * record equal to an earlier record of the same call (so one call never saves a work twice),
 * then, through the local API, by DOI, PMID, arXiv id, then normalised title and year. The first
 * lookup that fails (the local API is off, or Zotero does not answer), or the time budget running
 * out, stops the library check: `checked` is then `false` and the records not yet checked are
 * saved.
 */
export async function checkDuplicates(records: readonly DeliveryRecord[], connector: ZoteroConnector, options: DuplicateCheckOptions): Promise<DuplicateCheck> {
  const skipped = new Map<number, MatchKey>();
  const keys = records.map(recordKeys);
  const kept: RecordKeys[] = [];
  records.forEach((_, index) => {
    const match = firstMatch(keys[index]!, kept);
    if (match === undefined) kept.push(keys[index]!);
    else skipped.set(index, match);
  });
  const queue = records.map((_, index) => index).filter((index) => !skipped.has(index));
  let checked = true;
  let done = records.length - queue.length;
  const worker = async (budget: AbortSignal): Promise<void> => {
    for (let index = queue.shift(); index !== undefined && checked; index = queue.shift()) {
      if (budget.aborted) {
        checked = false;
        return;
      }
      for (const lookup of lookupsFor(records[index]!, keys[index]!)) {
        const found = await connector.findInLibrary(lookup, budget);
        if (!found.ok) {
          checked = false;
          return;
        }
        const match = firstMatch(keys[index]!, found.value.map(itemKeys));
        if (match !== undefined) {
          skipped.set(index, match);
          break;
        }
      }
      options.progress(++done, records.length);
    }
  };
  await withDeadline(options.signal, options.budgetMs ?? LOOKUP_BUDGET_MS, (budget) =>
    Promise.all(Array.from({ length: LOOKUPS_AT_ONCE }, () => worker(budget))),
  );
  return { skipped, checked };
}
