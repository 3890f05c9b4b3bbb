import { PROVIDER_IDS, type ProviderId } from '../../ports/config-source.port.js';

/** A provider setting that carries a credential or contact (docs/configuration.md). */
export type ProviderSetting = 'api_key' | 'email';

/** The facts of one scholarly provider (docs/providers.md#providers-and-readiness). */
export interface ProviderFacts {
  readonly displayName: string;
  /** What an enabled provider needs before it is ready: a resolvable key, a contact email, nothing. */
  readonly requires: ProviderSetting | 'none';
  /**
   * The settings it has, in the order reports list them: what the save tool accepts, the slots
   * of `redacted_config`, and what its requests carry (the key as the provider's key parameter
   * or header, the email as its contact parameter).
   */
  readonly settings: readonly ProviderSetting[];
  /** Enabled when no settings document exists (only arXiv: it needs nothing). */
  readonly enabledByDefault: boolean;
  /** What it can do in Lite (`provider_capabilities` of docs/tools.md#5-qiongli_literature_status). */
  readonly capabilities: readonly [string, ...string[]];
}

/**
 * The five providers, one row each, in search order (the order of `PROVIDER_IDS`, checked by a
 * test). Readiness, credential placement, the save tool's fields, status reports and the
 * capability table all read this table. A new provider is one id in the port, one row here
 * and its adapter module.
 */
export const PROVIDER_CATALOGUE = {
  openalex: {
    displayName: 'OpenAlex',
    requires: 'api_key',
    settings: ['api_key', 'email'],
    enabledByDefault: false,
    capabilities: ['topic_search', 'venue_metadata'],
  },
  semantic_scholar: {
    displayName: 'Semantic Scholar',
    requires: 'api_key',
    settings: ['api_key'],
    enabledByDefault: false,
    capabilities: ['topic_search', 'venue_metadata'],
  },
  crossref: { displayName: 'Crossref', requires: 'email', settings: ['email'], enabledByDefault: false, capabilities: ['topic_search', 'venue_metadata'] },
  pubmed: {
    displayName: 'PubMed',
    requires: 'api_key',
    settings: ['api_key'],
    enabledByDefault: false,
    capabilities: ['topic_search', 'biomedical_topic_search'],
  },
  arxiv: { displayName: 'arXiv', requires: 'none', settings: [], enabledByDefault: true, capabilities: ['topic_search', 'preprint_search'] },
} as const satisfies Record<ProviderId, ProviderFacts>;

/** Search order: how searches attempt providers and how results and diagnostics list them. */
export const SEARCH_ORDER: readonly ProviderId[] = PROVIDER_IDS;

/** Provider order inside a search plan (docs/providers.md#providers-and-readiness): differs from search order. */
export const PLAN_ORDER: readonly ProviderId[] = ['semantic_scholar', 'openalex', 'crossref', 'pubmed', 'arxiv'];

/** Most records one provider search returns, and the largest `per_provider_limit` (docs/tools.md#7-qiongli_literature_search). */
export const MAX_PER_PROVIDER_LIMIT = 200;

/** Whether a provider has a setting. */
export const hasSetting = (id: ProviderId, setting: ProviderSetting): boolean =>
  (PROVIDER_CATALOGUE[id].settings as readonly ProviderSetting[]).includes(setting);

/** `provider.setting` of every provider that needs a setting to be ready, in search order. */
export type RequiredSetting = {
  [K in ProviderId]: (typeof PROVIDER_CATALOGUE)[K]['requires'] extends ProviderSetting ? `${K}.${(typeof PROVIDER_CATALOGUE)[K]['requires']}` : never;
}[ProviderId];

/** The settings a status may report missing, in search order. */
export const REQUIRED_SETTINGS = SEARCH_ORDER.flatMap((id) => {
  const requires: ProviderSetting | 'none' = PROVIDER_CATALOGUE[id].requires;
  return requires === 'none' ? [] : [`${id}.${requires}`];
}) as unknown as readonly [RequiredSetting, ...RequiredSetting[]];
