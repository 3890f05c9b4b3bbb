import type { GraphDirection, GraphSession, GraphSourceId, WorkIds } from '../../ports/citation-graph.port.js';
import type { CleaningOptions } from '../literature-search/clean-provider-record.js';
import type { YearBounds } from '../literature-search/record-filters.js';
import type { Stepwise } from '../shared/stepwise.js';
import { emptyCrawl, mergeRound, type CrawlEdges, type RoundChunk } from './edge-merge.js';
import type { StoppedSource } from './graph-cursor.js';

/** Rounds a crawl reads at most: 100 chunks of 100, i.e. 10,000 edges per source. */
export const MAX_CRAWL_ROUNDS = 100;

/** Rounds one call may fetch from the network beyond the pages already returned (the rest come from the cache). */
export const MAX_NEW_ROUNDS_PER_CALL = 5;

/** One source the crawl reads. */
export interface CrawlSource {
  readonly source: GraphSourceId;
  readonly session: GraphSession;
  /** The identifiers this source is asked by. */
  readonly ids: WorkIds;
  /** The round it failed at on an earlier page: it is not read from there on. */
  readonly stopped?: StoppedSource;
}

/** What one call's crawl reads. */
export interface CrawlPlan {
  readonly direction: GraphDirection;
  readonly sources: readonly CrawlSource[];
  readonly options: CleaningOptions;
  readonly years: YearBounds | undefined;
  /** Visible edges already returned by earlier pages. */
  readonly offset: number;
  /** Visible edges wanted: offset + limit. */
  readonly wanted: number;
}

/** What the crawl of one call found. */
export interface CrawlOutcome {
  readonly edges: CrawlEdges;
  /** No source has anything left to read (or the depth bound was reached). */
  readonly exhausted: boolean;
  /** The depth bound ({@link MAX_CRAWL_ROUNDS}) ended the crawl. */
  readonly depthReached: boolean;
  /** Sources that failed in this call, with the round they stopped at. */
  readonly failures: ReadonlyMap<GraphSourceId, StoppedSource>;
  /** The largest total each source reported while it was read. */
  readonly totals: ReadonlyMap<GraphSourceId, number>;
}

/** Runs a stepwise computation (the adapter gives the event loop a turn between steps). */
export type Pace = <T>(task: Stepwise<T>, signal: AbortSignal) => Promise<T>;

/**
 * Reads the sources round by round (docs/decisions.md#paging-the-citation-graph): round `r` asks
 * every source still going for its chunk `r` (all at once), then merges them in source order. New
 * edges are appended to the visible sequence after the round, so the sequence a deeper call sees
 * always starts with the one a shallower call saw: a page is a slice of it, and the next page
 * continues where it ended. Rounds already read come from the cache; a source that fails stops
 * there for the rest of the crawl. Stops once `wanted` edges are visible, every source is done,
 * {@link MAX_CRAWL_ROUNDS} are read, or {@link MAX_NEW_ROUNDS_PER_CALL} rounds past the offset
 * needed the network.
 */
export async function crawlRounds(plan: CrawlPlan, pace: Pace, signal: AbortSignal): Promise<CrawlOutcome> {
  const edges = emptyCrawl();
  const done = new Set<GraphSourceId>();
  const failures = new Map<GraphSourceId, StoppedSource>();
  const totals = new Map<GraphSourceId, number>();
  let newRounds = 0;
  let round = 0;
  for (; round < MAX_CRAWL_ROUNDS; round++) {
    const active = plan.sources.filter((source) => !done.has(source.source) && (source.stopped === undefined || round < source.stopped.round));
    if (active.length === 0 || edges.visible.length >= plan.wanted || newRounds >= MAX_NEW_ROUNDS_PER_CALL || signal.aborted) break;
    const requestsBefore = active.map((source) => source.session.cost().requests);
    const steps = await Promise.all(active.map((source) => source.session.chunk(plan.direction, source.ids, round)));
    const chunks: RoundChunk[] = [];
    let fetched = false;
    active.forEach(({ source, session }, index) => {
      const step = steps[index]!;
      if (!step.ok) {
        failures.set(source, { round, ...step.error });
        done.add(source);
        return;
      }
      fetched ||= session.cost().requests > requestsBefore[index]!;
      if (step.value.total !== undefined) totals.set(source, Math.max(totals.get(source) ?? 0, step.value.total));
      chunks.push({ source, edges: step.value.edges });
      if (step.value.last) done.add(source);
    });
    if (fetched && edges.visible.length >= plan.offset) newRounds += 1;
    await pace(mergeRound(edges, chunks, plan.options, plan.years), signal);
  }
  const remaining = plan.sources.filter((source) => !done.has(source.source) && (source.stopped === undefined || round < source.stopped.round));
  const depthReached = round >= MAX_CRAWL_ROUNDS && remaining.length > 0;
  return { edges, exhausted: remaining.length === 0 || depthReached, depthReached, failures, totals };
}
