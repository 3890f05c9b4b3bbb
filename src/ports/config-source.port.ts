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

/**
 * Whether found records may be delivered to the person's Zotero desktop (SPEC §15,
 * docs/configuration.md#zotero-delivery): off until the person switches it on
 * (`qiongli config enable zotero` or the setup page's switch).
 */
export interface ZoteroSettings {
  readonly enabled: boolean;
}

/** The validated native settings (docs/configuration.md). */
export interface NativeSettings {
  readonly providers: Readonly<Record<ProviderId, ProviderSettings>>;
  /** The keyless sources (enabled unless the settings say otherwise). */
  readonly sources: Readonly<Record<SourceId, SourceSettings>>;
  /** Zotero delivery: the person's consent (`enabled`, false unless the settings say otherwise). */
  readonly zotero: ZoteroSettings;
}

/**
 * Why the settings are unavailable: one rule each (docs/configuration.md#when-the-settings-are-unavailable).
 * A rule names what is wrong, never where or with what text.
 */
const SETTINGS_RULES = [
  'relative-config-home',
  'unknown-home',
  'not-utf8',
  'not-json',
  'duplicate-key',
  'unknown-key',
  'missing-key',
  'wrong-value',
  'too-large',
  'symlink',
  'not-regular-file',
  'not-a-folder',
  'unsafe-permissions',
  'unreadable',
] as const;
/** One of the {@link SETTINGS_RULES}. */
export type SettingsRule = (typeof SETTINGS_RULES)[number];

/** A line and column (both from 1, columns in characters) in the settings text. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/**
 * One reason the settings are unusable: the rule it breaks (all an MCP client ever learns),
 * and for `qiongli config check` only, what exactly is wrong and where. `detail` may name keys
 * of the file (never a value) or the file's status; it never leaves the person's terminal, and
 * is shown there through the terminal filter (a key may hold control characters).
 */
export interface SettingsProblem {
  readonly rule: SettingsRule;
  readonly detail?: string;
  readonly at?: TextPosition;
  /** For an unknown key that is a near miss of a known one (`semanticscholar`): the key meant (`semantic_scholar`). */
  readonly meant?: string;
}

/**
 * What `qiongli config check` learns (docs/command-line.md#qiongli-config): where the settings
 * are looked for, and what was found there. The terminal is the person's own, so the path is
 * named; an MCP client never sees an inspection.
 */
export type SettingsInspection =
  | { readonly kind: 'unlocated'; readonly rule: SettingsRule }
  | { readonly kind: 'missing'; readonly file: string }
  | { readonly kind: 'valid'; readonly file: string; readonly revision: number; readonly settings: NativeSettings }
  | { readonly kind: 'unusable'; readonly file: string; readonly problems: readonly [SettingsProblem, ...SettingsProblem[]] };

/** What the configuration source can say: settings, or which rule makes them unavailable. */
export type SettingsReading =
  | { readonly status: 'available'; readonly settings: NativeSettings }
  | { readonly status: 'unavailable'; readonly rule: SettingsRule };

/**
 * Source of the native provider settings, read lazily when a tool needs them and read again
 * only when the document changed (a key set in a terminal reaches the running server's next
 * search). A missing document yields the defaults; a document that exists but breaks a rule
 * (invalid, unreadable, a symlink, writable by other users, …) yields `unavailable` with that rule.
 *
 * Promise: never throws, never exposes the path it read from or any text of the document.
 */
export interface ConfigSource {
  read(): Promise<SettingsReading>;
}

/** Service identifier of the {@link ConfigSource} port. */
export const ConfigSourceId: PortToken<ConfigSource> = portToken('qiongli.ConfigSource');
