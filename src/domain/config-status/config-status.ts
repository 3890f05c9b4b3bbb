import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import type { SettingsReading } from '../../ports/config-source.port.js';
import type { SecretStore } from '../../ports/secret-store.port.js';
import { checkKeys } from '../provider-readiness/provider-readiness.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import { configUnavailable, type ToolFailure } from '../shared/tool-failure.js';
import { success, type Result } from '../shared/result.js';
import { projectProviders, providerProjectionShape } from './provider-projection.js';

/** What `config_path` always says: an opaque name, never a filesystem path (docs/tools.md#1-qiongli_config_status). */
const MANAGED_CONFIG_PATH = '<managed-native-config>';

/** Arguments of `qiongli_config_status` (docs/tools.md#1-qiongli_config_status): `cwd` is accepted and ignored. */
export const configStatusInput = schemaOnFirstUse(() =>
  z.strictObject(
    {
      cwd: z.string({ error: 'cwd must be a string' }).describe('Working directory of the client, as a hint. Accepted and ignored.').optional(),
    },
    { error: UNSUPPORTED_ARGUMENT },
  ),
);

/** Message precedence for `parseArguments`: an unknown argument is reported first. */
export const configStatusMessagePrecedence: readonly string[] = [UNSUPPORTED_ARGUMENT];

/**
 * Result of the config status, valid both before and after credential redaction (redaction drops
 * the `api_key` field slots, which the schema marks optional).
 */
export const configStatusOutput = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.literal('ok'),
    config_path: z.literal(MANAGED_CONFIG_PATH),
    providers: providerProjectionShape().providers,
    capability_mode: providerProjectionShape().capability_mode,
    access: providerProjectionShape().access,
    missing: providerProjectionShape().missing,
    redacted_config: providerProjectionShape().redacted_config,
  }),
);

/** The config status, as returned to the client. */
export type ConfigStatus = z.output<ReturnType<typeof configStatusOutput>>;

/**
 * The `qiongli_config_status` use case: which providers are configured (ready), which settings
 * are missing, and per provider which field slots are set — never a value, secret reference or
 * path. Asks the store whether it holds each named key (checkKeys: bounded by the store's
 * timeout, no value read out), so a key the store lacks is `key_missing` (issue 24 row 7). Fails
 * only with `native-config-unavailable` (naming the rule that failed) when the settings are
 * unavailable (a settings file that is invalid, unreadable, a symlink or writable by others).
 */
export async function configStatus(reading: SettingsReading, secrets: Pick<SecretStore, 'presence'>): Promise<Result<ConfigStatus, ToolFailure>> {
  if (reading.status === 'unavailable') return configUnavailable(reading.rule);
  const projection = projectProviders(reading.settings, await checkKeys(reading.settings, secrets));
  return success({
    status: 'ok',
    config_path: MANAGED_CONFIG_PATH,
    providers: projection.providers,
    capability_mode: projection.capabilityMode,
    access: projection.access,
    missing: projection.missing,
    redacted_config: projection.redactedConfig,
  });
}
