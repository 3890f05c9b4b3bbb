import type { ProviderRecord, ProviderSearchRequest } from '../../ports/provider-client.port.js';
import { asObject, asString, type JsonObject } from './json-fields.js';
import { listOf, objectOf, scalar } from './json-shape.js';
import { MAX_INDEX_WORDS, MAX_POSITIONS_PER_WORD, invertedIndexText } from './abstract-text.js';
import { MAX_AUTHORS, authorsOf, buildRecord, literalAuthor, type RecordOptions } from './record-fields.js';
import { yearBounds } from './steering.js';
import { openAlexRecordType } from './record-types.js';

/*
 * The OpenAlex work format, read by the search (provider-client) and the citation graph alike:
 * its endpoint, credential and year parameters, the reader shape of a work, and the record built
 * from one.
 */

/**
 * The OpenAlex works endpoint (docs/providers.md#requests); a constant, never configurable. A
 * DOI lookup appends `/doi:<doi>` (docs/providers.md#steered-requests).
 */
export const OPENALEX_WORKS_ENDPOINT = 'https://api.openalex.org/works';

/** The prefix of OpenAlex entity ids, removed to keep the short `W…` identifier. */
const OPENALEX_ID_PREFIX = 'https://openalex.org/';

/**
 * The OpenAlex filter of a query's years (docs/providers.md#steered-requests):
 * `publication_year:<from>-<to>`, or with one bound `publication_year:><from−1>` /
 * `publication_year:<<to+1>`.
 */
export function yearFilter(query: Pick<ProviderSearchRequest, 'years'>): string | undefined {
  const years = yearBounds(query);
  if (years === undefined) return undefined;
  if (years.from !== undefined && years.to !== undefined) return `publication_year:${years.from}-${years.to}`;
  return years.from !== undefined ? `publication_year:>${years.from - 1}` : `publication_year:<${(years.to ?? 0) + 1}`;
}

/**
 * `api_key` when a key resolved (docs/providers.md#providers-and-readiness), percent-encoded.
 * No `mailto`: OpenAlex stopped reading it in February 2026 (keys replaced the polite pool), so
 * a contact email set for OpenAlex is kept in the settings but never sent.
 */
export function credentialParams({ credentials }: Pick<ProviderSearchRequest, 'credentials'>): string[] {
  return credentials.apiKey ? [`api_key=${encodeURIComponent(credentials.apiKey)}`] : [];
}

/** The parts of an OpenAlex work that records are built from (all else is only checked). */
const WORK_FIELDS = {
  id: scalar,
  doi: scalar,
  display_name: scalar,
  publication_year: scalar,
  type: scalar,
  primary_location: objectOf({ source: objectOf({ display_name: scalar, type: scalar }) }),
  authorships: listOf(objectOf({ author: objectOf({ display_name: scalar }) }), { max: MAX_AUTHORS }),
  cited_by_count: scalar,
  open_access: objectOf({ oa_url: scalar }),
  is_retracted: scalar,
};
const WORK = objectOf(WORK_FIELDS);

/** A work with its abstract's inverted index, read within the bounds of {@link invertedIndexText}. */
const WORK_WITH_ABSTRACT = objectOf({
  ...WORK_FIELDS,
  abstract_inverted_index: objectOf({}, { others: listOf(scalar, { max: MAX_POSITIONS_PER_WORD }), maxOthers: MAX_INDEX_WORDS }),
});

/** The reader shape of one OpenAlex work (with its abstract's inverted index when asked for). */
export const openAlexWorkShape = (options: RecordOptions) => (options.abstracts === true ? WORK_WITH_ABSTRACT : WORK);

/** One OpenAlex work object as a record (docs/providers.md#the-literature-record); no title → `undefined`. */
export function openAlexRecord(work: JsonObject, options: RecordOptions): ProviderRecord | undefined {
  const id = asString(work['id']);
  const source = asObject(asObject(work['primary_location'])?.['source']);
  return buildRecord({
    title: asString(work['display_name']),
    doi: asString(work['doi']),
    year: work['publication_year'],
    venue: asString(source?.['display_name']),
    authors: authorsOf(work['authorships'], (authorship) => literalAuthor(asString(asObject(authorship['author'])?.['display_name']))),
    identifiers: { openalex: id?.startsWith(OPENALEX_ID_PREFIX) ? id.slice(OPENALEX_ID_PREFIX.length) : id },
    record_type: openAlexRecordType(work['type'], source?.['type']),
    abstract: options.abstracts === true ? invertedIndexText(asObject(work['abstract_inverted_index'])) : undefined,
    cited_by_count: work['cited_by_count'],
    open_access_url: asString(asObject(work['open_access'])?.['oa_url']),
    retracted: work['is_retracted'] === true,
  });
}
