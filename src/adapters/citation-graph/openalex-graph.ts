import type { EdgeChunk, GraphAccess, ResolvedWork, WorkIdentifier } from '../../ports/citation-graph.port.js';
import { GRAPH_CHUNK_SIZE } from '../../ports/citation-graph.port.js';
import type { ProviderRecord } from '../../ports/provider-client.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { credentialParams, OPENALEX_WORKS_ENDPOINT, openAlexRecord, openAlexWorkShape, yearFilter } from '../provider-http/openalex-work.js';
import { asObject, asString } from '../provider-http/json-fields.js';
import { collectInto, type RecordOptions } from '../provider-http/record-fields.js';
import { doiPathSegment, withQuery } from '../provider-http/steering.js';
import { listOf, objectOf, scalar } from '../provider-http/json-shape.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import { readJson } from '../provider-http/json-reader.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { arxivDoi, isArxivId, openAlexWorkIdOf, pmidOf, plainDoi } from './graph-ids.js';
import type { SourceContext } from './source-protocol.js';

/** Most `referenced_works` read of one work (later ones are only checked). */
const MAX_REFERENCED_WORKS = 10_000;

/** Longest `next_cursor` sent back to OpenAlex (real ones are about 100 characters). */
const MAX_CURSOR_CHARS = 1024;

/** The work fields every graph request selects (`select=`), so answers carry nothing else. */
const RECORD_FIELDS = 'id,doi,display_name,publication_year,primary_location,authorships,cited_by_count,open_access,is_retracted';
const selectFor = (options: RecordOptions, extra = ''): string => `${RECORD_FIELDS}${options.abstracts === true ? ',abstract_inverted_index' : ''}${extra}`;

const JSON_ACCEPT = { accept: 'application/json' } as const;

/** A single-work request `/works/<tail>` with the record fields and what resolving needs; a 404 is "no such work". */
function singleWork(tail: string, context: SourceContext): ProviderGet {
  const params = [`select=${selectFor(context.options, ',ids,referenced_works,referenced_works_count')}`, ...credentialParams(context.access)];
  return { url: withQuery(`${OPENALEX_WORKS_ENDPOINT}/${tail}`, params), headers: JSON_ACCEPT, notFoundIsEmpty: true };
}

/** The `/works/<tail>` of a work identifier; `undefined` for a form OpenAlex cannot look up (a Semantic Scholar id). */
function workTail(work: WorkIdentifier): string | undefined {
  if (work.kind === 'openalex') return openAlexWorkIdOf(work.value);
  if (work.kind === 'pmid') return pmidOf(work.value) === undefined ? undefined : `pmid:${work.value}`;
  const doi = work.kind === 'doi' ? work.value : work.kind === 'arxiv' && isArxivId(work.value) ? arxivDoi(work.value) : undefined;
  const segment = doi === undefined ? undefined : doiPathSegment(doi);
  return segment === undefined ? undefined : `doi:${segment}`;
}

/**
 * A list request `/works?filter=<filter>[,publication_year…]&per_page=100[&cursor=…][&sort=…]&select=…`,
 * then `api_key` when a key resolved (docs/providers.md#the-citation-graph).
 */
function listRequest(filter: string, context: SourceContext, paging: { cursor?: string; sort?: string } = {}): ProviderGet {
  const filters = [filter, yearFilter(context.access)].filter((part) => part !== undefined).join(',');
  const params = [
    `filter=${encodeURIComponent(filters)}`,
    `per_page=${GRAPH_CHUNK_SIZE}`,
    ...(paging.cursor === undefined ? [] : [`cursor=${encodeURIComponent(paging.cursor)}`]),
    ...(paging.sort === undefined ? [] : [`sort=${paging.sort}`]),
    `select=${selectFor(context.options)}`,
    ...credentialParams(context.access),
  ];
  return { url: withQuery(OPENALEX_WORKS_ENDPOINT, params), headers: JSON_ACCEPT };
}

/** What a resolved OpenAlex work holds beyond the port's fields: the ids it cites, in order. */
export interface OpenAlexWork extends ResolvedWork {
  readonly referencedWorks: readonly string[];
}

/** One work with its ids and references, stepwise; not an object → `decode_error`. */
export function* openAlexWork(body: string, options: RecordOptions): Stepwise<ProviderResult<OpenAlexWork | undefined>> {
  // Each referenced id is checked as the reader hands it over, between its pauses.
  const referencedWorks: string[] = [];
  const keep = (id: unknown): void => {
    const work = openAlexWorkIdOf(asString(id));
    if (work !== undefined) referencedWorks.push(work);
  };
  const shape = objectOf({
    ...Object.fromEntries(openAlexWorkShape(options).fields),
    ids: objectOf({ doi: scalar, pmid: scalar }),
    referenced_works: listOf(scalar, { max: MAX_REFERENCED_WORKS, each: keep }),
    referenced_works_count: scalar,
  });
  const work = asObject(yield* readJson(body, shape));
  if (work === undefined) return providerFailure('decode_error');
  const record = openAlexRecord(work, options);
  if (record === undefined) return success(undefined);
  const ids = asObject(work['ids']);
  const count = work['referenced_works_count'];
  const cited = work['cited_by_count'];
  return success({
    record,
    ids: {
      ...(record.identifiers?.openalex === undefined ? {} : { openalex: record.identifiers.openalex }),
      ...(plainDoi(record.doi ?? asString(ids?.['doi'])) === undefined ? {} : { doi: plainDoi(record.doi ?? asString(ids?.['doi'])) }),
      ...(pmidOf(asString(ids?.['pmid'])) === undefined ? {} : { pmid: pmidOf(asString(ids?.['pmid'])) }),
    },
    referencedWorks,
    referenceTotal: typeof count === 'number' ? count : referencedWorks.length,
    ...(typeof cited === 'number' ? { citationTotal: cited } : {}),
  });
}

