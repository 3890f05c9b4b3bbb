import * as z from 'zod';
import { failure, success, type Result } from '../../domain/shared/result.js';
import { schemaOnFirstUse } from '../../domain/shared/schema-on-first-use.js';
import {
  PROVIDER_IDS,
  SOURCE_IDS,
  type NativeSettings,
  type ProviderId,
  type ProviderSettings,
  type SourceId,
  type SourceSettings,
} from '../../ports/config-source.port.js';
import { DEFAULT_SETTINGS } from '../../domain/provider-readiness/provider-readiness.js';

/**
 * The JSON checks (jsonc-parser and what explains its findings), loaded with the first settings
 * read: the serving program starts without them.
 */
const jsonChecks = () => import('./json-text-check.js');
import { schemaProblems } from './schema-problems.js';
import { settingsProblem, type SettingsProblem } from './settings-problem.js';

/** `document_kind` of the native global settings document (docs/configuration.md). */
export const SETTINGS_DOCUMENT_KIND = 'qiongli-global-settings';
/** The only `schema_version` this build understands (docs/configuration.md). */
export const SETTINGS_SCHEMA_VERSION = 1;

const MAX_EMAIL_CHARACTERS = 320;
const MAX_PROFILE_CHARACTERS = 64;
// C0 controls, DEL and C1 controls.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Email: 1–320 characters (Unicode code points), no control characters (docs/configuration.md). */
const email = () =>
  z.string().refine((value) => {
    const characters = [...value].length;
    return characters >= 1 && characters <= MAX_EMAIL_CHARACTERS && !CONTROL_CHARACTER.test(value);
  });

/** Secret reference: `qsr1_` + 32 lowercase hex digits (docs/configuration.md; one canonical spelling). */
const secretReference = () => z.string().regex(/^qsr1_[0-9a-f]{32}$/);

/** A profile name: 1–64 lowercase letters, digits, `-` or `_`, starting with a letter or digit. */
const profileName = () =>
  z
    .string()
    .max(MAX_PROFILE_CHARACTERS)
    .regex(/^[a-z0-9][a-z0-9_-]*$/);

const providersSchema = () =>
  z.strictObject({
    openalex: z.strictObject({ enabled: z.boolean(), email: email().optional(), api_key_ref: secretReference().optional() }).optional(),
    semantic_scholar: z.strictObject({ enabled: z.boolean(), api_key_ref: secretReference().optional() }).optional(),
    crossref: z.strictObject({ enabled: z.boolean(), email: email().optional() }).optional(),
    pubmed: z.strictObject({ enabled: z.boolean(), api_key_ref: secretReference().optional() }).optional(),
    arxiv: z.strictObject({ enabled: z.boolean() }).optional(),
    opencitations: z.strictObject({ enabled: z.boolean() }).optional(),
    europepmc: z.strictObject({ enabled: z.boolean() }).optional(),
  });

/**
 * The strict shape of `settings.json` (docs/configuration.md). Unknown keys are rejected at every level.
 * `providers` is required; each provider entry is optional and, when absent, takes its
 * {@link DEFAULT_SETTINGS} entry; a present entry must say `enabled`. `revision` is a
 * non-negative safe integer; `default_profile` is accepted but not used by Lite; `zotero`
 * (optional, default off) is the consent to deliver records to the Zotero desktop.
 */
const settingsDocumentSchema = schemaOnFirstUse(() =>
  z.strictObject({
    document_kind: z.literal(SETTINGS_DOCUMENT_KIND),
    schema_version: z.literal(SETTINGS_SCHEMA_VERSION),
    revision: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    default_profile: profileName().optional(),
    providers: providersSchema(),
    zotero: z.strictObject({ enabled: z.boolean() }).optional(),
  }),
);

type ProviderEntry = { enabled: boolean; email?: string | undefined; api_key_ref?: string | undefined };

/** The raw, validated document object, as `JSON.parse` gave it (the writer edits it, keeping what it does not change). */
export type SettingsDocument = z.output<ReturnType<typeof settingsDocumentSchema>>;

