import type { EdgeChunk, GraphDirection, ProviderEdge, ResolvedWork, WorkIdentifier, WorkIds } from '../../ports/citation-graph.port.js';
import { GRAPH_CHUNK_SIZE } from '../../ports/citation-graph.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { headersFor, SEMANTIC_SCHOLAR_FIELDS, semanticScholarPaperShape, semanticScholarRecord } from '../provider-http/semantic-scholar-work.js';
import { asArray, asObject, asString, type JsonObject } from '../provider-http/json-fields.js';
import { cleanText, type RecordOptions } from '../provider-http/record-fields.js';
import { doiPathSegment } from '../provider-http/steering.js';
import { listOf, objectOf, scalar } from '../provider-http/json-shape.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import { readJson } from '../provider-http/json-reader.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { isArxivId, isPmid, isSemanticScholarId, plainDoi, pmidOf } from './graph-ids.js';
import type { SourceContext } from './source-protocol.js';

/** The Semantic Scholar paper endpoint; the paper id (and `/references` or `/citations`) is appended. A constant. */
const SEMANTIC_SCHOLAR_PAPER_ENDPOINT = 'https://api.semanticscholar.org/graph/v1/paper/';

/** Contexts read per edge (later ones are only checked), and intents. */
const MAX_EDGE_CONTEXTS = 3;
const MAX_EDGE_INTENTS = 8;

const fieldsFor = (options: RecordOptions): string => `${SEMANTIC_SCHOLAR_FIELDS}${options.abstracts === true ? ',abstract' : ''}`;

/** The path segment naming a work: `DOI:…`, `PMID:…`, `ARXIV:…`, or the S2 id itself; an OpenAlex id cannot be asked. */
function paperSegment(work: WorkIdentifier): string | undefined {
  if (work.kind === 'semantic_scholar') return isSemanticScholarId(work.value) ? work.value : undefined;
  if (work.kind === 'pmid') return isPmid(work.value) ? `PMID:${work.value}` : undefined;
  if (work.kind === 'arxiv') return isArxivId(work.value) ? `ARXIV:${encodeURIComponent(work.value)}` : undefined;
  if (work.kind !== 'doi') return undefined;
  const segment = doiPathSegment(work.value);
  return segment === undefined ? undefined : `DOI:${segment}`;
}

/** The single-paper request of a resolve: the record fields and `referenceCount`; a 404 is "no such paper". */
const paperRequest = (segment: string, context: SourceContext): ProviderGet => ({
  url: `${SEMANTIC_SCHOLAR_PAPER_ENDPOINT}${segment}?fields=${fieldsFor(context.options)},referenceCount`,
  headers: headersFor(context.access),
  notFoundIsEmpty: true,
});

/** One paper with its ids and counts, stepwise; not an object → `decode_error`. */
export function* semanticScholarWork(body: string, options: RecordOptions): Stepwise<ProviderResult<ResolvedWork | undefined>> {
  const paper = asObject(yield* readJson(body, objectOf({ ...Object.fromEntries(semanticScholarPaperShape(options).fields), referenceCount: scalar })));
  if (paper === undefined) return providerFailure('decode_error');
  const record = semanticScholarRecord(paper, options);
  if (record === undefined) return success(undefined);
  const { references, citations } = { references: paper['referenceCount'], citations: paper['citationCount'] };
  const ids: WorkIds = {
    ...(isSemanticScholarId(asString(paper['paperId']) ?? '') ? { semantic_scholar: asString(paper['paperId']) } : {}),
    ...(plainDoi(record.doi) === undefined ? {} : { doi: plainDoi(record.doi) }),
    ...(pmidOf(record.identifiers?.pmid) === undefined ? {} : { pmid: pmidOf(record.identifiers?.pmid) }),
    ...(record.identifiers?.arxiv === undefined ? {} : { arxiv: record.identifiers.arxiv }),
  };
  return success({
    record,
    ids,
    ...(typeof references === 'number' ? { referenceTotal: references } : {}),
    ...(typeof citations === 'number' ? { citationTotal: citations } : {}),
  });
}

/** Strings of a JSON list, each whitespace-collapsed and bounded; blanks dropped. */
const texts = (value: unknown): string[] => (asArray(value) ?? []).flatMap((item) => cleanText(asString(item)) ?? []);

/** One `{contexts, intents, isInfluential, citingPaper|citedPaper}` item as an edge; no usable paper → `undefined`. */
function edgeOf(item: JsonObject, paperKey: string, options: RecordOptions): ProviderEdge | undefined {
  const paper = asObject(item[paperKey]);
  const record = paper === undefined ? undefined : semanticScholarRecord(paper, options);
  if (record === undefined) return undefined;
  const contexts = texts(item['contexts']);
  const intents = texts(item['intents']);
  const influential = item['isInfluential'];
  return {
    record,
    ...(contexts.length === 0 ? {} : { contexts }),
    ...(intents.length === 0 ? {} : { intents }),
    ...(typeof influential === 'boolean' ? { influential } : {}),
  };
}

/** A `/references` or `/citations` page, stepwise: its edges and whether `next` is absent; no `data` list → `decode_error`. */
export function* semanticScholarEdges(body: string, direction: GraphDirection, options: RecordOptions): Stepwise<ProviderResult<EdgeChunk>> {
  const paperKey = direction === 'references' ? 'citedPaper' : 'citingPaper';
  const edges: ProviderEdge[] = [];
  const item = objectOf({
    contexts: listOf(scalar, { max: MAX_EDGE_CONTEXTS }),
    intents: listOf(scalar, { max: MAX_EDGE_INTENTS }),
    isInfluential: scalar,
    [paperKey]: semanticScholarPaperShape(options),
  });
  const each = (value: unknown): boolean => {
    const object = asObject(value);
    const edge = object === undefined ? undefined : edgeOf(object, paperKey, options);
    if (edge !== undefined) edges.push(edge);
    return edges.length < GRAPH_CHUNK_SIZE;
  };
  const page = asObject(yield* readJson(body, objectOf({ next: scalar, data: listOf(item, { each }) })));
  if (page === undefined || !Array.isArray(page['data'])) return providerFailure('decode_error');
  return success({ edges, last: typeof page['next'] !== 'number' });
}

/** The Semantic Scholar source: one paper lookup, then offset pages of 100 with contexts, intents and the influential flag. */
export class SemanticScholarGraph {
  resolve(work: WorkIdentifier, context: SourceContext): Promise<ProviderResult<ResolvedWork | undefined>> {
    const segment = paperSegment(work);
    if (segment === undefined) return Promise.resolve(success(undefined));
    return context.answer(paperRequest(segment, context), (body) => semanticScholarWork(body, context.options), { absent: undefined });
  }

  /** Chunk `index`: `/<paper>/<direction>?fields=contexts,intents,isInfluential,…&offset=<100·index>&limit=100`. */
  chunk(direction: GraphDirection, paperId: string, index: number, context: SourceContext): Promise<ProviderResult<EdgeChunk>> {
    if (!isSemanticScholarId(paperId)) return Promise.resolve(success({ edges: [], last: true }));
    const get: ProviderGet = {
      url:
        `${SEMANTIC_SCHOLAR_PAPER_ENDPOINT}${paperId}/${direction}?fields=contexts,intents,isInfluential,${fieldsFor(context.options)}` +
        `&offset=${index * GRAPH_CHUNK_SIZE}&limit=${GRAPH_CHUNK_SIZE}`,
      headers: headersFor(context.access),
    };
    return context.answer(get, (body) => semanticScholarEdges(body, direction, context.options));
  }
}
