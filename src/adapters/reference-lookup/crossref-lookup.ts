import type { BibliographicQuery, FoundWork, ReferenceIdentifier, StatusNotice, UpdateStatus, VersionLink } from '../../ports/reference-lookup.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { CROSSREF_WORKS_ENDPOINT, crossrefRecord, crossrefWorkShape, mailtoParams } from '../provider-http/crossref-work.js';
import { asArray, asObject, asString, type JsonObject } from '../provider-http/json-fields.js';
import { listOf, objectOf, scalar } from '../provider-http/json-shape.js';
import { readJson } from '../provider-http/json-reader.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { doiPathSegment, withQuery } from '../provider-http/steering.js';
import { batchDoi, dateOfParts, doiOfText, JSON_ACCEPT, objectsOf, queryText, rowsOf } from './lookup-fields.js';
import { nothing, type LookupContext, type SourceLookup } from './lookup-session.js';

/** Most notices (`updated-by`, `update-to`) and relation links read per work; later ones are only checked. */
const MAX_NOTICES = 64;
const MAX_LINKS = 16;

/** Rows asked of the notices that point at one status batch (a work has a few at most). */
const UPDATE_ROWS = 100;

const NOTICE = objectOf({ type: scalar, DOI: scalar, updated: objectOf({ 'date-parts': listOf(listOf(scalar, { max: 3 }), { max: 1 }) }) });
const LINK = objectOf({ 'id-type': scalar, id: scalar });

/** A Crossref work as the check reads it: the record's fields, both notice places and the preprint relations. */
const WORK = objectOf({
  ...Object.fromEntries(crossrefWorkShape({}).fields),
  'updated-by': listOf(NOTICE, { max: MAX_NOTICES }),
  'update-to': listOf(NOTICE, { max: MAX_NOTICES }),
  relation: objectOf({ 'is-preprint-of': listOf(LINK, { max: MAX_LINKS }), 'has-preprint': listOf(LINK, { max: MAX_LINKS }) }),
});

/** What one Crossref work tells the check (the form answers are kept in). */
interface CrossrefWork {
  /** The work as a found work (absent when it has no title). */
  readonly found?: FoundWork;
  /** Its DOI, normalised. */
  readonly doi?: string;
  /** `updated-by`: the notices about this work. */
  readonly updatedBy: readonly StatusNotice[];
  /** `update-to`: this work is a notice about these works. */
  readonly updateTo: readonly UpdateStatus[];
}

/** One `updated-by`/`update-to` entry as a notice of `place`, with the notice's own DOI when known. */
function noticeOf(entry: JsonObject, place: StatusNotice['place'], noticeDoi: string | undefined): StatusNotice | undefined {
  const type = asString(entry['type'])?.trim();
  if (type === undefined || type === '' || type.length > 64) return undefined;
  const date = dateOfParts(asArray(asObject(entry['updated'])?.['date-parts'])?.[0]);
  return { type, place, ...(noticeDoi === undefined ? {} : { noticeDoi }), ...(date === undefined ? {} : { date }) };
}

/** `relation.is-preprint-of` (the work is a preprint) and `has-preprint` (it is the version of record), DOI links only. */
function relations(work: JsonObject): VersionLink[] {
  const relation = asObject(work['relation']);
  const links = (name: string, kind: VersionLink['relation']): VersionLink[] =>
    objectsOf(relation?.[name]).flatMap((link) => {
      const doi = asString(link['id-type'])?.toLowerCase() === 'doi' ? doiOfText(asString(link['id'])) : undefined;
      return doi === undefined ? [] : [{ relation: kind, doi, place: 'crossref_relation' as const }];
    });
  return [...links('is-preprint-of', 'preprint_of'), ...links('has-preprint', 'version_of_record_of')];
}

/** Reads one work object. */
function workOf(work: JsonObject): CrossrefWork {
  const doi = doiOfText(asString(work['DOI']));
  const updatedBy = objectsOf(work['updated-by']).flatMap((entry) => noticeOf(entry, 'updated_by', doiOfText(asString(entry['DOI']))) ?? []);
  const updateTo = objectsOf(work['update-to']).flatMap((entry) => {
    const target = doiOfText(asString(entry['DOI']));
    const notice = target === undefined ? undefined : noticeOf(entry, 'update_to', doi);
    return notice === undefined ? [] : [{ doi: target!, notice }];
  });
  const record = crossrefRecord(work, {});
  const versions = relations(work);
  const found: FoundWork | undefined =
    record === undefined ? undefined : { record, ...(updatedBy.length === 0 ? {} : { notices: updatedBy }), ...(versions.length === 0 ? {} : { versions }) };
  return { ...(found === undefined ? {} : { found }), ...(doi === undefined ? {} : { doi }), updatedBy, updateTo };
}

