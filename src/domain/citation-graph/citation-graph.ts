import type { CitationGraphClient, GraphDirection, GraphSourceId, WorkIds } from '../../ports/citation-graph.port.js';
import type { ConfigSource } from '../../ports/config-source.port.js';
import { ProviderRuntimeUnavailableError } from '../../ports/provider-client.port.js';
import type { SealedTokens } from '../../ports/sealed-tokens.port.js';
import type { SecretStore } from '../../ports/secret-store.port.js';
import { abstractsLeftOutWarning, boundAbstracts } from '../literature-search/abstract-budget.js';
import { keylessFallbackWarning } from '../literature-search/provider-credentials.js';
import { recordOf } from '../literature-search/rank-records.js';
import { finishNow } from '../shared/stepwise.js';
import { configUnavailable, invalidArguments, toolError, type ToolFailure } from '../shared/tool-failure.js';
import { success, type Result } from '../shared/result.js';
import type { UseCaseContext } from '../shared/use-case.js';
import { crawlRounds, type CrawlSource, type Pace } from './graph-crawl.js';
import { crawlDigest, openCursor, sealCursor, type CrawlPosition, type CursorBinding, type StoppedSource } from './graph-cursor.js';
import { notRunGraph, summariseGraph } from './graph-diagnostics.js';
import { DEFAULT_GRAPH_LIMIT, GRAPH_MESSAGES, type GraphArguments } from './graph-input.js';
import type { GraphResult } from './graph-output.js';
import { GRAPH_PAGE_CHARACTERS, GRAPH_PAGE_RESERVE, edgesWithin, lookUpDoiOnly, sortPage, toGraphEdge } from './graph-page.js';
import { askedSources, openSessions } from './graph-sources.js';
import { resolveWork, type WorkResolution } from './resolve-work.js';
import { parseWorkIdentifier, workKey } from './work-identifier.js';

/** The ports the graph tools use; `graph` is asked only when a source is attempted. */
export interface CitationGraphDeps {
  readonly config: ConfigSource;
  readonly secrets: SecretStore;
  readonly graph: CitationGraphClient;
  readonly tokens: SealedTokens;
  /** Runs the stepwise merge of each round; default: at once (the MCP adapter passes time slices). */
  readonly pace?: Pace;
}

const runAtOnce: Pace = (task) => Promise.resolve(finishNow(task));

/** The identifiers a source is asked by: its own resolved id (OpenAlex, S2), else what resolving learned. */
function idsFor(source: GraphSourceId, resolution: WorkResolution): WorkIds {
  const outcome = resolution.sources.get(source);
  const own = outcome?.status === 'resolved' ? outcome.work?.ids : undefined;
  if (source === 'openalex') return own?.openalex === undefined ? {} : { openalex: own.openalex };
  if (source === 'semantic_scholar') return own?.semantic_scholar === undefined ? {} : { semantic_scholar: own.semantic_scholar };
  return resolution.ids;
}

/**
 * `qiongli_literature_references` and `qiongli_literature_citations` (docs/tools.md#the-citation-graph):
 * resolves the work with the enabled sources, reads their edges round by round
 * ({@link crawlRounds}), merges them by §7.3.5's keys with per-edge provenance, and returns one
 * page with a sealed cursor to the next. Works known only by DOI on the page are looked up
 * (bounded). Failures of sources are diagnostics, not failures of the call.
 *
 * Failures: a `work` in none of the forms, reversed years, or a cursor that does not open for
 * this exact call (altered, foreign, expired, or its crawl no longer found the same edges) →
 * invalid arguments with a static message; settings unavailable → `native-config-unavailable`;
 * the HTTP client cannot be built → `provider-runtime-unavailable`.
 */
