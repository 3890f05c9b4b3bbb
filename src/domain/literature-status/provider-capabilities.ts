import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import type { ProviderId } from '../../ports/config-source.port.js';
import { PROVIDER_CATALOGUE, SEARCH_ORDER } from '../shared/provider-catalogue.js';

/** Every capability a provider may list (docs/tools.md#5-qiongli_literature_status). */
const CAPABILITIES = [...new Set(SEARCH_ORDER.flatMap((id) => PROVIDER_CATALOGUE[id].capabilities))] as [string, ...string[]];

/**
 * Schema of the static capability table: one entry per provider, written once (issue 26, item 7);
 * which capabilities and page size each provider has is the table of
 * docs/tools.md#5-qiongli_literature_status.
 */
export const providerCapabilitiesSchema = schemaOnFirstUse(() =>
  z.record(
    z.enum(SEARCH_ORDER as readonly ProviderId[] as [ProviderId, ...ProviderId[]]),
    z.strictObject({ capabilities: z.array(z.enum(CAPABILITIES)), status: z.literal('implemented'), max_per_provider_limit: z.number().int() }),
  ),
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
