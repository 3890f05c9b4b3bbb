import type { GraphDirection, GraphSession, GraphSourceId } from '../../ports/citation-graph.port.js';
import type { ProviderFailure } from '../../ports/provider-client.port.js';
import { failureWarning, networkHint } from '../shared/provider-warnings.js';
import type { GraphDiagnostics, GraphEdge, GraphResult, SourceDiagnostic } from './graph-output.js';
import type { CrawlOutcome } from './graph-crawl.js';
import type { StoppedSource } from './graph-cursor.js';
import type { LookupReport } from './graph-page.js';
import type { WorkResolution } from './resolve-work.js';

/** Warning of a call with no source to ask: no network at all. */
const NO_ACTIVE_SOURCES_WARNING = 'no active citation-graph sources; no network request was performed';
/** Warning of a call whose sources all answered, none of them knowing the work. */
export const WORK_NOT_FOUND_WARNING = 'no source knows this work';
/** Warning of a call none of whose sources could be asked (no identifier any of them takes). */
export const NO_SOURCE_ASKED_WARNING = 'no source could be asked for this work';
/** Warning of a call whose sources answered without any edge. */
export const NO_EDGES_WARNING = 'sources returned no edges';
/** Warning of a crawl that reached its depth bound. */
export const DEPTH_WARNING = 'crawl depth limit reached: 10,000 edges per source';

/** The diagnostics of a call that asked no source. */
export const notRunGraph = (direction: GraphDirection): GraphResult => ({
  status: 'warning',
  direction,
  edges: [],
  diagnostics: { status: 'not_run', status_reason: 'no_active_sources', providers: {}, warnings: [NO_ACTIVE_SOURCES_WARNING] },
});

/** Everything the diagnostics of one call are drawn from. */
export interface CallFacts {
  readonly direction: GraphDirection;
  readonly sessions: ReadonlyMap<GraphSourceId, GraphSession>;
  readonly resolution: WorkResolution;
  readonly crawl: CrawlOutcome | undefined;
  /** Sources that failed on an earlier page of the crawl. */
  readonly stoppedBefore: Partial<Record<GraphSourceId, StoppedSource>>;
  readonly page: readonly GraphEdge[];
  /** Edges earlier pages returned (a last page may be empty after them). */
  readonly offset: number;
  readonly lookups: { readonly report: LookupReport; readonly session: GraphSession } | undefined;
}

const failed = (source: GraphSourceId, failure: ProviderFailure, count: number, requests: SourceDiagnostic): SourceDiagnostic => ({
  ...requests,
  status: 'error',
  count,
  error_kind: failure.kind,
  warning: failureWarning(source, failure),
});

/** How a source failed in this call (resolving it, or reading its edges now or on an earlier page), if it did. */
function failureOf(source: GraphSourceId, facts: CallFacts): ProviderFailure | undefined {
  const resolved = facts.resolution.sources.get(source);
  return resolved?.status === 'failed' ? resolved : (facts.crawl?.failures.get(source) ?? facts.stoppedBefore[source]);
}

/** One source's diagnostic. */
function sourceDiagnostic(source: GraphSourceId, facts: CallFacts): SourceDiagnostic {
  const cost = facts.sessions.get(source)!.cost();
  const count = facts.page.filter((edge) => edge.providers.includes(source)).length;
  const resolved = facts.resolution.sources.get(source);
  const work = resolved?.status === 'resolved' ? resolved.work : undefined;
  const total = facts.crawl?.totals.get(source) ?? (facts.direction === 'references' ? work?.referenceTotal : work?.citationTotal);
  const base: SourceDiagnostic = {
    status: 'ok',
    count,
    ...(total === undefined ? {} : { total }),
    requests: cost.requests,
    ...(source === 'openalex' ? { list_calls: cost.listCalls } : {}),
  };
  const failure = failureOf(source, facts);
  if (failure !== undefined) return failed(source, failure, count, base);
  if (resolved?.status === 'not_found') return { ...base, status: 'not_found', warning: `${source}: work not found` };
  if (resolved?.status === 'not_asked') return { ...base, status: 'not_asked', reason: resolved.reason, warning: `${source}: not asked (${resolved.reason})` };
  return cost.requests === 0 ? { ...base, cached: true } : base;
}

/**
 * The status and diagnostics of a call (docs/tools.md#the-citation-graph): each source `ok`,
 * `not_found` (it was asked and does not know the work), `not_asked` with its reason (no
 * identifier it takes was learned, or the sources that could give one failed: never reported as
 * not found) or `error` (a failure now, or on an earlier page of the crawl); every source asked
 * answering → `ok` (`warning` with no edges, or when none knows the work or none could be
 * asked), some failing → `warning`/`partial`, every source asked failing → `error`/`failed`.
 */
export function summariseGraph(facts: CallFacts): { status: GraphResult['status']; diagnostics: GraphDiagnostics } {
  const providers: GraphDiagnostics['providers'] = {};
  const warnings: string[] = [];
  const counts = { error: 0, ok: 0, not_found: 0, not_asked: 0 };
  for (const source of facts.sessions.keys()) {
    const diagnostic = sourceDiagnostic(source, facts);
    providers[source] = diagnostic;
    if (diagnostic.warning !== undefined) warnings.push(diagnostic.warning);
    counts[diagnostic.status] += 1;
  }
  const { error: failures, ok: found } = counts;
  const hint = networkHint([...facts.sessions.keys()].flatMap((source) => failureOf(source, facts) ?? []));
  if (hint !== undefined) warnings.push(hint);
  if (facts.crawl?.depthReached === true) warnings.push(DEPTH_WARNING);
  const diagnostics: GraphDiagnostics = { status: 'complete', providers, warnings };
  if (facts.lookups !== undefined) diagnostics.metadata_lookups = { ...facts.lookups.report, requests: facts.lookups.session.cost().requests };
  const asked = facts.sessions.size - counts.not_asked;
  if (failures > 0 && failures === asked) return { status: 'error', diagnostics: { ...diagnostics, status: 'failed' } };
  if (failures > 0) return { status: 'warning', diagnostics: { ...diagnostics, status: 'partial' } };
  if (found === 0) {
    const warning = counts.not_found > 0 ? WORK_NOT_FOUND_WARNING : NO_SOURCE_ASKED_WARNING;
    return { status: 'warning', diagnostics: { ...diagnostics, warnings: [...warnings, warning] } };
  }
  if (facts.page.length === 0 && facts.offset === 0) return { status: 'warning', diagnostics: { ...diagnostics, warnings: [...warnings, NO_EDGES_WARNING] } };
  return { status: 'ok', diagnostics };
}
