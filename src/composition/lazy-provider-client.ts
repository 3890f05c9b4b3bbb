import type { Dispatcher } from 'undici';
import { ProviderRuntimeUnavailableError, type ProviderClient, type ProviderSearchOutcome, type ProviderSearchRequest } from '../ports/provider-client.port.js';
import type { TimeSlices } from '../ports/time-slices.port.js';
import { eventLoopSlices } from '../adapters/scheduling/time-slices.js';
import { VERSION } from './version.js';

/**
 * A {@link ProviderClient} that builds the real one on its first search and shares it
 * afterwards. A failure to build is remembered: every search then rejects with
 * {@link ProviderRuntimeUnavailableError} (the search tool answers `provider-runtime-unavailable`),
 * whatever the cause was.
 */
export class LazyProviderClient implements ProviderClient {
  private client: Promise<ProviderClient> | undefined;

  /** `load` is called at most once, on the first search. */
  constructor(private readonly load: () => Promise<ProviderClient>) {}

  search(request: ProviderSearchRequest): Promise<ProviderSearchOutcome> {
    this.client ??= this.load();
    return this.client.then(
      (client) => client.search(request),
      () => Promise.reject(new ProviderRuntimeUnavailableError()),
    );
  }
}

/** The search adapter's client and the one HTTP policy (the provider HTTP kernel's) every client built from it shares. */
interface ProviderRuntime {
  readonly UndiciProviderClient: typeof import('../adapters/provider-client/index.js').UndiciProviderClient;
  /** Shared by the search, citation-graph and full-text clients: one pacer per source. */
  readonly http: import('../adapters/provider-http/index.js').ProviderHttp;
}

/** Loads the {@link ProviderRuntime} on first call; every later call shares that load. */
export type ProviderRuntimeLoader = () => Promise<ProviderRuntime>;

/**
 * A loader of the provider runtime: the adapters (and undici itself) are imported only when the
 * first networked tool runs, so start-up and every other tool never load them. `slices` runs the
 * body parsers in time slices (default: the scheduling adapter's event-loop slices).
 */
export function providerRuntimeLoader(dispatcher: Dispatcher | undefined, slices: TimeSlices = eventLoopSlices): ProviderRuntimeLoader {
  let loading: Promise<ProviderRuntime> | undefined;
  return () => {
    loading ??= import('../adapters/provider-client/index.js').then(({ UndiciProviderClient, ProviderHttp }) => ({
      UndiciProviderClient,
      http: new ProviderHttp({ version: VERSION, dispatcher, slices }),
    }));
    return loading;
  };
}

/** The undici provider client, built from the shared runtime on the first search. */
export const lazyUndiciProviderClient = (runtime: ProviderRuntimeLoader): ProviderClient =>
  new LazyProviderClient(() => runtime().then(({ UndiciProviderClient, http }) => new UndiciProviderClient({ http })));
