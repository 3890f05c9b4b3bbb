import type { GraphSession, GraphSourceId, ResolvedWork, WorkIdentifier, WorkIds } from '../../ports/citation-graph.port.js';
import type { ProviderFailure } from '../../ports/provider-client.port.js';
import { cleanProviderRecord, type CleaningOptions, type RecordFields } from '../literature-search/clean-provider-record.js';
import { fillMissing } from '../literature-search/dedupe-records.js';
import { normaliseDoi } from '../literature-search/record-keys.js';

/**
 * Why a source was not asked: no identifier it takes is known (the sources that answered gave
 * none), or the sources that could have given one failed (so whether it knows the work is open).
 */
type NotAskedReason = 'no_identifier' | 'not_reached';

/** What resolving told about one source. */
type SourceResolution =
  | { readonly status: 'resolved'; readonly work?: ResolvedWork }
  | { readonly status: 'not_found' }
  | { readonly status: 'not_asked'; readonly reason: NotAskedReason }
  | ({ readonly status: 'failed' } & ProviderFailure);

/** The work as the sources resolved it. */
export interface WorkResolution {
  /** Every identifier learned (the caller's first, then each source's in source order). */
  readonly ids: WorkIds;
  /** The merged record and the sources that described it. */
  readonly record: { readonly fields: RecordFields; readonly providers: GraphSourceId[] } | undefined;
  readonly sources: ReadonlyMap<GraphSourceId, SourceResolution>;
}

/** The identifier forms each resolving source can look a work up by. */
const ACCEPTS: Readonly<Record<'openalex' | 'semantic_scholar' | 'crossref', readonly WorkIdentifier['kind'][]>> = {
  openalex: ['doi', 'openalex', 'pmid', 'arxiv'],
  semantic_scholar: ['doi', 'semantic_scholar', 'pmid', 'arxiv'],
  crossref: ['doi'],
};

type Resolver = keyof typeof ACCEPTS;
const RESOLVERS: readonly Resolver[] = ['openalex', 'semantic_scholar', 'crossref'];

/** The caller's identifier as ids. */
function idsOfIdentifier(work: WorkIdentifier): WorkIds {
  return { [work.kind]: work.value };
}

/** `ids` with every slot it lacks filled from `more`. */
function withIds(ids: WorkIds, more: WorkIds): WorkIds {
  const doi = ids.doi ?? normaliseDoi(more.doi);
  return {
    ...more,
    ...ids,
    ...(doi === undefined ? {} : { doi }),
  };
}

/** The identifier to ask a source with, once `ids` are known: a DOI first, then a PMID. */
function laterIdentifier(source: Resolver, ids: WorkIds): WorkIdentifier | undefined {
  if (ids.doi !== undefined) return { kind: 'doi', value: ids.doi };
  if (ids.pmid !== undefined && ACCEPTS[source].includes('pmid')) return { kind: 'pmid', value: ids.pmid };
  return undefined;
}

/**
 * Resolves the work with every attempted source that can look works up (OpenAlex, Semantic
 * Scholar, Crossref), concurrently: first those that take the caller's identifier form, then,
 * with the DOI (or PMID) the first round learned, those that could not (an OpenAlex id for
 * Semantic Scholar, an arXiv id for Crossref). OpenCitations needs no lookup: it is asked by the
 * DOI (or PMID) resolving learned. A source no identifier it takes was learned for is `not_asked`
 * (never `not_found`: it was not asked), `not_reached` when a source that could have given one
 * failed. Returns the merged ids, the merged record and each source's outcome.
 */
export async function resolveWork(work: WorkIdentifier, sessions: ReadonlyMap<GraphSourceId, GraphSession>, options: CleaningOptions): Promise<WorkResolution> {
  const outcomes = new Map<GraphSourceId, SourceResolution>();
  const resolvers = RESOLVERS.filter((source) => sessions.has(source));
  const ask = async (source: Resolver, identifier: WorkIdentifier): Promise<void> => {
    const step = await sessions.get(source)!.resolve(identifier);
    if (!step.ok) outcomes.set(source, { status: 'failed', ...step.error });
    else outcomes.set(source, step.value === undefined ? { status: 'not_found' } : { status: 'resolved', work: step.value });
  };
  await Promise.all(resolvers.filter((source) => ACCEPTS[source].includes(work.kind)).map((source) => ask(source, work)));
  let ids = collectIds(idsOfIdentifier(work), outcomes);
  const notAsked = (): SourceResolution => ({
    status: 'not_asked',
    reason: [...outcomes.values()].some((outcome) => outcome.status === 'failed') ? 'not_reached' : 'no_identifier',
  });
  const later = resolvers.filter((source) => !outcomes.has(source));
  const unasked = later.filter((source) => laterIdentifier(source, ids) === undefined);
  const reasonLater = notAsked();
  await Promise.all(later.filter((source) => !unasked.includes(source)).map((source) => ask(source, laterIdentifier(source, ids)!)));
  for (const source of unasked) outcomes.set(source, reasonLater);
  ids = collectIds(ids, outcomes);
  if (sessions.has('opencitations')) outcomes.set('opencitations', ids.doi === undefined && ids.pmid === undefined ? notAsked() : { status: 'resolved' });
  return { ids, record: mergedRecord(outcomes, options), sources: outcomes };
}

/** `ids` filled from every resolved source, in source order. */
function collectIds(ids: WorkIds, outcomes: ReadonlyMap<GraphSourceId, SourceResolution>): WorkIds {
  let merged = ids;
  for (const source of RESOLVERS) {
    const outcome = outcomes.get(source);
    if (outcome?.status === 'resolved' && outcome.work !== undefined) merged = withIds(merged, outcome.work.ids);
  }
  return merged;
}

/** The resolved records merged in source order (§7.3.5's merge: missing fields filled). */
function mergedRecord(outcomes: ReadonlyMap<GraphSourceId, SourceResolution>, options: CleaningOptions): WorkResolution['record'] {
  let merged: { fields: RecordFields; providers: GraphSourceId[] } | undefined;
  for (const source of RESOLVERS) {
    const outcome = outcomes.get(source);
    if (outcome?.status !== 'resolved' || outcome.work === undefined) continue;
    const fields = cleanProviderRecord(outcome.work.record, options);
    if (fields === undefined) continue;
    if (merged === undefined) merged = { fields, providers: [source] };
    else {
      fillMissing(merged.fields, fields);
      merged.providers.push(source);
    }
  }
  return merged;
}
