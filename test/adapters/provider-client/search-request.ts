import type { ProviderId } from '../../../src/ports/config-source.port.js';
import type { ProviderSearchRequest } from '../../../src/ports/provider-client.port.js';

/** A search request with sensible defaults for adapter tests. */
export function searchRequest(provider: ProviderId, overrides: Partial<ProviderSearchRequest> = {}): ProviderSearchRequest {
  return {
    provider,
    query: 'machine learning',
    limit: 10,
    credentials: {},
    signal: new AbortController().signal,
    ...overrides,
  };
}
