/*
 * Who cleans a record (one rule, one owner; the same note heads
 * src/domain/literature-search/clean-provider-record.ts):
 * - This adapter file READS: it finds each field in a provider's answer and turns the wire form
 *   into the port's type (date text → a year number, name parts → authors, a number-typed
 *   count), and it bounds what it reads: text whitespace-collapsed and at most MAX_TEXT_BYTES
 *   (a DOI MAX_DOI_BYTES), at most MAX_AUTHORS authors, blanks omitted, no record without a
 *   title.
 * - The domain OWNS the value rules of a record (year range, citation count, open-access link,
 *   DOI normalisation, abstract folding and cutting) and applies them to every client's
 *   records, these included; this file neither restates nor repeats them.
 */
import type { ProviderRecord, ProviderRecordType, RecordAuthor, RecordIdentifiers } from '../../ports/provider-client.port.js';
import { RECORD_YEARS } from '../../domain/literature-search/clean-provider-record.js';
import { abstractText } from './abstract-text.js';
import { asArray, asObject, type JsonObject } from './json-fields.js';

/**
 * Largest text field kept from a provider (title, venue, author name, URL, identifier), in
 * UTF-8 bytes after whitespace collapse: the Zotero export's per-record title bound, so every
 * record a search returns can be exported. Longer values are dropped (a record whose title is
 * dropped is skipped).
 */
export const MAX_TEXT_BYTES = 16 * 1024;

/** Largest DOI kept, in UTF-8 bytes (the Zotero export's DOI bound). */
export const MAX_DOI_BYTES = 2 * 1024;

/** What a work parser keeps beyond the always-on fields. */
export interface RecordOptions {
  /** Build `abstract` (docs/providers.md#steered-requests); off, abstracts are not even read. */
  readonly abstracts?: boolean;
}

/** Years a record may carry (the domain's {@link RECORD_YEARS}); requests ask within them. */
export const YEAR_RANGE = RECORD_YEARS;

/**
 * Most authors kept per record, the first ones in order (docs/provider-data.md): every paper but
 * the largest collaborations fits, and no record can carry an unbounded list into ranking,
 * the answer or an export.
 */
export const MAX_AUTHORS = 1000;

const LEADING_YEAR = /^(\d{4})(?!\d)/u;

/**
 * The text with every whitespace run collapsed to one space and the ends trimmed. Empty, or
 * longer than `maxBytes` UTF-8 bytes → `undefined`. Text far over the bound is refused before
 * any work is spent on it.
 */
export function cleanText(value: string | undefined, maxBytes: number = MAX_TEXT_BYTES): string | undefined {
  if (value === undefined || value.length > 4 * maxBytes) return undefined;
  const cleaned = value.replace(/\s+/gu, ' ').trim();
  return cleaned === '' || Buffer.byteLength(cleaned) > maxBytes ? undefined : cleaned;
}

/**
 * The year a provider gives, as a number: a number as it is, or the leading four-digit year of
 * a string (`2021`, `2021-05`, `2021-05-03`, `2007 Nov 1`, `2022-02-24T…`); other text (`-5`,
 * `20210`, `May 2021`) → `undefined`. Whether it may be a record's year (an integer in
 * {@link YEAR_RANGE}) is the domain's rule.
 */
function yearOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const match = LEADING_YEAR.exec(value.trim());
  return match ? Number(match[1]) : undefined;
}

/** A link trimmed, non-blank and at most {@link MAX_TEXT_BYTES} long; whether it may be `open_access_url` is the domain's rule. */
function linkOf(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text !== undefined && text !== '' && text.length <= MAX_TEXT_BYTES ? text : undefined;
}

/** A `{literal}` author from a display name; blank names give `undefined`. */
export function literalAuthor(name: string | undefined): RecordAuthor | undefined {
  const literal = cleanText(name);
  return literal === undefined ? undefined : { literal };
}

