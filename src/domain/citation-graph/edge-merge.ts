import type { GraphSourceId, ProviderEdge } from '../../ports/citation-graph.port.js';
import { GRAPH_SOURCE_IDS } from '../../ports/citation-graph.port.js';
import { cleanProviderRecord, type CleaningOptions, type RecordFields } from '../literature-search/clean-provider-record.js';
import { fillMissing, RECORDS_PER_STEP } from '../literature-search/dedupe-records.js';
import { dedupeKey, normaliseDoi, textKey } from '../literature-search/record-keys.js';
import type { YearBounds } from '../literature-search/record-filters.js';
import type { Stepwise } from '../shared/stepwise.js';
import { foldToOneLine } from '../zotero-export/one-line-text.js';
import { MAX_CONTEXT_CHARACTERS, MAX_CONTEXTS } from './graph-output.js';

/** Most distinct intents an edge keeps, and characters of each. */
const MAX_INTENTS = 8;
const MAX_INTENT_CHARACTERS = 32;

/** One edge of the crawl after merging: the work at its other end and who reported it. */
export interface MergedEdge {
  /** §7.3.5's key (`doi:…`, else `title:…:<year>`); none → never merged. */
  readonly key: string | undefined;
  /** The merged record fields; absent while only a DOI is known (OpenCitations, a bare Crossref reference). */
  fields: RecordFields | undefined;
  /** The normalised DOI of a DOI-only edge. */
  doi: string | undefined;
  /** The year a DOI-only edge's source derived (OpenCitations' dates). */
  year: number | undefined;
  /** Sources that reported the edge, in source order. */
  readonly providers: GraphSourceId[];
  /** Sources whose descriptions built `fields`, in source order. */
  readonly recordProviders: GraphSourceId[];
  contexts: string[];
  intents: string[];
  influential: boolean | undefined;
}

/** The edges a crawl has merged so far, and the visible ones (past the year filter) in paging order. */
export interface CrawlEdges {
  readonly byKey: Map<string, MergedEdge>;
  readonly visible: MergedEdge[];
}

/** An empty crawl. */
export const emptyCrawl = (): CrawlEdges => ({ byKey: new Map(), visible: [] });

/** One source's chunk of one round. */
export interface RoundChunk {
  readonly source: GraphSourceId;
  readonly edges: readonly ProviderEdge[];
}

const SOURCE_POSITION = new Map<GraphSourceId, number>(GRAPH_SOURCE_IDS.map((id, index) => [id, index]));

/** Adds `source` to a list kept in source order. */
function addInOrder(list: GraphSourceId[], source: GraphSourceId): void {
  if (list.includes(source)) return;
  list.push(source);
  list.sort((a, b) => (SOURCE_POSITION.get(a) ?? 0) - (SOURCE_POSITION.get(b) ?? 0));
}

/** A context folded to one line and cut to {@link MAX_CONTEXT_CHARACTERS} code points (`…` marks the cut). */
function contextText(text: string): string | undefined {
  const folded = foldToOneLine(text);
  if (folded === '') return undefined;
  const points = Array.from(folded);
  return points.length <= MAX_CONTEXT_CHARACTERS
    ? folded
    : `${points
        .slice(0, MAX_CONTEXT_CHARACTERS - 1)
        .join('')
        .trimEnd()}…`;
}

/** Folds what S2 says of the citation into the merged edge, within its bounds. */
function addCitationFacts(target: MergedEdge, edge: ProviderEdge): void {
  for (const context of edge.contexts ?? []) {
    if (target.contexts.length >= MAX_CONTEXTS) break;
    const text = typeof context === 'string' ? contextText(context) : undefined;
    if (text !== undefined && !target.contexts.includes(text)) target.contexts.push(text);
  }
  for (const intent of edge.intents ?? []) {
    const text = typeof intent === 'string' ? foldToOneLine(intent).toLowerCase() : '';
    if (text !== '' && text.length <= MAX_INTENT_CHARACTERS && target.intents.length < MAX_INTENTS && !target.intents.includes(text)) target.intents.push(text);
  }
  if (typeof edge.influential === 'boolean') target.influential = (target.influential ?? false) || edge.influential;
}

/** A year a DOI-only edge may carry: an integer of 1000–9999. */
const edgeYear = (year: unknown): number | undefined =>
  Number.isInteger(year) && (year as number) >= 1000 && (year as number) <= 9999 ? (year as number) : undefined;

/** Whether an edge passes the year bounds (with either bound set, an edge without a year does not). */
function withinYears(edge: MergedEdge, years: YearBounds | undefined): boolean {
  if (years === undefined || (years.from === undefined && years.to === undefined)) return true;
  const year = edge.fields?.year ?? edge.year;
  if (year === undefined) return false;
  return (years.from === undefined || year >= years.from) && (years.to === undefined || year <= years.to);
}

/** Folds one reported edge into the crawl; returns the edge when it is new. */
function mergeEdge(crawl: CrawlEdges, source: GraphSourceId, edge: ProviderEdge, options: CleaningOptions): MergedEdge | undefined {
  const fields = edge.record === undefined ? undefined : cleanProviderRecord(edge.record, options);
  const doi = fields?.doi ?? normaliseDoi(typeof edge.doi === 'string' ? edge.doi : undefined);
  if (fields === undefined && doi === undefined) return undefined;
  const key = fields === undefined ? `doi:${doi}` : dedupeKey(fields.doi, () => textKey(fields.title), fields.year);
  const existing = key === undefined ? undefined : crawl.byKey.get(key);
  const target: MergedEdge = existing ?? {
    key,
    fields: undefined,
    doi,
    year: undefined,
    providers: [],
    recordProviders: [],
    contexts: [],
    intents: [],
    influential: undefined,
  };
  addInOrder(target.providers, source);
  if (fields !== undefined) {
    if (target.fields === undefined) target.fields = fields;
    else fillMissing(target.fields, fields);
    addInOrder(target.recordProviders, source);
  }
  target.year ??= edgeYear(edge.year);
  if (target.fields !== undefined && target.fields.year === undefined && target.year !== undefined) target.fields.year = target.year;
  addCitationFacts(target, edge);
  if (existing !== undefined) return undefined;
  if (key !== undefined) crawl.byKey.set(key, target);
  return target;
}

/**
 * Merges one round of the crawl (each source's chunk of that round, in source order) into
 * `crawl`: an edge seen before gains the new source and fills missing fields; a new edge is
 * appended to the visible ones when it passes the year bounds, judged once, with what the whole
 * round knows of it (so a later round never changes which edges are visible or where they are).
 * Stepwise: a pause every few edges.
 */
export function* mergeRound(crawl: CrawlEdges, round: readonly RoundChunk[], options: CleaningOptions, years: YearBounds | undefined): Stepwise<void> {
  const fresh: MergedEdge[] = [];
  let seen = 0;
  for (const chunk of [...round].sort((a, b) => (SOURCE_POSITION.get(a.source) ?? 0) - (SOURCE_POSITION.get(b.source) ?? 0))) {
    for (const edge of chunk.edges) {
      if (++seen % RECORDS_PER_STEP === 0) yield;
      const added = mergeEdge(crawl, chunk.source, edge, options);
      if (added !== undefined) fresh.push(added);
    }
  }
  for (const edge of fresh) if (withinYears(edge, years)) crawl.visible.push(edge);
}