/** A settings text judged: the settings with the document's revision, or every problem found. */
export type ParsedSettings = Result<
  { readonly settings: NativeSettings; readonly revision: number; readonly document: SettingsDocument },
  readonly [SettingsProblem, ...SettingsProblem[]]
>;

/**
 * Judges the text of a settings document (docs/configuration.md#the-settings-document). Never
 * throws. In order: not JSON (with where and what, see `locateJsonSyntaxError`); a key
 * twice in one object (or nesting too deep to follow, a wrong value); then every schema problem, unknown keys first (see {@link schemaProblems}).
 * The settings are deeply frozen; the document is the parsed object, unfrozen.
 */
export async function parseSettingsText(text: string): Promise<ParsedSettings> {
  const { findDuplicateKey, locateJsonSyntaxError } = await jsonChecks();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const syntax = locateJsonSyntaxError(text);
    return failure([settingsProblem('not-json', syntax.detail, syntax.at)]);
  }
  const repeated = findDuplicateKey(text);
  if (repeated !== undefined) {
    return failure([settingsProblem(repeated.kind === 'duplicate-key' ? 'duplicate-key' : 'wrong-value', repeated.detail, repeated.at)]);
  }
  const parsed = settingsDocumentSchema().safeParse(value);
  if (!parsed.success) {
    const [first, ...others] = schemaProblems(parsed.error.issues, value);
    return failure([first ?? settingsProblem('wrong-value'), ...others]);
  }
  return success({ settings: settingsOf(parsed.data), revision: parsed.data.revision, document: parsed.data });
}

/**
 * Turns the text of a settings document into validated settings, or `undefined` (never throws)
 * when {@link parseSettingsText} finds a problem. The result is deeply frozen.
 */
export async function parseSettingsDocument(text: string): Promise<NativeSettings | undefined> {
  const parsed = await parseSettingsText(text);
  return parsed.ok ? parsed.value.settings : undefined;
}

/** The settings a valid document says: absent entries take their defaults. */
function settingsOf(document: SettingsDocument): NativeSettings {
  const entries: Partial<Record<ProviderId | SourceId, ProviderEntry>> = document.providers;
  return freezeSettings({
    providers: Object.fromEntries(
      PROVIDER_IDS.map((id) => {
        const entry = entries[id];
        return [id, entry === undefined ? DEFAULT_SETTINGS.providers[id] : toProviderSettings(entry)];
      }),
    ) as Record<ProviderId, ProviderSettings>,
    sources: Object.fromEntries(
      SOURCE_IDS.map((id) => {
        const entry = entries[id];
        return [id, entry === undefined ? DEFAULT_SETTINGS.sources[id] : { enabled: entry.enabled }];
      }),
    ) as Record<SourceId, SourceSettings>,
    zotero: document.zotero === undefined ? DEFAULT_SETTINGS.zotero : { enabled: document.zotero.enabled },
  });
}

/** A deeply frozen copy of the given settings, so one shared reading cannot be mutated. */
export function freezeSettings(settings: NativeSettings): NativeSettings {
  const providers = Object.fromEntries(PROVIDER_IDS.map((id) => [id, Object.freeze({ ...settings.providers[id] })]));
  const sources = Object.fromEntries(SOURCE_IDS.map((id) => [id, Object.freeze({ ...settings.sources[id] })]));
  return Object.freeze({
    providers: Object.freeze(providers) as Record<ProviderId, ProviderSettings>,
    sources: Object.freeze(sources) as Record<SourceId, SourceSettings>,
    zotero: Object.freeze({ enabled: settings.zotero.enabled }),
  });
}

const toProviderSettings = (entry: ProviderEntry): ProviderSettings => ({
  enabled: entry.enabled,
  ...(entry.email === undefined ? {} : { email: entry.email }),
  ...(entry.api_key_ref === undefined ? {} : { apiKeyRef: entry.api_key_ref }),
});
