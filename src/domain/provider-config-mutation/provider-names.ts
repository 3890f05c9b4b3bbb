import type { ProviderId, SourceId } from '../../ports/config-source.port.js';
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

/**
 * Names the `qiongli config` commands accept (docs/command-line.md#qiongli-config): the save
 * tool's provider names and aliases, plus `arxiv`, the keyless sources `opencitations` and
 * `europepmc`, and `zotero` (delivery to the Zotero desktop), which only `enable` and `disable` apply to.
 */
export const CONFIG_TARGET_NAMES = {
  ...SAVE_PROVIDER_NAMES,
  arxiv: 'arxiv',
  opencitations: 'opencitations',
  europepmc: 'europepmc',
  zotero: 'zotero',
} as const satisfies Record<string, ProviderId | SourceId | 'zotero'>;

/**
 * The names of {@link CONFIG_TARGET_NAMES} that are literature sources: every one but `zotero`,
 * whose delivery only the person switches on (a terminal or the setup page, never a tool call).
 */
export const SOURCE_TARGET_NAMES = (({ zotero: _zotero, ...sources }) => sources)(CONFIG_TARGET_NAMES);

/** The provider or source a `qiongli config` name means, or `undefined` for a name it does not know. */
export const configTargetNamed = (name: string): ProviderId | SourceId | 'zotero' | undefined =>
  Object.hasOwn(CONFIG_TARGET_NAMES, name) ? CONFIG_TARGET_NAMES[name as keyof typeof CONFIG_TARGET_NAMES] : undefined;

/** How people read each provider's and source's name. */
export const TARGET_DISPLAY_NAMES: Readonly<Record<ProviderId | SourceId | 'zotero', string>> = {
  openalex: 'OpenAlex',
  semantic_scholar: 'Semantic Scholar',
  crossref: 'Crossref',
  pubmed: 'PubMed',
  arxiv: 'arXiv',
  opencitations: 'OpenCitations',
  europepmc: 'Europe PMC',
  zotero: 'Zotero delivery',
};
