import type { ProviderId } from '../../ports/config-source.port.js';
import { hasSetting } from '../shared/provider-catalogue.js';

/** Provider names the save tool accepts (docs/tools.md#2-qiongli_save_provider_config), with the provider each one means. */
export const SAVE_PROVIDER_NAMES = {
  openalex: 'openalex',
  semantic_scholar: 'semantic_scholar',
  'semantic-scholar': 'semantic_scholar',
  semanticscholar: 'semantic_scholar',
  s2: 'semantic_scholar',
  crossref: 'crossref',
  pubmed: 'pubmed',
  ncbi: 'pubmed',
} as const satisfies Record<string, ProviderId>;

/** A provider name the save tool accepts. */
export type SaveProviderName = keyof typeof SAVE_PROVIDER_NAMES;

/** Provider names the configure/wizard tools accept: the save names without `ncbi` (docs/tools.md#3-qiongli_configure_provider). */
export const WIZARD_PROVIDER_NAMES = ['openalex', 'semantic_scholar', 'semantic-scholar', 'semanticscholar', 's2', 'crossref', 'pubmed'] as const;

/** Field names the save tool accepts, with the field each one means. */
export const FIELD_NAMES = { api_key: 'api_key', 'api-key': 'api_key', email: 'email' } as const;

/** A field name the save tool accepts. */
export type FieldName = keyof typeof FIELD_NAMES;

/** Whether the provider named `provider` has the field named `field` (docs/tools.md#2-qiongli_save_provider_config). */
export const isAllowedField = (provider: SaveProviderName, field: FieldName): boolean => hasSetting(SAVE_PROVIDER_NAMES[provider], FIELD_NAMES[field]);
