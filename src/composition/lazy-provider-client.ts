import type { Dispatcher } from 'undici';
import { ProviderRuntimeUnavailableError, type ProviderClient, type ProviderSearchOutcome, type ProviderSearchRequest } from '../ports/provider-client.port.js';
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

/**
 * The undici provider client, loaded lazily: the adapter (and undici itself) is imported only
 * when the first search runs, so start-up and every non-search tool never load it.
 */
export const lazyUndiciProviderClient = (dispatcher: Dispatcher | undefined): ProviderClient =>
  new LazyProviderClient(() =>
    import('../adapters/provider-client/index.js').then(({ UndiciProviderClient }) => new UndiciProviderClient({ version: VERSION, dispatcher })),
  );