/** A single-work answer (`message` is the work); no object `message` → `decode_error`. */
function* readWork(body: string): Stepwise<ProviderResult<CrossrefWork | undefined>> {
  const message = asObject(asObject(yield* readJson(body, objectOf({ message: WORK })))?.['message']);
  return message === undefined ? providerFailure('decode_error') : success(workOf(message));
}

/** A `work-list` answer (`message.items[]`), at most `rows` works; anything else → `decode_error`. */
const readWorks = (rows: number) =>
  function* (body: string): Stepwise<ProviderResult<readonly CrossrefWork[]>> {
    const works: CrossrefWork[] = [];
    const each = (item: unknown): boolean => {
      const work = asObject(item);
      if (work !== undefined) works.push(workOf(work));
      return works.length < rows;
    };
    const answer = yield* readJson(body, objectOf({ message: objectOf({ items: listOf(WORK, { each }) }) }));
    return Array.isArray(asObject(asObject(answer)?.['message'])?.['items']) ? success(works) : providerFailure('decode_error');
  };

const learnedKey = (doi: string): string => `crossref-notices:${doi}`;

/** Keeps the `updated-by` notices of each work read, by DOI: a later status lookup needs no request for them. */
function learn(works: readonly (CrossrefWork | undefined)[], context: LookupContext): void {
  for (const work of works) if (work?.doi !== undefined) context.learned.set(learnedKey(work.doi), work.updatedBy);
}

/** `GET /works?<params>&mailto=…` (a list). */
const listGet = (params: readonly string[], context: LookupContext): ProviderGet => ({
  url: withQuery(CROSSREF_WORKS_ENDPOINT, [...params, ...mailtoParams(context)]),
  headers: JSON_ACCEPT,
});

/** `filter=<name>:<doi>,<name>:<doi>…`, percent-encoded (filters of one name are alternatives). */
const filterOf = (name: string, dois: readonly string[]): string => `filter=${encodeURIComponent(dois.map((doi) => `${name}:${doi}`).join(','))}`;

/**
 * Crossref (docs/providers.md#the-reference-check): DOI lookups (`/works/<doi>`, free),
 * bibliographic searches (`query.bibliographic`), and status lookups of up to 20 DOIs in both
 * notice places — `updated-by` on the works (from the works this session already read, else
 * `filter=doi:…`) and `update-to` on the notices pointing at them (`filter=updates:…`).
 */
export const crossrefLookup: SourceLookup = {
  async byIdentifier(identifier: ReferenceIdentifier, context: LookupContext) {
    const segment = identifier.kind === 'doi' ? doiPathSegment(identifier.value) : undefined;
    if (segment === undefined) return success(undefined);
    const get: ProviderGet = { url: withQuery(`${CROSSREF_WORKS_ENDPOINT}/${segment}`, mailtoParams(context)), headers: JSON_ACCEPT, notFoundIsEmpty: true };
    const answer = await context.answer(get, readWork, { value: undefined });
    if (!answer.ok) return answer;
    learn([answer.value], context);
    return success(answer.value?.found);
  },

  async search(query: BibliographicQuery, context: LookupContext) {
    const text = query.text ?? queryText([query.title, query.firstAuthor, query.year]);
    if (text === undefined) return success([]);
    const rows = rowsOf(query.limit);
    const answer = await context.answer(listGet([`query.bibliographic=${encodeURIComponent(text)}`, `rows=${rows}`], context), readWorks(rows));
    if (!answer.ok) return answer;
    learn(answer.value, context);
    return success(answer.value.flatMap((work) => work.found ?? []));
  },

  async updateStatus(dois: readonly string[], context: LookupContext) {
    const asked = [...new Set(dois.flatMap((doi) => batchDoi(doi) ?? []))].slice(0, 20);
    if (asked.length === 0) return nothing<readonly UpdateStatus[]>([]);
    const unknown = asked.filter((doi) => !context.learned.has(learnedKey(doi)));
    const [works, notices] = await Promise.all([
      unknown.length === 0
        ? success<readonly CrossrefWork[]>([])
        : context.answer(listGet([filterOf('doi', unknown), `rows=${unknown.length}`], context), readWorks(unknown.length)),
      context.answer(listGet([filterOf('updates', asked), `rows=${UPDATE_ROWS}`], context), readWorks(UPDATE_ROWS)),
    ]);
    if (!works.ok) return works;
    if (!notices.ok) return notices;
    learn(works.value, context);
    const wanted = new Set(asked);
    return success([
      ...asked.flatMap((doi) => ((context.learned.get(learnedKey(doi)) as readonly StatusNotice[] | undefined) ?? []).map((notice) => ({ doi, notice }))),
      ...notices.value.flatMap((notice) => notice.updateTo.filter((status) => wanted.has(status.doi))),
    ]);
  },
};