/** The authors of a JSON list (already cut to {@link MAX_AUTHORS} by the reader's shape): objects mapped by `toAuthor`, blanks skipped. */
export function authorsOf(list: unknown, toAuthor: (item: JsonObject) => RecordAuthor | undefined): RecordAuthor[] {
  const authors: RecordAuthor[] = [];
  for (const item of asArray(list) ?? []) {
    const object = asObject(item);
    const author = object === undefined ? undefined : toAuthor(object);
    if (author !== undefined) authors.push(author);
  }
  return authors.slice(0, MAX_AUTHORS);
}

/** The fields a parser found for one record, any of them possibly missing. */
export interface FoundFields {
  readonly title?: string | undefined;
  readonly doi?: string | undefined;
  /** The provider's raw year value (number or date text); {@link yearOf} decides. */
  readonly year?: unknown;
  readonly venue?: string | undefined;
  readonly authors?: readonly RecordAuthor[];
  readonly url?: string | undefined;
  readonly identifiers?: { readonly [K in keyof RecordIdentifiers]?: string | undefined };
  readonly record_type?: ProviderRecordType | undefined;
  /** Abstract text, markup already removed; {@link abstractText} collapses and cuts it. */
  readonly abstract?: string | undefined;
  /** The provider's raw citation count; kept when it is a number (the domain decides whether it is a count). */
  readonly cited_by_count?: unknown;
  /** A candidate free full-text link (the domain keeps it only when it is an `https:` link). */
  readonly open_access_url?: string | undefined;
  /** Whether the provider flags the work as retracted; only `true` is ever kept. */
  readonly retracted?: boolean;
}

/**
 * A {@link ProviderRecord} from found fields: text whitespace-collapsed and bounded (see
 * {@link MAX_TEXT_BYTES}), years by {@link yearOf}, counts and links as read (their rules are
 * the domain's), empty values and empty lists omitted
 * (never `null`). No usable title → `undefined` (the record is skipped, docs/providers.md#the-literature-record).
 */
export function buildRecord(found: FoundFields): ProviderRecord | undefined {
  const title = cleanText(found.title);
  if (title === undefined) return undefined;
  const record: Record<string, unknown> = { title };
  const doi = cleanText(found.doi, MAX_DOI_BYTES);
  if (doi !== undefined) record['doi'] = doi;
  const year = yearOf(found.year);
  if (year !== undefined) record['year'] = year;
  const venue = cleanText(found.venue);
  if (venue !== undefined) record['venue'] = venue;
  if (found.authors !== undefined && found.authors.length > 0) record['authors'] = found.authors;
  const url = cleanText(found.url);
  if (url !== undefined) record['url'] = url;
  const identifiers: Record<string, string> = {};
  for (const [name, value] of Object.entries(found.identifiers ?? {})) {
    const cleaned = cleanText(value);
    if (cleaned !== undefined) identifiers[name] = cleaned;
  }
  if (Object.keys(identifiers).length > 0) record['identifiers'] = identifiers;
  if (found.record_type !== undefined) record['record_type'] = found.record_type;
  const abstract = abstractText(found.abstract);
  if (abstract !== undefined) record['abstract'] = abstract;
  if (typeof found.cited_by_count === 'number') record['cited_by_count'] = found.cited_by_count;
  const openAccess = linkOf(found.open_access_url);
  if (openAccess !== undefined) record['open_access_url'] = openAccess;
  if (found.retracted === true) record['retracted'] = true;
  return record as unknown as ProviderRecord;
}

/**
 * An `each` callback for a reader's list shape: maps every item with `toRecord` (untitled or
 * non-object items are skipped) into `records` until it holds `rows`, then asks the reader to
 * skip the rest (the search asked for `rows`).
 */
export function collectInto(records: ProviderRecord[], rows: number, toRecord: (item: JsonObject) => ProviderRecord | undefined): (item: unknown) => boolean {
  return (item) => {
    const object = asObject(item);
    const record = object === undefined ? undefined : toRecord(object);
    if (record !== undefined && records.length < rows) records.push(record);
    return records.length < rows;
  };
}
