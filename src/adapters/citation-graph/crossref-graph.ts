import type { EdgeChunk, ProviderEdge, ResolvedWork, WorkIdentifier } from '../../ports/citation-graph.port.js';
import { GRAPH_CHUNK_SIZE } from '../../ports/citation-graph.port.js';
import type { Stepwise } from '../../domain/shared/stepwise.js';
import { CROSSREF_WORKS_ENDPOINT, crossrefRecord, crossrefWorkShape, mailtoParams } from '../provider-http/crossref-work.js';
import { asObject, asString, type JsonObject } from '../provider-http/json-fields.js';
import { buildRecord, literalAuthor, type RecordOptions } from '../provider-http/record-fields.js';
import { doiPathSegment, withQuery } from '../provider-http/steering.js';
import { listOf, objectOf, scalar } from '../provider-http/json-shape.js';
import { markupFreeText } from '../provider-http/abstract-text.js';
import { providerFailure, success, type ProviderResult } from '../provider-http/provider-failure.js';
import { readJson } from '../provider-http/json-reader.js';
import type { ProviderGet } from '../provider-http/send-get.js';
import { plainDoi } from './graph-ids.js';
import type { SourceContext } from './source-protocol.js';

/** Most `reference` entries read of one work (later ones are only checked). */
const MAX_CROSSREF_REFERENCES = 10_000;

/** A Crossref work with the references its publisher deposited. */
export interface CrossrefWork {
  readonly work: ResolvedWork | undefined;
  readonly references: readonly ProviderEdge[];
}

/** The reference fields an edge is built from. */
const REFERENCE = objectOf({
  DOI: scalar,
  'article-title': scalar,
  'volume-title': scalar,
  'series-title': scalar,
  'journal-title': scalar,
  author: scalar,
  year: scalar,
  unstructured: scalar,
});

/**
 * One deposited reference as an edge: a record when it has a title (`article-title`, else the
 * book's `volume-title` or `series-title`, else the `unstructured` citation text), else its DOI
 * alone; neither → `undefined`.
 */
export function referenceEdge(reference: JsonObject): ProviderEdge | undefined {
  const doi = plainDoi(asString(reference['DOI']));
  const title = ['article-title', 'volume-title', 'series-title', 'unstructured']
    .map((key) => markupFreeText(asString(reference[key])))
    .find((text) => text?.trim());
  const author = literalAuthor(asString(reference['author']));
  const record = buildRecord({
    title,
    doi,
    year: reference['year'],
    venue: markupFreeText(asString(reference['journal-title'])),
    ...(author === undefined ? {} : { authors: [author] }),
  });
  if (record !== undefined) return { record };
  return doi === undefined ? undefined : { doi };
}

/** A single-work answer with its `reference` list, stepwise; no object `message` → `decode_error`. */
export function* crossrefWork(body: string, options: RecordOptions): Stepwise<ProviderResult<CrossrefWork>> {
  const references: ProviderEdge[] = [];
  let deposited = 0;
  const each = (value: unknown): void => {
    deposited += 1;
    const reference = asObject(value);
    const edge = reference === undefined ? undefined : referenceEdge(reference);
    if (edge !== undefined) references.push(edge);
  };
  const message = objectOf({
    ...Object.fromEntries(crossrefWorkShape(options).fields),
    'reference-count': scalar,
    reference: listOf(REFERENCE, { max: MAX_CROSSREF_REFERENCES, each }),
  });
  const work = asObject(asObject(yield* readJson(body, objectOf({ message })))?.['message']);
  if (work === undefined) return providerFailure('decode_error');
  const record = crossrefRecord(work, options);
  const doi = plainDoi(record?.doi);
  const count = work['reference-count'];
  const resolved: ResolvedWork | undefined =
    record === undefined
      ? undefined
      : {
          record,
          ids: doi === undefined ? {} : { doi },
          referenceTotal: typeof count === 'number' ? count : deposited,
        };
  return success({ work: resolved, references });
}

const ABSENT: CrossrefWork = { work: undefined, references: [] };

/** Crossref: the work's deposited `reference` list (references only), and single-work lookups by DOI. */
export class CrossrefGraph {
  private request(doi: string, context: SourceContext): ProviderGet | undefined {
    const segment = doiPathSegment(doi);
    if (segment === undefined) return undefined;
    return {
      url: withQuery(`${CROSSREF_WORKS_ENDPOINT}/${segment}`, mailtoParams(context.access)),
      headers: { accept: 'application/json' },
      notFoundIsEmpty: true,
    };
  }

  /** `GET /works/<doi>`: the work and its references, kept for later chunks. */
  work(doi: string | undefined, context: SourceContext): Promise<ProviderResult<CrossrefWork>> {
    const get = doi === undefined ? undefined : this.request(doi, context);
    if (get === undefined) return Promise.resolve(success(ABSENT));
    return context.answer(get, (body) => crossrefWork(body, context.options), { absent: ABSENT });
  }

  /** Resolves a work named by its DOI (Crossref knows no other identifier). */
  async resolve(work: WorkIdentifier, context: SourceContext): Promise<ProviderResult<ResolvedWork | undefined>> {
    const answer = await this.work(work.kind === 'doi' ? work.value : undefined, context);
    return answer.ok ? success(answer.value.work) : answer;
  }

  /** References chunk `index`: items `100·index …` of the deposited list. */
  async references(doi: string | undefined, index: number, context: SourceContext): Promise<ProviderResult<EdgeChunk>> {
    const answer = await this.work(doi, context);
    if (!answer.ok) return answer;
    const { references, work } = answer.value;
    const edges = references.slice(index * GRAPH_CHUNK_SIZE, (index + 1) * GRAPH_CHUNK_SIZE);
    const total = work?.referenceTotal;
    return success({ edges, last: (index + 1) * GRAPH_CHUNK_SIZE >= references.length, ...(total === undefined ? {} : { total }) });
  }
}
