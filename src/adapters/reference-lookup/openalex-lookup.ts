import type { BibliographicQuery, FoundWork, ReferenceIdentifier, VersionLink } from '../../ports/reference-lookup.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { asObject, asString, type JsonObject } from '../provider-http/json-fields.js';
import { listOf, objectOf, scalar } from '../provider-http/json-shape.js';
import { readJson } from '../provider-http/json-reader.js';
import { credentialParams, OPENALEX_WORKS_ENDPOINT, openAlexRecord, openAlexWorkShape } from '../provider-http/openalex-work.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { doiPathSegment, withQuery } from '../provider-http/steering.js';
import { arxivOfUrl, doiOfText, doiOfUrl, JSON_ACCEPT, objectsOf, rowsOf } from './lookup-fields.js';
import { nothing, type LookupContext, type SourceLookup } from './lookup-session.js';

/** Most locations read per work (a much-read work has hundreds of repository copies); later ones are only checked. */
const MAX_LOCATIONS = 50;

/** Most version links taken from one work's locations. */
const MAX_LOCATION_LINKS = 5;

const LOCATION = objectOf({
  version: scalar,
  is_published: scalar,
  landing_page_url: scalar,
  pdf_url: scalar,
  source: objectOf({ type: scalar, display_name: scalar }),
});

/** An OpenAlex work as the check reads it: the record's fields, its type and its locations. */
const WORK = objectOf({
  ...Object.fromEntries(openAlexWorkShape({}).fields),
  type: scalar,
  primary_location: LOCATION,
  locations: listOf(LOCATION, { max: MAX_LOCATIONS }),
});

/** The fields asked for (`select=`): what the record, the retraction flag and the version links need, nothing else. */
const SELECT = 'select=id,doi,display_name,publication_year,primary_location,authorships,cited_by_count,open_access,is_retracted,type,locations';

const sourceType = (location: JsonObject | undefined): string | undefined => asString(asObject(location?.['source'])?.['type']);
const isPublishedIn = (location: JsonObject | undefined, type: string): boolean =>
  sourceType(location) === type && (location?.['version'] === 'publishedVersion' || location?.['is_published'] === true);

/**
 * The version links a work's locations give: for a work published in a journal (its primary
 * location), each repository copy of the submitted or accepted version is its preprint
 * (`version_of_record_of`); for a preprint (type `preprint`, or a submitted version as primary
 * location), each journal location of the published version is its version of record
 * (`preprint_of`). Each link carries the location's DOI or arXiv id when its landing page names
 * one, its landing page, and the source's name as venue.
 */
function locationVersions(work: JsonObject): VersionLink[] {
  const primary = asObject(work['primary_location']);
  const isPreprint = work['type'] === 'preprint' || (sourceType(primary) === 'repository' && primary?.['version'] === 'submittedVersion');
  const isRecord = !isPreprint && isPublishedIn(primary, 'journal');
  const own = doiOfText(asString(work['doi']));
  const links: VersionLink[] = [];
  for (const location of objectsOf(work['locations'])) {
    if (links.length >= MAX_LOCATION_LINKS) break;
    const version = location['version'];
    const relation: VersionLink['relation'] | undefined =
      isRecord && sourceType(location) === 'repository' && (version === 'submittedVersion' || version === 'acceptedVersion')
        ? 'version_of_record_of'
        : isPreprint && isPublishedIn(location, 'journal')
          ? 'preprint_of'
          : undefined;
    const url = asString(location['landing_page_url']) ?? asString(location['pdf_url']);
    const doi = doiOfUrl(url);
    if (relation === undefined || url === undefined || url.length > 2048 || (doi !== undefined && doi === own)) continue;
    const arxiv = arxivOfUrl(url);
    const venue = asString(asObject(location['source'])?.['display_name']);
    links.push({
      relation,
      place: 'openalex_location',
      url,
      ...(doi === undefined ? {} : { doi }),
      ...(arxiv === undefined ? {} : { arxiv }),
      ...(venue === undefined ? {} : { venue }),
    });
  }
  return links;
}

/** One work object as a found work: `is_retracted: true` is a retraction notice; no title → `undefined`. */
function foundWork(work: JsonObject): FoundWork | undefined {
  const record = openAlexRecord(work, {});
  if (record === undefined) return undefined;
  const versions = locationVersions(work);
  return {
    record,
    ...(work['is_retracted'] === true ? { notices: [{ type: 'retraction', place: 'is_retracted' as const }] } : {}),
    ...(versions.length === 0 ? {} : { versions }),
  };
}

/** A single-work answer (the work itself); not an object → `decode_error`. */
function* readWork(body: string): Stepwise<ProviderResult<FoundWork | undefined>> {
  const work = asObject(yield* readJson(body, WORK));
  return work === undefined ? providerFailure('decode_error') : success(foundWork(work));
}

/** A `/works` list (`results[]`), at most `rows` works; anything else → `decode_error`. */
const readWorks = (rows: number) =>
  function* (body: string): Stepwise<ProviderResult<readonly FoundWork[]>> {
    const found: FoundWork[] = [];
    let seen = 0;
    const each = (item: unknown): boolean => {
      const work = asObject(item);
      const read = work === undefined ? undefined : foundWork(work);
      if (read !== undefined) found.push(read);
      return ++seen < rows;
    };
    const page = asObject(yield* readJson(body, objectOf({ results: listOf(WORK, { each }) })));
    return Array.isArray(page?.['results']) ? success(found) : providerFailure('decode_error');
  };

/**
 * OpenAlex (docs/providers.md#the-reference-check): the single-work lookup of a DOI
 * (`/works/doi:<doi>`, which costs nothing) and the `search` of a title or text, each selecting
 * only the fields the check reads; `api_key` when a key resolved. A PMID or arXiv id is not asked
 * here (no request).
 */
export const openAlexLookup: SourceLookup = {
  byIdentifier(identifier: ReferenceIdentifier, context: LookupContext) {
    const segment = identifier.kind === 'doi' ? doiPathSegment(identifier.value) : undefined;
    if (segment === undefined) return nothing(undefined);
    const get: ProviderGet = {
      url: withQuery(`${OPENALEX_WORKS_ENDPOINT}/doi:${segment}`, [SELECT, ...credentialParams(context)]),
      headers: JSON_ACCEPT,
      notFoundIsEmpty: true,
    };
    return context.answer(get, readWork, { value: undefined });
  },

  search(query: BibliographicQuery, context: LookupContext) {
    const text = query.title ?? query.text;
    if (text === undefined) return nothing([]);
    const rows = rowsOf(query.limit);
    const params = [`search=${encodeURIComponent(text)}`, `per_page=${rows}`, SELECT, ...credentialParams(context)];
    return context.answer({ url: withQuery(OPENALEX_WORKS_ENDPOINT, params), headers: JSON_ACCEPT }, readWorks(rows));
  },

  updateStatus: () => nothing([]),
};
