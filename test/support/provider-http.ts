/**
 * The provider HTTP kernel and the search client as tests build them: the scheduling adapter's
 * time slices (what the composition root injects), and a test version unless one is given.
 */
import { ProviderHttp, type ProviderHttpOptions } from '../../src/adapters/provider-http/provider-http.js';
import { UndiciProviderClient } from '../../src/adapters/provider-client/undici-provider-client.js';
import { eventLoopSlices } from '../../src/adapters/scheduling/time-slices.js';

/** What a test gives: the kernel's options without the slices, the version optional. */
export type TestHttpOptions = Omit<ProviderHttpOptions, 'slices' | 'version'> & { readonly version?: string };

/** A {@link ProviderHttp} over the event loop's time slices. */
export const testHttp = (options: TestHttpOptions = {}): ProviderHttp => new ProviderHttp({ version: '0.0.0-test', ...options, slices: eventLoopSlices });

/** A search client over its own {@link testHttp}. */
export const searchClient = (options: TestHttpOptions & { readonly cacheEntries?: number } = {}): UndiciProviderClient => {
  const { cacheEntries, ...http } = options;
  return new UndiciProviderClient({ http: testHttp(http), ...(cacheEntries === undefined ? {} : { cacheEntries }) });
};
