import type { SealedTokens } from '../../ports/sealed-tokens.port.js';
import type { LiteratureRecord } from '../shared/literature-record.js';
import type { Stepwise } from '../shared/stepwise.js';
import type { SearchPlan } from '../search-plan/search-plan.js';
import type { LiteratureSearchResult, SearchDiagnostics } from './literature-search-output.js';

/** How long a search's merged list is held and its cursors open: 30 minutes. */
export const SEARCH_CURSOR_TTL_MS = 30 * 60 * 1000;

/**
 * Bounds of the held lists (docs/tools.md#paging-a-search): at most 16 lists and 16 Mi characters
 * of records' JSON together; the oldest list is dropped first, and a dropped list is an expired
 * cursor. A list of 1000 records with abstracts is about 3 Mi characters.
 */
const HELD_LIST_BOUNDS = { lists: 16, characters: 16 * 1024 * 1024 } as const;

/**
 * Characters a page's text content may take (SPEC §13): a page of at most the default page size
 * stays under 40,000, a larger one under 100,000. The rest of the answer (plan, diagnostics,
 * cursor) is counted in; `reserve` is set aside for the cursor itself.
 */
export const SEARCH_PAGE_CHARACTERS = { default: 36_000, max: 90_000, reserve: 400 } as const;

/** What a held search keeps: the merged list and what every page of it repeats. */
export interface HeldSearch {
  readonly records: readonly LiteratureRecord[];
  /** Characters of each record's JSON text, in list order. */
  readonly sizes: readonly number[];
  readonly status: LiteratureSearchResult['status'];
  readonly diagnostics: SearchDiagnostics;
  readonly plan: SearchPlan;
  /** Providers the search attempted: the `total` of its progress notifications. */
  readonly attempted: number;
}

/**
 * The merged lists of recent searches, held so that a cursor page asks no provider again. Bounded
 * in number and characters ({@link HELD_LIST_BOUNDS}), oldest dropped first, none older than
 * {@link SEARCH_CURSOR_TTL_MS}. One per literature search use case (one per process).
 */
export class HeldSearchLists {
  private readonly lists = new Map<string, { readonly search: HeldSearch; readonly characters: number; readonly heldAt: number }>();
  private characters = 0;
  private issued = 0;

  constructor(
    private readonly now: () => number,
    private readonly bounds: { readonly lists: number; readonly characters: number } = HELD_LIST_BOUNDS,
  ) {}

  /** Holds a search's list and returns its id; drops expired and then the oldest lists to stay within the bounds. */
  hold(search: HeldSearch): string {
    const characters = search.sizes.reduce((sum, size) => sum + size, 0);
    const id = `s${++this.issued}`;
    // A list larger than every bound is not held (its cursor answers as expired); none is dropped for it.
    if (characters > this.bounds.characters) return id;
    this.dropExpired();
    while (this.lists.size > 0 && (this.lists.size >= this.bounds.lists || this.characters + characters > this.bounds.characters)) this.dropOldest();
    this.lists.set(id, { search, characters, heldAt: this.now() });
    this.characters += characters;
    return id;
  }

  /** The list held under `id`, unless it was dropped or is older than 30 minutes. */
  find(id: string): HeldSearch | undefined {
    this.dropExpired();
    return this.lists.get(id)?.search;
  }

  /** How many lists are held (tests, the bench). */
  get size(): number {
    return this.lists.size;
  }

  private dropExpired(): void {
    const oldest = this.now() - SEARCH_CURSOR_TTL_MS;
    for (const [id, held] of this.lists) {
      if (held.heldAt >= oldest) break;
      this.drop(id);
    }
  }

  private dropOldest(): void {
    const [id] = this.lists.keys();
    if (id !== undefined) this.drop(id);
  }

  private drop(id: string): void {
    this.characters -= this.lists.get(id)?.characters ?? 0;
    this.lists.delete(id);
  }
}

/** What paging a search needs: the sealer of its cursors and the held lists. */
export interface SearchPaging {
  readonly tokens: SealedTokens;
  readonly lists: HeldSearchLists;
}

/** Where a cursor points: a held list and the first record of the next page. */
export interface SearchPosition {
  readonly list: string;
  readonly offset: number;
}

/** Seals a position for exactly the search `binding` names (the tool and every argument that shapes the list). */
export const sealSearchCursor = (tokens: SealedTokens, binding: string, position: SearchPosition): string =>
  tokens.seal(binding, { l: position.list, o: position.offset }, SEARCH_CURSOR_TTL_MS);

/** The position a cursor holds when this process sealed it for `binding` within 30 minutes; `undefined` otherwise (never why). */
export function openSearchCursor(tokens: SealedTokens, binding: string, cursor: string): SearchPosition | undefined {
  let payload: unknown;
  try {
    payload = tokens.open(binding, cursor);
  } catch {
    return undefined; // The port never throws; a broken sealer counts as "does not open".
  }
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { l: list, o: offset } = payload as { l?: unknown; o?: unknown };
  if (typeof list !== 'string' || !Number.isSafeInteger(offset) || (offset as number) < 0) return undefined;
  return { list, offset: offset as number };
}

/** Characters of each record's JSON text, a pause every few records (up to 1000 records of up to 16 KiB titles). */
export function* measureRecordsStepwise(records: readonly LiteratureRecord[]): Stepwise<number[]> {
  const sizes: number[] = [];
  for (let index = 0; index < records.length; index++) {
    sizes.push(JSON.stringify(records[index]).length);
    if ((index + 1) % 8 === 0) yield;
  }
  return sizes;
}

/**
 * How many records from `offset` one page holds: at most `pageSize`, and while their JSON text
 * (a comma each) stays within `budget` — at least one, so every page moves forward.
 */
export function recordsWithin(sizes: readonly number[], offset: number, pageSize: number, budget: number): number {
  let used = 0;
  let count = 0;
  for (; count < pageSize && offset + count < sizes.length; count++) {
    used += (sizes[offset + count] ?? 0) + 1;
    if (used > budget && count > 0) break;
  }
  return count;
}
