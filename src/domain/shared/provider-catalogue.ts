import { PROVIDER_IDS, type ProviderId } from '../../ports/config-source.port.js';

/** A provider setting that carries a credential or contact (docs/configuration.md). */
export type ProviderSetting = 'api_key' | 'email';

/** The facts of one scholarly provider (docs/providers.md#providers-and-readiness). */
export interface ProviderFacts {
  readonly displayName: string;
  /**
   * Whether the service answers requests without a key. Every provider does today; one that did
   * not would be `key_missing` (and not searched) until a key is set.
   */
  readonly keyless: boolean;
  /** The setting that raises its access: an API key (the `keyed` tier), a contact email (Crossref's polite pool), or nothing. */
  readonly upgrade: ProviderSetting | 'none';
  /**
   * The settings it has, in the order reports list them: what the save tool accepts, the slots
   * of `redacted_config`, and what its requests carry (the key as the provider's key parameter
   * or header, the email as its contact parameter where the provider still reads one).
   */
  readonly settings: readonly ProviderSetting[];
  /** What it can do (`provider_capabilities` of docs/tools.md#5-qiongli_literature_status). */
  readonly capabilities: readonly [string, ...string[]];
  /** Most records one search of it returns: the provider's own page size. */
  readonly maxPerProviderLimit: number;
}

/**
 * The five providers, one row each, in search order (the order of `PROVIDER_IDS`, checked by a
 * test). Readiness, access, credential placement, the save tool's fields, status reports and the
 * capability table all read this table. Every provider is enabled by default and searched
 * keyless until a key resolves. A new provider is one id in the port, one row here and its
 * adapter module.
 */
export const PROVIDER_CATALOGUE = {
  openalex: {
    displayName: 'OpenAlex',
    keyless: true,
    upgrade: 'api_key',
    settings: ['api_key', 'email'],
    capabilities: ['topic_search', 'venue_metadata'],
    maxPerProviderLimit: 100,
  },
  semantic_scholar: {
    displayName: 'Semantic Scholar',
    keyless: true,
    upgrade: 'api_key',
    settings: ['api_key'],
    capabilities: ['topic_search', 'venue_metadata'],
    maxPerProviderLimit: 100,
  },
  crossref: {
    displayName: 'Crossref',
    keyless: true,
    upgrade: 'email',
    settings: ['email'],
    capabilities: ['topic_search', 'venue_metadata'],
    maxPerProviderLimit: 200,
  },
  pubmed: {
    displayName: 'PubMed',
    keyless: true,
    upgrade: 'api_key',
    settings: ['api_key'],
    capabilities: ['topic_search', 'biomedical_topic_search'],
    maxPerProviderLimit: 200,
  },
  arxiv: { displayName: 'arXiv', keyless: true, upgrade: 'none', settings: [], capabilities: ['topic_search', 'preprint_search'], maxPerProviderLimit: 200 },
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

/** `provider.setting` of every provider a setting upgrades, in search order. */
export type UpgradeSetting = {
  [K in ProviderId]: (typeof PROVIDER_CATALOGUE)[K]['upgrade'] extends ProviderSetting ? `${K}.${(typeof PROVIDER_CATALOGUE)[K]['upgrade']}` : never;
}[ProviderId];

/** The settings a status may report `missing` (what would upgrade access), in search order. */
export const UPGRADE_SETTINGS = SEARCH_ORDER.flatMap((id) => {
  const upgrade: ProviderSetting | 'none' = PROVIDER_CATALOGUE[id].upgrade;
  return upgrade === 'none' ? [] : [`${id}.${upgrade}`];
}) as unknown as readonly [UpgradeSetting, ...UpgradeSetting[]];
