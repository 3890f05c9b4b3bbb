import type { Dispatcher } from 'undici';
import type { ProviderClient } from '../ports/provider-client.port.js';
import { VERSION } from './version.js';

/**
 * Builds the provider client on first use and shares it afterwards. The undici adapter (and
 * undici itself) is imported only then, so start-up and every non-search tool never load it.
 * A failure to build is remembered: the search tool then answers `provider-runtime-unavailable`.
 */
export function lazyProviderClient(dispatcher: Dispatcher | undefined): () => Promise<ProviderClient> {
  let client: Promise<ProviderClient> | undefined;
  return () =>
    (client ??= import('../adapters/provider-client/index.js').then(
      ({ UndiciProviderClient }) => new UndiciProviderClient({ version: VERSION, dispatcher }),
    ));
}
