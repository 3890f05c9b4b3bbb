import {
  GRAPH_CHUNK_SIZE,
  type CitationGraphClient,
  type GraphAccess,
  type GraphDirection,
  type GraphSession,
  type GraphSourceId,
  type ProviderEdge,
  type ResolvedWork,
  type WorkIdentifier,
} from '../../src/ports/citation-graph.port.js';
import type { ProviderFailureKind, ProviderRecord, ProviderResult, TransportCause } from '../../src/ports/provider-client.port.js';

/** What one fake source knows. */
export interface FakeSource {
  /** The work as this source resolves it (any identifier), or nothing. */
  readonly work?: ResolvedWork;
  readonly references?: readonly ProviderEdge[];
  readonly citations?: readonly ProviderEdge[];
  /** Works it can look up by DOI. */
  readonly lookups?: Readonly<Record<string, ProviderRecord>>;
  /** Every call fails with this kind. */
  readonly failure?: ProviderFailureKind;
  /** …and this static cause of a connection failure. */
  readonly cause?: TransportCause;
}

/**
 * In-memory {@link CitationGraphClient} for domain tests: each source answers from its lists in
 * chunks of 100, counts one request per call, and records what it was asked (and with which
 * access), so a test can check which sources a call used and with which credentials.
 */
export class FakeCitationGraphClient implements CitationGraphClient {
  /** Every session opened: its source and access. */
  readonly opened: { source: GraphSourceId; access: GraphAccess }[] = [];
  /** Every call: source, operation and argument. */
  readonly calls: string[] = [];

  constructor(private readonly sources: Partial<Record<GraphSourceId, FakeSource>>) {}

  session(source: GraphSourceId, access: GraphAccess): GraphSession {
    this.opened.push({ source, access });
    const known = this.sources[source] ?? {};
    let requests = 0;
    const step = <T>(name: string, value: () => T): Promise<ProviderResult<T>> => {
      this.calls.push(`${source}.${name}`);
      requests += 1;
      if (access.signal.aborted) return Promise.resolve({ ok: false, error: { kind: 'cancelled' } });
      if (known.failure !== undefined)
        return Promise.resolve({ ok: false, error: known.cause === undefined ? { kind: known.failure } : { kind: known.failure, cause: known.cause } });
      return Promise.resolve({ ok: true, value: value() });
    };
    return {
      resolve: (work: WorkIdentifier) => step(`resolve(${work.kind})`, () => known.work),
      chunk: (direction: GraphDirection, _ids, index) =>
        step(`chunk(${direction},${index})`, () => {
          const all = known[direction] ?? [];
          return {
            edges: all.slice(index * GRAPH_CHUNK_SIZE, (index + 1) * GRAPH_CHUNK_SIZE),
            last: (index + 1) * GRAPH_CHUNK_SIZE >= all.length,
            total: all.length,
          };
        }),
      lookup: (doi: string) => step(`lookup(${doi})`, () => known.lookups?.[doi]),
      cost: () => ({ requests, listCalls: source === 'openalex' ? requests : 0 }),
    };
  }
}

/** A record of a fake edge. */
export const fakeRecord = (index: number, extra: Partial<ProviderRecord> = {}): ProviderRecord => ({
  title: `Work ${index}`,
  doi: `10.7777/${index}`,
  year: 2000 + (index % 20),
  cited_by_count: index,
  ...extra,
});

/** A resolved work of a fake source. */
export const fakeWork = (ids: ResolvedWork['ids'], extra: Partial<ResolvedWork> = {}): ResolvedWork => ({
  record: { title: 'The work', doi: '10.7777/work', year: 1990 },
  ids,
  ...extra,
});
