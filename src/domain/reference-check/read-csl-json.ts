import type { Stepwise } from '../shared/stepwise.js';
import {
  arxivInText,
  arxivOf,
  checkable,
  doiInText,
  doiOf,
  KEPT_CHARACTERS,
  keptText,
  pmidInText,
  pmidOf,
  surnameOf,
  unreadable,
  yearIn,
  type GivenReference,
} from './given-reference.js';
import { MAX_REFERENCES } from './reference-check-input.js';

/** Deepest nesting of one CSL-JSON item (item, `issued`, `date-parts`, the inner list: 4; names: 3). */
const MAX_ITEM_DEPTH = 8;

/** Characters scanned between two pauses. */
const SCANNED_PER_STEP = 32 * 1024;

/** Where one top-level item is in the text, and how deep it nests. */
interface ItemSpan {
  readonly start: number;
  readonly end: number;
  readonly depth: number;
}

/**
 * The top-level items of a CSL-JSON text — the elements of its outer array, or the one object it
 * is — found in one linear scan that follows strings and escapes, so each item can be parsed on
 * its own and a too-deep item never reaches `JSON.parse` (whose time grows with depth: 100 ms
 * for 256 KiB of `[`). `undefined` when the text is not one array or object.
 */
function* itemSpans(text: string): Stepwise<ItemSpan[] | undefined> {
  const start = text.search(/\S/u);
  if (start < 0 || (text[start] !== '[' && text[start] !== '{')) return undefined;
  const single = text[start] === '{';
  const spans: ItemSpan[] = [];
  let depth = 0;
  let inString = false;
  let itemStart = single ? start : -1;
  let itemDepth = 0;
  const close = (end: number) => {
    if (itemStart >= 0) spans.push({ start: itemStart, end, depth: itemDepth });
    itemStart = -1;
    itemDepth = 0;
  };
  for (let index = start; index < text.length; index++) {
    if (index % SCANNED_PER_STEP === 0) yield;
    const char = text[index]!;
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (!single && depth === 1 && itemStart < 0 && char !== ',' && char !== ']' && /\S/u.test(char)) itemStart = index;
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth += 1;
      itemDepth = Math.max(itemDepth, single ? depth : depth - 1);
    } else if (char === ']' || char === '}') {
      depth -= 1;
      if (depth === 0) {
        close(single ? index + 1 : index);
        return spans;
      }
    } else if (char === ',' && !single && depth === 1) close(index);
    if (spans.length > MAX_REFERENCES) return spans;
  }
  return undefined; // the outer array or object never closes
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;

function yearOfIssued(item: Record<string, unknown>): number | undefined {
  const issued = item['issued'];
  if (isObject(issued)) {
    const parts = issued['date-parts'];
    if (Array.isArray(parts) && Array.isArray(parts[0])) {
      const year = parts[0][0];
      if (typeof year === 'number' || typeof year === 'string') return yearIn(year);
    }
    return yearIn(text(issued['raw']) ?? text(issued['literal']));
  }
  return yearIn(text(item['year']) ?? (typeof item['year'] === 'number' ? item['year'] : undefined));
}

function firstAuthorOf(item: Record<string, unknown>): string | undefined {
  const names = Array.isArray(item['author']) ? item['author'] : Array.isArray(item['editor']) ? item['editor'] : [];
  const first: unknown = names[0];
  if (!isObject(first)) return undefined;
  const family = text(first['family']);
  return family === undefined ? surnameOf(text(first['literal'])) : keptText(family, KEPT_CHARACTERS.firstAuthor);
}

/** The reference one CSL-JSON item describes. */
function referenceOfCsl(item: unknown): GivenReference {
  if (!isObject(item)) return unreadable('syntax');
  const rawTitle = text(item['title']);
  if (rawTitle !== undefined && rawTitle.length > KEPT_CHARACTERS.title) return unreadable('too_long');
  const reference: { -readonly [K in keyof GivenReference]: GivenReference[K] } = {};
  const title = keptText(rawTitle, KEPT_CHARACTERS.title);
  if (title !== undefined) reference.title = title;
  const firstAuthor = firstAuthorOf(item);
  if (firstAuthor !== undefined) reference.firstAuthor = firstAuthor;
  const year = yearOfIssued(item);
  if (year !== undefined) reference.year = year;
  const venue = keptText(text(item['container-title']), KEPT_CHARACTERS.venue);
  if (venue !== undefined) reference.venue = venue;
  const url = text(item['URL'])?.slice(0, 512);
  const doi = doiOf(text(item['DOI'])?.slice(0, 512)) ?? (url === undefined ? undefined : doiInText(url));
  if (doi !== undefined) reference.doi = doi;
  const pmidValue = item['PMID'];
  const pmid = pmidOf(typeof pmidValue === 'number' ? pmidValue : text(pmidValue)?.slice(0, 16)) ?? pmidInText(text(item['note'])?.slice(0, 512) ?? '');
  if (pmid !== undefined) reference.pmid = pmid;
  const number = text(item['number'])?.slice(0, 64);
  const arxiv = arxivOf(number) ?? [url, number].map((value) => (value === undefined ? undefined : arxivInText(value))).find((id) => id !== undefined);
  if (arxiv !== undefined) reference.arxiv = arxiv;
  return checkable(reference);
}

/**
 * Reads CSL-JSON (docs/tools.md#the-reference-check): an array of items or one
 * item. Each item is found by {@link itemSpans} and parsed on its own, one per step: an item
 * nested deeper than {@link MAX_ITEM_DEPTH} is `nesting`, one that does not parse or is not an
 * object is `syntax`; the others are read. A text that is not JSON at all is one unreadable reference.
 */
export function* readCslJson(source: string): Stepwise<GivenReference[]> {
  const spans = yield* itemSpans(source);
  if (spans === undefined) return [unreadable('syntax')];
  const references: GivenReference[] = [];
  for (const span of spans) {
    if (references.length > MAX_REFERENCES) break;
    if (span.depth > MAX_ITEM_DEPTH) references.push(unreadable('nesting'));
    else {
      try {
        references.push(referenceOfCsl(JSON.parse(source.slice(span.start, span.end))));
      } catch {
        references.push(unreadable('syntax'));
      }
    }
    yield;
  }
  return references;
}
