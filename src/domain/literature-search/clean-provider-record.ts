/*
 * Who cleans a record (one rule, one owner; the same note heads
 * src/adapters/provider-client/record-fields.ts):
 * - The provider adapter READS: it finds each field in a provider's answer, turns the wire form
 *   into the port's type and bounds what it reads (text whitespace-collapsed and byte-bounded,
 *   the author cap, blanks omitted, no record without a title).
 * - This file OWNS the value rules of a record and applies them to every ProviderRecord,
 *   whichever client sent it (the undici adapter, an embedder's client, a test fake): title
 *   whitespace, DOI normalisation, trimmed strings, the year range, the citation count, the
 *   open-access link, abstract folding and cutting, `retracted` only as true. The adapter does
 *   not apply them; trimming and the title collapse only scan what it already collapsed.
 */
import type { ProviderRecord, RecordAuthor, RecordIdentifiers } from '../../ports/provider-client.port.js';
import { collapseWhitespace, normaliseDoi } from './record-keys.js';
import { cleanAbstract } from './abstract-text.js';
import { RECORD_TYPES, type RecordType } from '../shared/literature-record.js';

/** Mutable identifier slots of a record being merged. */
type IdentifierSlots = { -readonly [K in keyof RecordIdentifiers]: RecordIdentifiers[K] };

/** The fields of a literature record that one provider can contribute (docs/providers.md#the-literature-record). */
export interface RecordFields {
  title: string;
  doi?: string;
  year?: number;
  venue?: string;
  authors?: RecordAuthor[];
  url?: string;
  identifiers?: IdentifierSlots;
  record_type?: RecordType;
  abstract?: string;
  cited_by_count?: number;
  open_access_url?: string;
  retracted?: true;
}

/** What cleaning keeps beyond the always-on fields. */
export interface CleaningOptions {
  /** Keep `abstract` (only when the search asked for abstracts). Default false. */
  readonly includeAbstracts?: boolean;
}

const IDENTIFIER_KEYS = ['arxiv', 'pmid', 'openalex', 'semantic_scholar'] as const;

/** Years a record may carry, the range the search arguments accept (docs/provider-data.md). */
export const RECORD_YEARS = { min: 1000, max: 9999 } as const;

/** Whether a value may be a record's `year`: an integer in {@link RECORD_YEARS}. */
const isRecordYear = (year: unknown): year is number => Number.isInteger(year) && (year as number) >= RECORD_YEARS.min && (year as number) <= RECORD_YEARS.max;

/** Whether a value may be a record's `cited_by_count`: a non-negative safe integer. */
const isCitationCount = (count: unknown): count is number => Number.isSafeInteger(count) && (count as number) >= 0;

const present = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : undefined;
};

function cleanAuthor(author: RecordAuthor): RecordAuthor | undefined {
  if (typeof author !== 'object' || author === null) return undefined;
  if ('literal' in author) {
    const literal = present(author.literal);
    return literal === undefined ? undefined : { literal };
  }
  const family = present(author.family);
  if (family === undefined) return undefined;
  const given = present(author.given);
  return given === undefined ? { family } : { family, given };
}

function cleanIdentifiers(identifiers: RecordIdentifiers | undefined): IdentifierSlots | undefined {
  if (identifiers === undefined) return undefined;
  const slots: IdentifierSlots = {};
  let any = false;
  for (const key of IDENTIFIER_KEYS) {
    const value = present(identifiers[key]);
    if (value !== undefined) {
      slots[key] = value;
      any = true;
    }
  }
  return any ? slots : undefined;
}

/** The authority of an `https:` URL as RFC 3986 (appendix B) splits it: up to the first `/`, `?` or `#`. */
const RFC3986_AUTHORITY = /^https:\/\/([^/?#]*)/u;

/** An authority without user information: a plain host name or IPv4 address, maybe a port. */
const PLAIN_AUTHORITY = /^([A-Za-z0-9.-]+)(?::(\d{1,5}))?$/u;

/**
 * Whether a link may be a record's `open_access_url` (docs/provider-data.md): an absolute
 * `https:` URL of visible ASCII (no whitespace or control characters), without a backslash,
 * with a plain host (letters, digits, dots, hyphens; maybe a port) and no user information, on
 * which a WHATWG parser (a browser, Node) and an RFC 3986 parser (Python's, curl's) agree: both
 * see the same host and port. `https://pmc.ncbi.nlm.nih.gov\@evil.example/` is refused, since
 * WHATWG reads the backslash as a slash and host `pmc.ncbi.nlm.nih.gov`, RFC 3986 host
 * `evil.example`.
 */
export function isOpenAccessUrl(value: string): boolean {
  if (!/^https:\/\/[\x21-\x7e]+$/u.test(value) || value.includes('\\') || !URL.canParse(value)) return false;
  const authority = PLAIN_AUTHORITY.exec(RFC3986_AUTHORITY.exec(value)?.[1] ?? '');
  if (authority === null) return false;
  const url = new URL(value);
  const port = authority[2] === '443' ? '' : (authority[2] ?? '');
  return url.protocol === 'https:' && url.hostname === authority[1]!.toLowerCase() && url.port === port && url.username === '' && url.password === '';
}

/**
 * One provider record reduced to the fields of the public record (docs/providers.md#the-literature-record): the title with
 * whitespace collapsed, the DOI normalised, strings trimmed, a year outside 1000–9999
 * dropped, and every absent, blank or ill-typed value dropped (never `null`). Keys the record schema does not know are not copied.
 * The steering fields (docs/providers.md#the-literature-record): `abstract` only when `options.includeAbstracts`,
 * folded and cut by {@link cleanAbstract}; `cited_by_count` only as a non-negative safe integer;
 * `open_access_url` only when {@link isOpenAccessUrl}; `retracted` only as `true`.
 * Returns `undefined` for a record without a title (it is skipped).
 */
export function cleanProviderRecord(record: ProviderRecord, options: CleaningOptions = {}): RecordFields | undefined {
  const title = typeof record.title === 'string' ? collapseWhitespace(record.title) : '';
  if (title.length === 0) return undefined;
  const fields: RecordFields = { title };
  const doi = normaliseDoi(typeof record.doi === 'string' ? record.doi : undefined);
  if (doi !== undefined) fields.doi = doi;
  if (isRecordYear(record.year)) fields.year = record.year;
  const venue = present(record.venue);
  if (venue !== undefined) fields.venue = venue;
  if (Array.isArray(record.authors)) {
    const authors = record.authors.map(cleanAuthor).filter((author) => author !== undefined);
    if (authors.length > 0) fields.authors = authors;
  }
  const url = present(record.url);
  if (url !== undefined) fields.url = url;
  const identifiers = cleanIdentifiers(record.identifiers);
  if (identifiers !== undefined) fields.identifiers = identifiers;
  if ((RECORD_TYPES as readonly unknown[]).includes(record.record_type)) fields.record_type = record.record_type as RecordType;
  if (options.includeAbstracts === true && typeof record.abstract === 'string') {
    const abstract = cleanAbstract(record.abstract);
    if (abstract !== undefined) fields.abstract = abstract;
  }
  if (isCitationCount(record.cited_by_count)) fields.cited_by_count = record.cited_by_count;
  const openAccess = present(record.open_access_url);
  if (openAccess !== undefined && isOpenAccessUrl(openAccess)) fields.open_access_url = openAccess;
  if (record.retracted === true) fields.retracted = true;
  return fields;
}
