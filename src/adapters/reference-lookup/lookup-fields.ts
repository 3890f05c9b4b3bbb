import { normaliseDoi } from '../../domain/literature-search/record-keys.js';
import { asArray, asObject, type JsonObject } from '../provider-http/json-fields.js';

/*
 * What the reference-check sources read and send alike: identifiers as they may enter a URL, dates
 * of notices, the query text of a search.
 */

/** The `accept` header of the JSON sources. */
export const JSON_ACCEPT = { accept: 'application/json' } as const;

/** Candidates one search may ask for (the domain asks 5). */
const MAX_ROWS = 10;

/** `limit` as a row count of 1–10. */
export const rowsOf = (limit: number): number => Math.max(1, Math.min(MAX_ROWS, Number.isFinite(limit) ? Math.floor(limit) : 1));

/** The objects of a JSON list (anything else skipped). */
export const objectsOf = (value: unknown): JsonObject[] =>
  (asArray(value) ?? []).flatMap((item): JsonObject[] => {
    const object = asObject(item);
    return object === undefined ? [] : [object];
  });

const DOI = /^10\.\d{4,9}\/\S+$/u;

/** A DOI a source gives (bare, `doi:` or a `doi.org` link), normalised as the domain compares it; else `undefined`. */
export function doiOfText(value: string | undefined): string | undefined {
  if (value === undefined || value.length > 2048) return undefined;
  const doi = normaliseDoi(value.replace(/^https?:\/\/(?:dx\.)?doi\.org\//iu, ''));
  return doi !== undefined && DOI.test(doi) ? doi : undefined;
}

/**
 * A DOI that may go into a Crossref filter list: a DOI (see {@link doiOfText}) of at most 256
 * characters without a comma (filters are comma-separated); else `undefined` (its status is not asked).
 */
export function batchDoi(value: string): string | undefined {
  const doi = doiOfText(value);
  return doi !== undefined && doi.length <= 256 && !doi.includes(',') ? doi : undefined;
}

const ARXIV_ID = /^(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?\/\d{7})$/u;

/** An arXiv id (`2101.00001`, `hep-th/9901001`, no version) that may enter a URL as it is; else `undefined`. */
export const arxivIdOf = (value: string): string | undefined => (ARXIV_ID.test(value) ? value : undefined);

/** The arXiv id of an `arxiv.org/abs/…` or `/pdf/…` link, without version; else `undefined`. */
export function arxivOfUrl(url: string | undefined): string | undefined {
  const match = /^https?:\/\/(?:export\.)?arxiv\.org\/(?:abs|pdf)\/(.+?)(?:v\d+)?(?:\.pdf)?$/iu.exec(url ?? '');
  return match === null ? undefined : arxivIdOf(match[1]!.toLowerCase());
}

/** The DOI of a `doi.org` link; else `undefined`. */
export const doiOfUrl = (url: string | undefined): string | undefined =>
  url !== undefined && /^https?:\/\/(?:dx\.)?doi\.org\//iu.test(url) ? doiOfText(url) : undefined;

/** A PubMed id (1–9 digits); else `undefined`. */
export const pmidOf = (value: string): string | undefined => (/^\d{1,9}$/u.test(value) ? value : undefined);

/**
 * A notice date from Crossref `date-parts` (`[2010, 2, 6]`): `YYYY`, `YYYY-MM` or `YYYY-MM-DD`
 * as far as the parts are whole numbers in range; `undefined` without a year.
 */
export function dateOfParts(parts: unknown): string | undefined {
  const [year, month, day] = asArray(parts) ?? [];
  const whole = (value: unknown, min: number, max: number): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
  if (!whole(year, 1000, 9999)) return undefined;
  if (!whole(month, 1, 12)) return String(year);
  const yearMonth = `${year}-${String(month).padStart(2, '0')}`;
  return whole(day, 1, 31) ? `${yearMonth}-${String(day).padStart(2, '0')}` : yearMonth;
}

/** The parts of a search text joined by spaces (title, first author, year), blanks left out; nothing → `undefined`. */
export function queryText(parts: readonly (string | number | undefined)[]): string | undefined {
  const text = parts
    .flatMap((part) => (part === undefined ? [] : [String(part).trim()]))
    .filter((part) => part !== '')
    .join(' ');
  return text === '' ? undefined : text;
}
