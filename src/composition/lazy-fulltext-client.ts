import type { FullTextClient, FullTextOutcome, FullTextRequest } from '../ports/fulltext-client.port.js';
import { ProviderRuntimeUnavailableError } from '../ports/provider-client.port.js';
import type { ProviderRuntimeLoader } from './lazy-provider-client.js';

/**
 * A {@link FullTextClient} that builds the real one on its first read and shares it afterwards.
 * A failure to build is remembered: every read then rejects with
 * {@link ProviderRuntimeUnavailableError} (the tool answers `provider-runtime-unavailable`).
 */
class LazyFullTextClient implements FullTextClient {
  private client: Promise<FullTextClient> | undefined;

  /** `load` is called at most once, on the first read. */
  constructor(private readonly load: () => Promise<FullTextClient>) {}

  read(request: FullTextRequest): Promise<FullTextOutcome> {
    this.client ??= this.load();
    return this.client.then(
      (client) => client.read(request),
      () => Promise.reject(new ProviderRuntimeUnavailableError()),
    );
  }
}

/**
 * The undici full-text client, built on the first read from the shared provider runtime (its
 * HTTP policy, so full-text requests share pacing with searches) and the full-text adapter
 * module, which brings the HTML parser: neither is loaded before a paper is read.
 */
export const lazyUndiciFullTextClient = (runtime: ProviderRuntimeLoader): FullTextClient =>
  new LazyFullTextClient(() =>
    Promise.all([runtime(), import('../adapters/fulltext-client/index.js')]).then(([{ http }, adapter]) => new adapter.UndiciFullTextClient({ http })),
  );
