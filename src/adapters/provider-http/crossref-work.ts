import type { ProviderRecord, ProviderSearchRequest, RecordAuthor } from '../../ports/provider-client.port.js';
import { asArray, asObject, asString, type JsonObject } from './json-fields.js';
import { listOf, objectOf, scalar } from './json-shape.js';
import { markupFreeText } from './abstract-text.js';
import { MAX_AUTHORS, authorsOf, buildRecord, cleanText, literalAuthor, type RecordOptions } from './record-fields.js';
import { crossrefRecordType } from './record-types.js';

/*
 * The Crossref work format, read by the search (provider-client) and the citation graph alike:
 * its endpoint, the `mailto` parameter, the reader shape of a work, and the record built from one.
 */

/**
 * The Crossref works endpoint (docs/providers.md#requests); a constant, never configurable. A
 * DOI lookup appends `/<doi>` (docs/providers.md#steered-requests).
 */
export const CROSSREF_WORKS_ENDPOINT = 'https://api.crossref.org/works';

/** `mailto` when a contact email is set (docs/providers.md#providers-and-readiness). */
export const mailtoParams = ({ credentials }: Pick<ProviderSearchRequest, 'credentials'>): string[] =>
  credentials.email ? [`mailto=${encodeURIComponent(credentials.email)}`] : [];

/** Most `updated-by` entries read per work (corrections, retractions, …); later ones are only checked. */
const MAX_UPDATES = 256;

/** The parts of a Crossref work that records are built from (all else is only checked). */
const WORK_FIELDS = {
  title: listOf(scalar, { max: 1 }),
  DOI: scalar,
  issued: objectOf({ 'date-parts': listOf(listOf(scalar, { max: 1 }), { max: 1 }) }),
  'container-title': listOf(scalar, { max: 1 }),
  author: listOf(objectOf({ family: scalar, given: scalar, name: scalar }), { max: MAX_AUTHORS }),
  URL: scalar,
  type: scalar,
  'is-referenced-by-count': scalar,
  'updated-by': listOf(objectOf({ type: scalar }), { max: MAX_UPDATES }),
};
const WORK = objectOf(WORK_FIELDS);
const WORK_WITH_ABSTRACT = objectOf({ ...WORK_FIELDS, abstract: scalar });
/** The reader shape of one Crossref work (with its abstract when asked for). */
export const crossrefWorkShape = (options: RecordOptions) => (options.abstracts === true ? WORK_WITH_ABSTRACT : WORK);

/**
 * Whether an `updated-by` list holds a retraction notice (`type` `retraction`): the work is
 * retracted. A notice's own `update-to` is not read, so a notice is never flagged.
 */
const isRetractedBy = (updates: unknown): boolean =>
  (asArray(updates) ?? []).some((update) => asString(asObject(update)?.['type'])?.toLowerCase() === 'retraction');

/** One Crossref work object as a record (docs/providers.md#the-literature-record); no title → `undefined`. */
export function crossrefRecord(work: JsonObject, options: RecordOptions): ProviderRecord | undefined {
  return buildRecord({
    title: markupFreeText(asString(asArray(work['title'])?.[0])),
    doi: asString(work['DOI']),
    year: asArray(asArray(asObject(work['issued'])?.['date-parts'])?.[0])?.[0],
    venue: markupFreeText(asString(asArray(work['container-title'])?.[0])),
    authors: authorsOf(work['author'], crossrefAuthor),
    url: asString(work['URL']),
    record_type: crossrefRecordType(work['type']),
    abstract: options.abstracts === true ? markupFreeText(asString(work['abstract'])) : undefined,
    cited_by_count: work['is-referenced-by-count'],
    retracted: isRetractedBy(work['updated-by']),
  });
}

/** `family` (+ `given`) → `{family, given?}`; otherwise `name` (or a lone `given`) → `{literal}`. */
export function crossrefAuthor(author: JsonObject): RecordAuthor | undefined {
  const family = cleanText(asString(author['family']));
  const given = cleanText(asString(author['given']));
  if (family !== undefined) return given === undefined ? { family } : { family, given };
  return literalAuthor(asString(author['name']) ?? given);
}
