import { z } from 'zod';

/** What one provider can do in Lite (docs/tools.md#5-qiongli_literature_status). */
const capabilityEntry = <C extends readonly [string, ...string[]]>(capabilities: C) =>
  z.strictObject({
    capabilities: z.array(z.enum(capabilities)),
    status: z.literal('implemented'),
    max_per_provider_limit: z.literal(200),
  });

/** Schema of the static capability table. */
export const providerCapabilitiesSchema = z.strictObject({
  openalex: capabilityEntry(['topic_search', 'venue_metadata']),
  semantic_scholar: capabilityEntry(['topic_search', 'venue_metadata']),
  crossref: capabilityEntry(['topic_search', 'venue_metadata']),
  pubmed: capabilityEntry(['topic_search', 'biomedical_topic_search']),
  arxiv: capabilityEntry(['topic_search', 'preprint_search']),
});

/** The static capability table of the five providers. */
export type ProviderCapabilities = z.output<typeof providerCapabilitiesSchema>;

/** A fresh copy of the static capability table (docs/tools.md#5-qiongli_literature_status): every provider is implemented, limit 200. */
export function providerCapabilities(): ProviderCapabilities {
  const entry = <C extends string>(capabilities: C[]) => ({
    capabilities,
    status: 'implemented' as const,
    max_per_provider_limit: 200 as const,
  });
  return {
    openalex: entry(['topic_search', 'venue_metadata']),
    semantic_scholar: entry(['topic_search', 'venue_metadata']),
    crossref: entry(['topic_search', 'venue_metadata']),
    pubmed: entry(['topic_search', 'biomedical_topic_search']),
    arxiv: entry(['topic_search', 'preprint_search']),
  };
}
