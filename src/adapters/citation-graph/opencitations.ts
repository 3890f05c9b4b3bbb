import type { EdgeChunk, GraphDirection, ProviderEdge, WorkIds } from '../../ports/citation-graph.port.js';
import { GRAPH_CHUNK_SIZE } from '../../ports/citation-graph.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { YEAR_RANGE } from '../provider-http/record-fields.js';
import { asObject, asString } from '../provider-http/json-fields.js';
import { doiPathSegment } from '../provider-http/steering.js';
import { listOf, objectOf, scalar } from '../provider-http/json-shape.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import { readJson } from '../provider-http/json-reader.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { isPmid, plainDoi } from './graph-ids.js';
import type { SourceContext } from './source-protocol.js';

/** The OpenCitations Index v2 endpoint; `references/<id>` or `citations/<id>` is appended. A constant. */
const OPENCITATIONS_INDEX_ENDPOINT = 'https://api.opencitations.net/index/v2/';

/** Most edges read from one answer (a 4 MiB answer holds about 10,000); later ones are only checked. */
const MAX_OPENCITATIONS_EDGES = 20_000;

/** `doi:<doi>` (or `pmid:<digits>`) as the Index names a work; `undefined` when the work has neither. */
function indexId(ids: WorkIds): string | undefined {
  const segment = ids.doi === undefined ? undefined : doiPathSegment(ids.doi);
  if (segment !== undefined) return `doi:${segment}`;
  return ids.pmid !== undefined && isPmid(ids.pmid) ? `pmid:${ids.pmid}` : undefined;
}

const DATE = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/u;
const SPAN = /^(-?)P(\d{1,4})Y(?:(\d{1,2})M)?(?:(\d{1,2})D)?$/u;

/**
 * The publication year of the cited work: the citing work's date (`creation`) minus `timespan`
 * (`P6Y0M1D`; negative when the cited work appeared later). Either missing or unreadable →
 * `undefined`.
 */
export function citedYear(creation: string | undefined, timespan: string | undefined): number | undefined {
  const date = DATE.exec(creation ?? '');
  const span = SPAN.exec(timespan ?? '');
  if (date === null || span === null) return undefined;
  const sign = span[1] === '-' ? -1 : 1;
  const day = Number(date[3] ?? 1) - sign * Number(span[4] ?? 0);
  const months = Number(date[1]) * 12 + Number(date[2] ?? 1) - 1 - sign * (Number(span[2]) * 12 + Number(span[3] ?? 0)) - (day < 1 ? 1 : 0);
  return inYears(Math.floor(months / 12));
}

const inYears = (year: number): number | undefined => (year >= YEAR_RANGE.min && year <= YEAR_RANGE.max ? year : undefined);

/** The year of a `creation` date (the citing work's publication date). */
const creationYear = (creation: string | undefined): number | undefined => {
  const date = DATE.exec(creation ?? '');
  return date === null ? undefined : inYears(Number(date[1]));
};

const DOI_ID = /(?:^|\s)doi:(\S+)/u;
const OPENALEX_ID = /(?:^|\s)openalex:(W\d{1,15})(?!\S)/u;

/**
 * The first `doi:` and `openalex:` of a space-separated identifier list
 * (`omid:br/… doi:10.… openalex:W…`), found without splitting it (an answer holds thousands).
 */
function idsOf(list: string | undefined): { doi?: string; openalex?: string } {
  if (list === undefined) return {};
  const doi = plainDoi(DOI_ID.exec(list)?.[1]);
  const openalex = OPENALEX_ID.exec(list)?.[1];
  return { ...(doi === undefined ? {} : { doi }), ...(openalex === undefined ? {} : { openalex }) };
}

/**
 * An Index answer (a JSON list of `{oci, citing, cited, creation, timespan, …}`) as edges,
 * stepwise: the other end of each citation (`cited` for references, `citing` for citations)
 * by its DOI and OpenAlex id, with its year; entries without a DOI are left out. Not a list →
 * `decode_error`.
 */
export function* openCitationsEdges(body: string, direction: GraphDirection): Stepwise<ProviderResult<readonly ProviderEdge[]>> {
  const edges: ProviderEdge[] = [];
  const otherEnd = direction === 'references' ? 'cited' : 'citing';
  const each = (value: unknown): boolean => {
    const entry = asObject(value);
    const creation = asString(entry?.['creation']);
    const { doi, openalex } = idsOf(asString(entry?.[otherEnd]));
    const year = direction === 'references' ? citedYear(creation, asString(entry?.['timespan'])) : creationYear(creation);
    if (doi !== undefined) edges.push({ doi, ...(openalex === undefined ? {} : { openalex }), ...(year === undefined ? {} : { year }) });
    return edges.length < MAX_OPENCITATIONS_EDGES;
  };
  const shape = listOf(objectOf({ [otherEnd]: scalar, creation: scalar, timespan: scalar }), { each });
  const list = yield* readJson(body, shape);
  return Array.isArray(list) ? success(edges) : providerFailure('decode_error');
}

/** OpenCitations: one keyless request per direction gives the whole list; chunks are its slices of 100. */
export class OpenCitationsGraph {
  async chunk(direction: GraphDirection, ids: WorkIds, index: number, context: SourceContext): Promise<ProviderResult<EdgeChunk>> {
    const id = indexId(ids);
    if (id === undefined) return success({ edges: [], last: true });
    const get: ProviderGet = { url: `${OPENCITATIONS_INDEX_ENDPOINT}${direction}/${id}`, headers: { accept: 'application/json' }, notFoundIsEmpty: true };
    const all = await context.answer(get, (body) => openCitationsEdges(body, direction), { absent: [] });
    if (!all.ok) return all;
    const edges = all.value.slice(index * GRAPH_CHUNK_SIZE, (index + 1) * GRAPH_CHUNK_SIZE);
    return success({ edges, last: (index + 1) * GRAPH_CHUNK_SIZE >= all.value.length, total: all.value.length });
  }
}
