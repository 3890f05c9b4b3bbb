import type { ProviderRecord, RecordAuthor, RecordIdentifiers } from '../../ports/provider-client.port.js';

/** The text with every whitespace run collapsed to one space and the ends trimmed; empty → `undefined`. */
export function cleanText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const cleaned = value.replace(/\s+/gu, ' ').trim();
  return cleaned === '' ? undefined : cleaned;
}

/** A year from the first four characters of a date text (`2007 Nov 1`, `2022-02-24T…`). */
export function yearOfDateText(value: string | undefined): number | undefined {
  const head = value?.trim().slice(0, 4);
  return head !== undefined && /^\d{4}$/u.test(head) ? Number(head) : undefined;
}

/** A `{literal}` author from a display name; blank names give `undefined`. */
export function literalAuthor(name: string | undefined): RecordAuthor | undefined {
  const literal = cleanText(name);
  return literal === undefined ? undefined : { literal };
}

/** The fields a parser found for one record, any of them possibly missing. */
export interface FoundFields {
  readonly title?: string | undefined;
  readonly doi?: string | undefined;
  readonly year?: number | undefined;
  readonly venue?: string | undefined;
  readonly authors?: readonly (RecordAuthor | undefined)[];
  readonly url?: string | undefined;
  readonly identifiers?: { readonly [K in keyof RecordIdentifiers]?: string | undefined };
  readonly record_type?: 'article' | 'preprint';
}

/**
 * A {@link ProviderRecord} from found fields: title and venue whitespace-collapsed, DOI and
 * URL trimmed, empty values and empty lists omitted (never `null`). No title → `undefined`
 * (the record is skipped, SPEC §7.4).
 */
export function buildRecord(found: FoundFields): ProviderRecord | undefined {
  const title = cleanText(found.title);
  if (title === undefined) return undefined;
  const record: Record<string, unknown> = { title };
  const doi = cleanText(found.doi);
  if (doi !== undefined) record['doi'] = doi;
  if (found.year !== undefined && Number.isInteger(found.year)) record['year'] = found.year;
  const venue = cleanText(found.venue);
  if (venue !== undefined) record['venue'] = venue;
  const authors = (found.authors ?? []).filter((author): author is RecordAuthor => author !== undefined);
  if (authors.length > 0) record['authors'] = authors;
  const url = cleanText(found.url);
  if (url !== undefined) record['url'] = url;
  const identifiers: Record<string, string> = {};
  for (const [name, value] of Object.entries(found.identifiers ?? {})) {
    const cleaned = cleanText(value);
    if (cleaned !== undefined) identifiers[name] = cleaned;
  }
  if (Object.keys(identifiers).length > 0) record['identifiers'] = identifiers;
  if (found.record_type !== undefined) record['record_type'] = found.record_type;
  return record as unknown as ProviderRecord;
}

/** Keeps the records that have a title, in order. */
export function recordsWithTitles(records: readonly (ProviderRecord | undefined)[]): ProviderRecord[] {
  return records.filter((record): record is ProviderRecord => record !== undefined);
}