/** A page of a `/works` list: its records (at most a chunk), `meta.count` and `meta.next_cursor`. */
interface OpenAlexPage {
  readonly records: readonly ProviderRecord[];
  readonly count?: number;
  readonly nextCursor?: string;
}

/** One `/works` list page, stepwise; no `results` list → `decode_error`. */
export function* openAlexPage(body: string, options: RecordOptions): Stepwise<ProviderResult<OpenAlexPage>> {
  const records: ProviderRecord[] = [];
  const each = collectInto(records, GRAPH_CHUNK_SIZE, (work) => openAlexRecord(work, options));
  const shape = objectOf({ meta: objectOf({ count: scalar, next_cursor: scalar }), results: listOf(openAlexWorkShape(options), { each }) });
  const page = asObject(yield* readJson(body, shape));
  if (!Array.isArray(page?.['results'])) return providerFailure('decode_error');
  const meta = asObject(page['meta']);
  const count = meta?.['count'];
  const nextCursor = asString(meta?.['next_cursor']);
  if (nextCursor !== undefined && nextCursor.length > MAX_CURSOR_CHARS) return providerFailure('decode_error');
  return success({ records, ...(typeof count === 'number' ? { count } : {}), ...(nextCursor === undefined || nextCursor === '' ? {} : { nextCursor }) });
}

/** `sort=` of a page order OpenAlex can apply. */
const SORTS: Readonly<Record<NonNullable<GraphAccess['order']>, string>> = { newest: 'publication_date:desc', most_cited: 'cited_by_count:desc' };

/** The OpenAlex source: free single-work lookups, list calls for references (batches) and citations (cursor pages). */
export class OpenAlexGraph {
  /**
   * Resolves a work by `W…`, DOI, PMID or an arXiv id's DOI (a Semantic Scholar id is not asked),
   * and keeps it in the session under its `W…` id, so reading its references needs no second lookup.
   */
  async resolve(work: WorkIdentifier, context: SourceContext): Promise<ProviderResult<OpenAlexWork | undefined>> {
    const known = work.kind === 'openalex' ? context.learned.get(`openalex:${work.value}`) : undefined;
    if (known !== undefined) return success(known as OpenAlexWork);
    const tail = workTail(work);
    if (tail === undefined) return success(undefined);
    const answer = await context.answer(singleWork(tail, context), (body) => openAlexWork(body, context.options), { absent: undefined });
    const id = answer.ok ? answer.value?.ids.openalex : undefined;
    if (id !== undefined) context.learned.set(`openalex:${id}`, answer.ok ? answer.value : undefined);
    return answer;
  }

  /**
   * References chunk `index`: the work's `referenced_works` from `index·100`, resolved with one
   * `filter=openalex:W…|W…` call and put back in the work's order (ids OpenAlex no longer
   * resolves are left out).
   */
  async references(id: string, index: number, context: SourceContext): Promise<ProviderResult<EdgeChunk>> {
    const work = await this.resolve({ kind: 'openalex', value: id }, context);
    if (!work.ok) return work;
    const ids = (work.value?.referencedWorks ?? []).slice(index * GRAPH_CHUNK_SIZE, (index + 1) * GRAPH_CHUNK_SIZE);
    const total = work.value?.referenceTotal;
    const last = (index + 1) * GRAPH_CHUNK_SIZE >= (work.value?.referencedWorks.length ?? 0);
    if (ids.length === 0) return success({ edges: [], last: true, ...(total === undefined ? {} : { total }) });
    const page = await context.answer(listRequest(`openalex:${ids.join('|')}`, context), (body) => openAlexPage(body, context.options), { list: true });
    if (!page.ok) return page;
    const byId = new Map(page.value.records.map((record) => [record.identifiers?.openalex, record]));
    const edges = ids.flatMap((wanted) => {
      const record = byId.get(wanted);
      return record === undefined ? [] : [{ record }];
    });
    return success({ edges, last, ...(total === undefined ? {} : { total }) });
  }

  /** Citations chunk `index`: cursor page `index` of `filter=cites:<W>` (the cursors walked from `*`, each page kept). */
  async citations(id: string, index: number, context: SourceContext): Promise<ProviderResult<EdgeChunk>> {
    let cursor = '*';
    const sort = context.access.order === undefined ? undefined : SORTS[context.access.order];
    for (let page = 0; ; page++) {
      const answer = await context.answer(
        listRequest(`cites:${id}`, context, { cursor, ...(sort === undefined ? {} : { sort }) }),
        (body) => openAlexPage(body, context.options),
        {
          list: true,
        },
      );
      if (!answer.ok) return answer;
      const { records, count, nextCursor } = answer.value;
      const last = records.length === 0 || nextCursor === undefined || (count !== undefined && (page + 1) * GRAPH_CHUNK_SIZE >= count);
      if (page === index || last) {
        const edges = page === index ? records.map((record) => ({ record })) : [];
        return success({ edges, last, ...(count === undefined ? {} : { total: count }) });
      }
      cursor = nextCursor;
    }
  }

  /** One work by DOI through the free single-work endpoint. */
  async lookup(doi: string, context: SourceContext): Promise<ProviderResult<ProviderRecord | undefined>> {
    const work = await this.resolve({ kind: 'doi', value: doi }, context);
    return work.ok ? success(work.value?.record) : work;
  }
}
