import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import type { ProviderId } from '../../ports/config-source.port.js';
import { PROVIDER_CATALOGUE, SEARCH_ORDER } from '../shared/provider-catalogue.js';

/** What one provider can do in Lite (docs/tools.md#5-qiongli_literature_status), from the provider catalogue. */
const capabilityEntry = <P extends ProviderId>(id: P) =>
  z.strictObject({
    capabilities: z.array(z.enum(PROVIDER_CATALOGUE[id].capabilities)),
    status: z.literal('implemented'),
    max_per_provider_limit: z.literal(PROVIDER_CATALOGUE[id].maxPerProviderLimit),
  });

/** Schema of the static capability table. */
export const providerCapabilitiesSchema = schemaOnFirstUse(() =>
  z.strictObject({
    openalex: capabilityEntry('openalex'),
    semantic_scholar: capabilityEntry('semantic_scholar'),
    crossref: capabilityEntry('crossref'),
    pubmed: capabilityEntry('pubmed'),
    arxiv: capabilityEntry('arxiv'),
  }),
);

/** The static capability table of the five providers. */
export type ProviderCapabilities = z.output<ReturnType<typeof providerCapabilitiesSchema>>;

/** A fresh copy of the static capability table (docs/tools.md#5-qiongli_literature_status): every provider is implemented; each with its own page size (100 for OpenAlex and Semantic Scholar, 200 for the others). */
export function providerCapabilities(): ProviderCapabilities {
  return Object.fromEntries(
    SEARCH_ORDER.map((id) => [
      id,
      { capabilities: [...PROVIDER_CATALOGUE[id].capabilities], status: 'implemented', max_per_provider_limit: PROVIDER_CATALOGUE[id].maxPerProviderLimit },
    ]),
  ) as ProviderCapabilities;
}
