import { portToken, type PortToken } from './port-token.js';
/** Canonical provider ids in search order (docs/providers.md#providers-and-readiness). */
export const PROVIDER_IDS = ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'] as const;
/** One of the five canonical provider ids. */
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** Settings of one provider, as read from the native settings document. */
export interface ProviderSettings {
  readonly enabled: boolean;
  /** Public contact email (OpenAlex, Crossref). */
  readonly email?: string;
  /** Reference to an API key held by the SecretStore (OpenAlex, Semantic Scholar, PubMed). */
  readonly apiKeyRef?: string;
}

/**
 * Keyless sources beyond the five search providers, each with its own settings entry:
 * OpenCitations (the citation graph) and Europe PMC (open-access full text). They are not
 * search providers: status tools and searches do not list them.
 */
export const SOURCE_IDS = ['opencitations', 'europepmc'] as const;
/** One of the {@link SOURCE_IDS}. */
export type SourceId = (typeof SOURCE_IDS)[number];

/** Settings of one keyless source: only whether it is used. */
export interface SourceSettings {
  readonly enabled: boolean;
}

/** The validated native settings (docs/configuration.md). */
export interface NativeSettings {
  readonly providers: Readonly<Record<ProviderId, ProviderSettings>>;
  /** The keyless sources (enabled unless the settings say otherwise). */
  readonly sources: Readonly<Record<SourceId, SourceSettings>>;
}

/** What the configuration source can say: settings, or that configuration is unavailable. */
export type SettingsReading = { readonly status: 'available'; readonly settings: NativeSettings } | { readonly status: 'unavailable' };

/**
 * Source of the native provider settings. Read once per process, lazily, on first need.
 * A missing document yields the defaults (only arXiv enabled); a document that exists but is
 * invalid, unreadable, a symlink or writable by other users yields `unavailable`.
 *
 * Promise: never throws, never exposes the path it read from.
 */
export interface ConfigSource {
  read(): Promise<SettingsReading>;
}

/** Service identifier of the {@link ConfigSource} port. */
export const ConfigSourceId: PortToken<ConfigSource> = portToken('qiongli.ConfigSource');
