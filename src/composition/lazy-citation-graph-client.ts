import type { CitationGraphClient, GraphAccess, GraphCost, GraphSession, GraphSourceId } from '../ports/citation-graph.port.js';
import { ProviderRuntimeUnavailableError } from '../ports/provider-client.port.js';
import type { ProviderRuntimeLoader } from './lazy-provider-client.js';

const NOTHING_SPENT: GraphCost = { requests: 0, listCalls: 0 };

/**
 * A {@link CitationGraphClient} that builds the real one when a session is first used, and
 * shares it afterwards. A failure to build is remembered: every session method then rejects
 * with {@link ProviderRuntimeUnavailableError} (the graph tools answer
 * `provider-runtime-unavailable`), whatever the cause was.
 */
export class LazyCitationGraphClient implements CitationGraphClient {
  private client: Promise<CitationGraphClient> | undefined;

  /** `load` is called at most once, when a session is first used. */
  constructor(private readonly load: () => Promise<CitationGraphClient>) {}

  session(source: GraphSourceId, access: GraphAccess): GraphSession {
    let real: Promise<GraphSession> | undefined;
    let opened: GraphSession | undefined;
    const session = (): Promise<GraphSession> => {
      this.client ??= this.load();
      real ??= this.client.then(
        (client) => (opened = client.session(source, access)),
        () => Promise.reject(new ProviderRuntimeUnavailableError()),
      );
      return real;
    };
    return {
      resolve: (work) => session().then((it) => it.resolve(work)),
      chunk: (direction, ids, index) => session().then((it) => it.chunk(direction, ids, index)),
      lookup: (doi) => session().then((it) => it.lookup(doi)),
      cost: () => opened?.cost() ?? NOTHING_SPENT,
    };
  }
}

/** The undici citation-graph client, built on first use from the shared provider runtime (one HTTP policy, one pacer per source). */
export const lazyUndiciCitationGraphClient = (runtime: ProviderRuntimeLoader): CitationGraphClient =>
  new LazyCitationGraphClient(() =>
    runtime().then(({ http }) => import('../adapters/citation-graph/index.js').then((adapter) => new adapter.UndiciCitationGraphClient({ http }))),
  );
