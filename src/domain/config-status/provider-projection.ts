import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { PROVIDER_IDS, type NativeSettings, type ProviderId } from '../../ports/config-source.port.js';
import {
  ACCESS_TIERS,
  assessAccess,
  assessReadiness,
  readyProviders,
  type KeyPresence,
  type ProviderAccess,
} from '../provider-readiness/provider-readiness.js';
import { PROVIDER_CATALOGUE, UPGRADE_SETTINGS } from '../shared/provider-catalogue.js';

/** A provider (or field) as a status tool reports it. */
const CONFIGURED_STATES = ['configured', 'missing'] as const;
/** `configured` or `missing`. */
type ConfiguredState = (typeof CONFIGURED_STATES)[number];

/**
 * Settings a status may report missing — what would upgrade a provider's access — in the order
 * docs/tools.md#1-qiongli_config_status lists them (search order).
 */
const MISSING_SETTINGS = UPGRADE_SETTINGS;

const slot = () => z.enum(CONFIGURED_STATES);
/**
 * An `api_key` slot. The domain reports it; credential redaction (docs/tools.md#redaction) always removes it
 * before the result leaves the server, so the schema lets it be absent.
 */
const apiKeySlot = () => slot().optional();
/**
 * One provider's entry: enabled, ready, and its field slots. Which slots a provider has (OpenAlex
 * `api_key` and `email`, Crossref `email`, Semantic Scholar and PubMed `api_key`, arXiv none) is
 * stated by docs/tools.md#1-qiongli_config_status; the schema names every slot once, for all five
 * (issue 26, item 7: one definition instead of five).
 */
const providerEntry = () =>
  z.strictObject({ enabled: z.boolean(), configured: z.boolean(), fields: z.strictObject({ api_key: apiKeySlot(), email: slot().optional() }) });

/** An object with one value for each of the five providers (each key required, no other key). */
const everyProvider = <T extends z.ZodType>(value: T) => z.record(z.enum(PROVIDER_IDS), value);

/** `providers`: every provider, `configured` when ready, else `missing`. */
const providerSummarySchema = schemaOnFirstUse(() => everyProvider(slot()));

/** `access`: every provider's access tier (docs/providers.md#access-tiers). */
const providerAccessSchema = schemaOnFirstUse(() => everyProvider(z.enum(ACCESS_TIERS)));

/** `redacted_config`: per provider whether it is enabled, ready, and which field slots are set. */
const redactedConfigSchema = schemaOnFirstUse(() => z.strictObject({ providers: everyProvider(providerEntry()) }));

/** The provider view both status tools share. */
export const providerProjectionShape = schemaOnFirstUse(() => ({
  capability_mode: z.enum(['provider_connected', 'strategy_only']),
  providers: providerSummarySchema(),
  access: providerAccessSchema(),
  missing: z.array(z.enum(MISSING_SETTINGS)),
  redacted_config: redactedConfigSchema(),
}));

/** The provider view of the status tools, plus the ready providers in search order. */
export interface ProviderProjection {
  readonly capabilityMode: 'provider_connected' | 'strategy_only';
  readonly providers: z.output<ReturnType<typeof providerSummarySchema>>;
  readonly activeProviders: ProviderId[];
  readonly access: Record<ProviderId, ProviderAccess>;
  readonly missing: (typeof MISSING_SETTINGS)[number][];
  readonly redactedConfig: z.output<ReturnType<typeof redactedConfigSchema>>;
}

/**
 * Projects settings onto what status tools may say — never a value, a reference or a path.
 *
 * A provider is `configured` when it is ready (docs/providers.md#providers-and-readiness); its
 * `access` says how it is asked (docs/providers.md#access-tiers). `missing` lists the settings
 * that would upgrade a provider's access (a key, Crossref's email). A field slot is `configured` when the
 * server can use it: `email` when an email is set; `api_key` when a secret reference is set and
 * the store holds its secret (`keys`, from checkKeys: a key the store lacks, or no store
 * answering, leaves `api_key` `missing`). No secret value is read here (docs/configuration.md).
 */
export function projectProviders(settings: NativeSettings, keys: KeyPresence): ProviderProjection {
  const readiness = assessReadiness(settings, false, keys);
  const active = readyProviders(readiness);
  const fieldSet = (id: ProviderId, field: 'api_key' | 'email'): boolean => {
    const provider = settings.providers[id];
    return field === 'email' ? Boolean(provider.email) : Boolean(provider.apiKeyRef) && keys[id] === 'present';
  };
  const providers = {} as Record<ProviderId, ConfiguredState>;
  const redacted = {} as Record<ProviderId, { enabled: boolean; configured: boolean; fields: Record<string, ConfiguredState> }>;
  for (const id of PROVIDER_IDS) {
    const configured = readiness[id] === 'ready';
    providers[id] = configured ? 'configured' : 'missing';
    const fields: Record<string, ConfiguredState> = {};
    for (const field of PROVIDER_CATALOGUE[id].settings) fields[field] = fieldSet(id, field) ? 'configured' : 'missing';
    redacted[id] = { enabled: settings.providers[id].enabled, configured, fields };
  }
  const missing = MISSING_SETTINGS.filter((name) => {
    const [id, field] = name.split('.') as [ProviderId, 'api_key' | 'email'];
    return !fieldSet(id, field);
  });
  return {
    capabilityMode: active.length > 0 ? 'provider_connected' : 'strategy_only',
    providers,
    activeProviders: active,
    access: assessAccess(settings, keys),
    missing,
    redactedConfig: { providers: redacted } as z.output<ReturnType<typeof redactedConfigSchema>>,
  };
}