export async function readCitationGraph(
  direction: GraphDirection,
  args: GraphArguments,
  deps: CitationGraphDeps,
  context: UseCaseContext,
): Promise<Result<GraphResult, ToolFailure>> {
  const work = parseWorkIdentifier(args.work);
  if (work === undefined) return invalidArguments(GRAPH_MESSAGES.workForm);
  const from = args.from_year === undefined ? undefined : Number(args.from_year);
  const to = args.to_year === undefined ? undefined : Number(args.to_year);
  if (from !== undefined && to !== undefined && from > to) return invalidArguments(GRAPH_MESSAGES.yearOrder);
  const years = from === undefined && to === undefined ? undefined : { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
  const sort = args.sort ?? 'relevance';
  const includeAbstracts = args.include_abstracts === true;
  const reading = await deps.config.read();
  if (reading.status !== 'available') return configUnavailable(reading.rule);
  const sources = askedSources(direction, reading.settings, args.providers);
  const binding: CursorBinding = { direction, work: workKey(work), sources, years, sort, includeAbstracts };
  const position: CrawlPosition | undefined = args.cursor === undefined ? undefined : openCursor(deps.tokens, binding, args.cursor);
  if (args.cursor !== undefined && position === undefined) return invalidArguments(GRAPH_MESSAGES.cursorInvalid);
  if (sources.length === 0) return success(notRunGraph(direction));

  try {
    const { signal } = context;
    const stoppedBefore = position?.stopped ?? {};
    const live = sources.filter((source) => stoppedBefore[source]?.round !== 0);
    const sessions = await openSessions(deps.graph, sources, reading.settings, deps.secrets, {
      signal,
      includeAbstracts,
      ...(years === undefined ? {} : { years }),
      ...(sort === 'relevance' ? {} : { order: sort }),
    });
    const options = { includeAbstracts };
    const resolution = await resolveWork(work, new Map(live.map((source) => [source, sessions.sources.get(source)!])), options);
    const crawlSources: CrawlSource[] = live
      .filter((source) => resolution.sources.get(source)?.status === 'resolved')
      .map((source) => ({ source, session: sessions.sources.get(source)!, ids: idsFor(source, resolution), stopped: stoppedBefore[source] }));
    const offset = position?.offset ?? 0;
    const limit = args.limit ?? DEFAULT_GRAPH_LIMIT;
    const crawl = await crawlRounds({ direction, sources: crawlSources, options, years, offset, wanted: offset + limit }, deps.pace ?? runAtOnce, signal);
    const { visible } = crawl.edges;
    if (position !== undefined && (visible.length < offset || crawlDigest(visible, offset) !== position.digest)) {
      return invalidArguments(GRAPH_MESSAGES.cursorInvalid);
    }
    const page = visible.slice(offset, offset + limit);
    const stopped: Partial<Record<GraphSourceId, StoppedSource>> = { ...stoppedBefore };
    for (const [source, outcome] of resolution.sources)
      if (outcome.status === 'failed') stopped[source] = { round: 0, kind: outcome.kind, ...(outcome.cause === undefined ? {} : { cause: outcome.cause }) };
    for (const [source, failure] of crawl.failures) stopped[source] ??= failure;
    // A lookup source that is failing in this crawl is not asked again for every DOI.
    const lookup = sessions.lookup !== undefined && stopped[sessions.lookup.provider] === undefined ? sessions.lookup : undefined;
    const report = await lookUpDoiOnly(page, lookup, options);
    const workRecord = resolution.record === undefined ? undefined : recordOf(resolution.record.fields, resolution.record.providers);
    const facts = {
      direction,
      sessions: sessions.sources,
      resolution,
      crawl,
      stoppedBefore,
      offset,
      lookups: report === undefined || lookup === undefined ? undefined : { report, session: lookup.session },
    };
    // The page is cut in crawl order to what fits its characters, then sorted: the next page starts where it ends.
    const candidates = page.map(toGraphEdge);
    const draft = summariseGraph({ ...facts, page: candidates });
    const fixed = JSON.stringify({ status: draft.status, direction, work: workRecord, edges: [], diagnostics: draft.diagnostics }).length + GRAPH_PAGE_RESERVE;
    const count = edgesWithin(candidates, (limit > DEFAULT_GRAPH_LIMIT ? GRAPH_PAGE_CHARACTERS.max : GRAPH_PAGE_CHARACTERS.default) - fixed);
    const edges = sortPage(candidates.slice(0, count), sort);
    const abstractsLeftOut = boundAbstracts(edges.map((edge) => edge.record));
    const end = offset + count;
    const more = visible.length > end || !crawl.exhausted;
    const { status, diagnostics } = summariseGraph({ ...facts, page: edges });
    if (abstractsLeftOut > 0) diagnostics.warnings.push(abstractsLeftOutWarning(abstractsLeftOut));
    for (const [provider, fallback] of sessions.keyless)
      if (sessions.sources.has(provider as GraphSourceId) || (report !== undefined && lookup?.provider === provider))
        diagnostics.warnings.push(keylessFallbackWarning(provider, fallback));
    const result: GraphResult = {
      status,
      direction,
      ...(workRecord === undefined ? {} : { work: workRecord }),
      edges,
      ...(more ? { next_cursor: sealCursor(deps.tokens, binding, { offset: end, digest: crawlDigest(visible, end), stopped }) } : {}),
      diagnostics,
    };
    return success(result);
  } catch (error) {
    if (error instanceof ProviderRuntimeUnavailableError) return toolError('provider-runtime-unavailable');
    throw error;
  }
}
