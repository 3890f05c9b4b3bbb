import type { GraphSession } from '../../ports/citation-graph.port.js';
import { cleanProviderRecord, type CleaningOptions } from '../literature-search/clean-provider-record.js';
import type { ResultSort } from '../literature-search/literature-search-input.js';
import { recordOf } from '../literature-search/rank-records.js';
import type { MergedEdge } from './edge-merge.js';
import type { GraphEdge, GraphRecord } from './graph-output.js';

/** Where works known only by DOI are looked up, and how many per page. */
export interface MetadataLookup {
  readonly provider: 'openalex' | 'crossref';
  readonly session: GraphSession;
}

/** Single-work lookups per page: OpenAlex's are free and unpaced, Crossref's are paced to one a second. */
const LOOKUPS_PER_PAGE = { openalex: 50, crossref: 5 } as const;

/** Lookups sent at once. */
const LOOKUP_WAVE = 5;

/** What the lookups of one page did. */
export interface LookupReport {
  readonly provider: 'openalex' | 'crossref';
  readonly asked: number;
  readonly found: number;
}

/**
 * Looks up, by DOI, the works of the page no source described (OpenCitations edges, bare
 * Crossref references): at most {@link LOOKUPS_PER_PAGE} of them, in page order, five at a time.
 * A found work fills the edge's record; a failed or missing one leaves the DOI only. Changes the
 * edges in place; the page's order and membership never change.
 */
export async function lookUpDoiOnly(
  page: readonly MergedEdge[],
  lookup: MetadataLookup | undefined,
  options: CleaningOptions,
): Promise<LookupReport | undefined> {
  const wanted = page.filter((edge) => edge.fields === undefined && edge.doi !== undefined);
  if (lookup === undefined || wanted.length === 0) return undefined;
  const asked = wanted.slice(0, LOOKUPS_PER_PAGE[lookup.provider]);
  let found = 0;
  for (let start = 0; start < asked.length; start += LOOKUP_WAVE) {
    await Promise.all(
      asked.slice(start, start + LOOKUP_WAVE).map(async (edge) => {
        const step = await lookup.session.lookup(edge.doi!);
        const fields = step.ok && step.value !== undefined ? cleanProviderRecord(step.value, options) : undefined;
        if (fields === undefined) return;
        if (fields.year === undefined && edge.year !== undefined) fields.year = edge.year;
        edge.fields = fields;
        edge.recordProviders.push(lookup.provider);
        found += 1;
      }),
    );
  }
  return { provider: lookup.provider, asked: asked.length, found };
}

/** The public edge of a merged one: its record (the DOI as title when only the DOI is known) and what the sources said. */
export function toGraphEdge(edge: MergedEdge): GraphEdge {
  let record: GraphRecord;
  if (edge.fields !== undefined) record = recordOf(edge.fields, edge.recordProviders.length > 0 ? edge.recordProviders : edge.providers);
  else {
    record = { title: edge.doi!, provider: edge.providers[0]!, providers: [...edge.providers], doi: edge.doi! };
    if (edge.year !== undefined) record.year = edge.year;
  }
  return {
    record,
    providers: [...edge.providers],
    ...(edge.contexts.length === 0 ? {} : { contexts: [...edge.contexts] }),
    ...(edge.intents.length === 0 ? {} : { intents: [...edge.intents] }),
    ...(edge.influential === undefined ? {} : { influential: edge.influential }),
    ...(edge.fields === undefined ? { doi_only: true as const } : {}),
  };
}

const SORT_VALUE: Readonly<Record<Exclude<ResultSort, 'relevance'>, (edge: GraphEdge) => number | undefined>> = {
  newest: (edge) => edge.record.year,
  most_cited: (edge) => edge.record.cited_by_count,
};

/**
 * The page in the asked order: `relevance` keeps the crawl's order; `newest` (year) and
 * `most_cited` (cited_by_count) sort descending, unknown values last, ties in crawl order.
 */
export function sortPage(edges: readonly GraphEdge[], sort: ResultSort): GraphEdge[] {
  if (sort === 'relevance') return [...edges];
  const value = SORT_VALUE[sort];
  return edges
    .map((edge) => ({ edge, key: value(edge) }))
    .sort((a, b) => (a.key === b.key ? 0 : a.key === undefined ? 1 : b.key === undefined ? -1 : b.key - a.key))
    .map(({ edge }) => edge);
}

/**
 * Characters of text content a page may take (SPEC §13; docs/tools.md#the-citation-graph): at
 * most the default `limit`, under 40,000; a larger explicit `limit`, under 100,000. Each answer's
 * rest (the work, diagnostics, a cursor) is counted in.
 */
export const GRAPH_PAGE_CHARACTERS = { default: 36_000, max: 90_000 } as const;

/** Characters set aside for what is measured only once the page is cut: the cursor, the warnings it may add. */
export const GRAPH_PAGE_RESERVE = 800;

/**
 * How many of `edges` (in crawl order) one page holds: while their JSON text (and a comma each)
 * stays within `budget` — at least one, so a page always moves forward. Only the edges taken
 * (and the one that does not fit) are measured.
 */
export function edgesWithin(edges: readonly GraphEdge[], budget: number): number {
  let used = 0;
  let count = 0;
  for (; count < edges.length; count++) {
    used += JSON.stringify(edges[count]).length + 1;
    if (used > budget && count > 0) break;
  }
  return count;
}
