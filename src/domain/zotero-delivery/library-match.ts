import type { ZoteroLibraryItem, ZoteroLookup } from '../../ports/zotero-connector.port.js';
import { compactText, normaliseDoi } from '../literature-search/record-keys.js';
import type { DeliveryRecord } from './delivery-items.js';
import type { MatchKey } from './zotero-save-output.js';

/** What a record is recognised by in a library: normalised DOI, PMID, arXiv id, title key and year. */
export interface RecordKeys {
  readonly doi?: string;
  readonly pmid?: string;
  readonly arxiv?: string;
  readonly title?: string;
  readonly year?: number;
}

/** Most title words sent in one lookup (the longest ones: the rarest, so the fewest candidates). */
const MAX_TITLE_WORDS = 6;

/** An arXiv id without prefix or version, lowercased (`arXiv:2101.00001v2` → `2101.00001`). */
const normaliseArxiv = (id: string | undefined): string | undefined => {
  const value = id
    ?.trim()
    .replace(/^arxiv:\s*/i, '')
    .replace(/v[0-9]+$/i, '')
    .toLowerCase();
  return value === undefined || value === '' ? undefined : value;
};

const year = (text: string | undefined): number | undefined => {
  const found = /(?:^|[^0-9])([0-9]{4})(?![0-9])/.exec(text ?? '')?.[1];
  return found === undefined ? undefined : Number(found);
};

/** Keys with the absent and empty ones left out. */
function keysOf(found: {
  doi?: string | undefined;
  pmid?: string | undefined;
  arxiv?: string | undefined;
  title: string;
  year?: number | undefined;
}): RecordKeys {
  const keys: { -readonly [K in keyof RecordKeys]: RecordKeys[K] } = {};
  if (found.doi !== undefined) keys.doi = found.doi;
  if (found.pmid) keys.pmid = found.pmid;
  if (found.arxiv !== undefined) keys.arxiv = found.arxiv;
  if (found.title !== '') keys.title = found.title;
  if (found.year !== undefined) keys.year = found.year;
  return keys;
}

/** The keys of a record (§7.3.5 normalisations: DOI lowercased without resolver prefix, title NFKC letters and digits). */
export const recordKeys = (record: DeliveryRecord): RecordKeys =>
  keysOf({
    doi: normaliseDoi(record.doi),
    pmid: record.pmid?.trim(),
    arxiv: normaliseArxiv(record.arxivId),
    title: compactText(record.title),
    year: record.year,
  });

/**
 * The lookups that find a record's duplicates, in the order of the keys: its DOI, PMID and
 * arXiv id (each it has), then its title's longest words when it has a year (a title match
 * needs one). Every lookup's candidates are compared on every key; the check stops at the
 * first lookup that finds the record.
 */
export function lookupsFor(record: DeliveryRecord, keys: RecordKeys): ZoteroLookup[] {
  const lookups: ZoteroLookup[] = [];
  if (keys.doi !== undefined && !/[\s"]/.test(keys.doi)) lookups.push({ by: 'doi', doi: keys.doi });
  if (keys.pmid !== undefined && /^[0-9]+$/.test(keys.pmid)) lookups.push({ by: 'pmid', pmid: keys.pmid });
  if (keys.arxiv !== undefined && !/[\s"]/.test(keys.arxiv)) lookups.push({ by: 'arxiv', arxiv: keys.arxiv });
  if (keys.title !== undefined && keys.year !== undefined) {
    const words = [...new Set(record.title.normalize('NFKC').split(/[^\p{L}\p{N}]+/u))].filter((word) => word !== '');
    words.sort((a, b) => b.length - a.length);
    if (words.length > 0) lookups.push({ by: 'title', words: words.slice(0, MAX_TITLE_WORDS) });
  }
  return lookups;
}

/** A line `KEY: value` of a Zotero item's Extra field, per key read there (compiled once: they run on every library item a duplicate check reads). */
const EXTRA_LINES = { DOI: /^DOI\s*:\s*(\S+)/im, PMID: /^PMID\s*:\s*(\S+)/im, arXiv: /^arXiv\s*:\s*(\S+)/im } as const;

const extraLine = (extra: string | undefined, key: keyof typeof EXTRA_LINES): string | undefined => EXTRA_LINES[key].exec(extra ?? '')?.[1];

/** The keys a library item carries, read where Zotero keeps each (its field, or a line of Extra). */
export function itemKeys(item: ZoteroLibraryItem): RecordKeys {
  const doi = normaliseDoi(item.doi ?? extraLine(item.extra, 'DOI'));
  const pmid = item.pmid?.trim() || extraLine(item.extra, 'PMID');
  const fromUrl = /^https?:\/\/(?:www\.)?arxiv\.org\/(?:abs|pdf)\/(.+?)(?:\.pdf)?\/?$/i.exec(item.url ?? '')?.[1];
  const fromDoi = /^10\.48550\/arxiv\.(.+)$/i.exec(doi ?? '')?.[1];
  const fromArchive = /^arxiv:\s*(.+)$/i.exec(item.archiveId ?? '')?.[1];
  const arxiv = normaliseArxiv(fromArchive ?? extraLine(item.extra, 'arXiv') ?? fromDoi ?? fromUrl);
  return keysOf({ doi, pmid, arxiv, title: item.title === undefined ? '' : compactText(item.title), year: year(item.date) });
}

/**
 * The first key, in the order DOI, PMID, arXiv id, title + year, on which the record equals one
 * of the candidates; `undefined` when none does. A title matches only with the same year.
 */
export function firstMatch(keys: RecordKeys, candidates: readonly RecordKeys[]): MatchKey | undefined {
  if (keys.doi !== undefined && candidates.some((candidate) => candidate.doi === keys.doi)) return 'doi';
  if (keys.pmid !== undefined && candidates.some((candidate) => candidate.pmid === keys.pmid)) return 'pmid';
  if (keys.arxiv !== undefined && candidates.some((candidate) => candidate.arxiv === keys.arxiv)) return 'arxiv';
  if (keys.title !== undefined && keys.year !== undefined && candidates.some((candidate) => candidate.title === keys.title && candidate.year === keys.year)) {
    return 'title_year';
  }
  return undefined;
}
