import type { ProviderRecord, RecordAuthor } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { asArray, asObject, asString, type JsonObject } from './json-fields.js';
import { readJson } from './json-reader.js';
import { listOf, objectOf, scalar } from './json-shape.js';
import { markupFreeText } from './abstract-text.js';
import {
  parseInSlices,
  singleWorkStep,
  singleRequestProtocol,
  stepFailed,
  stepOk,
  rowsFor,
  type ProviderGet,
  type ProviderQuery,
  type RecordOptions,
  type Step,
} from './provider-protocol.js';
import { MAX_AUTHORS, authorsOf, buildRecord, cleanText, collectInto, literalAuthor } from './record-fields.js';
import { doiPathSegment, withQuery, yearBounds } from './steering.js';
import { tierPacing } from './tier-pacing.js';

/**
 * The Crossref works endpoint (docs/providers.md#requests); a constant, never configurable. A
 * DOI lookup appends `/<doi>` (docs/providers.md#steered-requests).
 */
export const CROSSREF_WORKS_ENDPOINT = 'https://api.crossref.org/works';

/** `mailto` when a contact email is set (docs/providers.md#providers-and-readiness). */
export const mailtoParams = ({ credentials }: Pick<ProviderQuery, 'credentials'>): string[] =>
  credentials.email ? [`mailto=${encodeURIComponent(credentials.email)}`] : [];

/** `filter=from-pub-date:<from>,until-pub-date:<to>` (either bound alone when only one is set). */
function yearFilter(query: ProviderQuery): string[] {
  const years = yearBounds(query);
  if (years === undefined) return [];
  const filters = [...(years.from === undefined ? [] : [`from-pub-date:${years.from}`]), ...(years.to === undefined ? [] : [`until-pub-date:${years.to}`])];
  return [`filter=${encodeURIComponent(filters.join(','))}`];
}

/**
 * The Crossref search request: `query` (or, searching titles, `query.bibliographic`), `rows`,
 * the years as a publication-date filter, then `mailto` when a contact email is set
 * (docs/providers.md#providers-and-readiness, #steered-requests). Without steering fields:
 * `?query=<q>&rows=<n>[&mailto=…]`.
 */
export function buildCrossrefRequest(query: ProviderQuery): ProviderGet {
  const field = query.searchBy === 'title' ? 'query.bibliographic' : 'query';
  const params = [`${field}=${encodeURIComponent(query.query)}`, `rows=${rowsFor(query.limit)}`, ...yearFilter(query), ...mailtoParams(query)];
  return { url: withQuery(CROSSREF_WORKS_ENDPOINT, params), headers: { accept: 'application/json' } };
}

/**
 * The Crossref single-work lookup of a `doi` search: `GET /works/<doi>` (the DOI percent-encoded
 * as one path segment, see {@link doiPathSegment}), then `mailto`; a 404 is "no record". Not a
 * DOI → `undefined` (nothing is sent).
 */
export function buildCrossrefDoiRequest(query: ProviderQuery): ProviderGet | undefined {
  const segment = doiPathSegment(query.query);
  if (segment === undefined) return undefined;
  return { url: withQuery(`${CROSSREF_WORKS_ENDPOINT}/${segment}`, mailtoParams(query)), headers: { accept: 'application/json' }, notFoundIsEmpty: true };
}

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
  'is-referenced-by-count': scalar,
  'updated-by': listOf(objectOf({ type: scalar }), { max: MAX_UPDATES }),
};
const WORK = objectOf(WORK_FIELDS);
const WORK_WITH_ABSTRACT = objectOf({ ...WORK_FIELDS, abstract: scalar });
export const workShape = (options: RecordOptions) => (options.abstracts === true ? WORK_WITH_ABSTRACT : WORK);

/**
 * Maps a Crossref `work-list` (`message.items[]`) to at most `rows` records (docs/providers.md#the-literature-record),
 * stepwise: first `title[]`, `DOI`, `issued.date-parts[0][0]`, first `container-title[]`,
 * `author[]`, `URL`. Titles and venues lose the JATS/HTML markup and character references
 * Crossref stores (`<scp>T</scp>reebase` → `Treebase`, `Big Data &amp; Society` → `Big Data &
 * Society`), as abstracts do. Anything else → `decode_error`.
 */
export function* crossrefRecords(body: string, rows: number, options: RecordOptions = {}): Stepwise<Step<readonly ProviderRecord[]>> {
  const records: ProviderRecord[] = [];
  const each = collectInto(records, rows, (work) => crossrefRecord(work, options));
  const shape = objectOf({ message: objectOf({ items: listOf(workShape(options), { each }) }) });
  const items = asObject(asObject(yield* readJson(body, shape))?.['message'])?.['items'];
  if (!Array.isArray(items)) return stepFailed('decode_error');
  return stepOk(records);
}

/**
 * Maps a Crossref single-work answer (`message` is the work, `/works/<doi>`) to at most one
 * record, stepwise. A body without an object `message` → `decode_error`.
 */
export function* crossrefWorkRecords(body: string, _rows: number, options: RecordOptions = {}): Stepwise<Step<readonly ProviderRecord[]>> {
  const work = asObject(asObject(yield* readJson(body, objectOf({ message: workShape(options) })))?.['message']);
  return singleWorkStep(work, (found) => crossrefRecord(found, options));
}

/** {@link crossrefRecords} run in time slices; every record unless `rows` is given. */
export const parseCrossrefResponse = (body: string, rows = Infinity, options: RecordOptions = {}): Promise<Step<readonly ProviderRecord[]>> =>
  parseInSlices(crossrefRecords(body, rows, options));

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
    record_type: 'article',
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

/** Crossref: one GET per search, at most one request start per second. */
export const crossrefProtocol = singleRequestProtocol(
  (query) => (query.searchBy === 'doi' ? buildCrossrefDoiRequest(query) : buildCrossrefRequest(query)),
  (query) => (query.searchBy === 'doi' ? crossrefWorkRecords : crossrefRecords),
  tierPacing('crossref'),
);
