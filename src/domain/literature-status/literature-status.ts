import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { PROVIDER_IDS, type SettingsReading } from '../../ports/config-source.port.js';
import type { SecretStore } from '../../ports/secret-store.port.js';
import { checkKeys } from '../provider-readiness/provider-readiness.js';
import { projectProviders, providerProjectionShape } from '../config-status/provider-projection.js';
import { contextDirectory } from '../search-plan/character-bounds.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import { configUnavailable, type ToolFailure } from '../shared/tool-failure.js';
import { success, type Result } from '../shared/result.js';
import { providerCapabilities, providerCapabilitiesSchema } from './provider-capabilities.js';

/** Arguments of `qiongli_literature_status` (docs/tools.md#5-qiongli_literature_status): `cwd` non-blank, at most 4096 characters, ignored. */
export const literatureStatusInput = schemaOnFirstUse(() => z.strictObject({ cwd: contextDirectory().optional() }, { error: UNSUPPORTED_ARGUMENT }));

/** Message precedence for `parseArguments`: an unknown argument is reported first. */
export const literatureStatusMessagePrecedence: readonly string[] = [UNSUPPORTED_ARGUMENT];

/**
 * Result of the literature status, valid before and after credential redaction. `status` is
 * always `ok` (as upstream): the answer itself succeeded; whether anything can be searched is
 * `capability_mode` and `active_providers`.
 */
export const literatureStatusOutput = schemaOnFirstUse(() =>
  z.strictObject({
    status: z.literal('ok'),
    capability_mode: providerProjectionShape().capability_mode,
    providers: providerProjectionShape().providers,
    active_providers: z.array(z.enum(PROVIDER_IDS)),
    access: providerProjectionShape().access,
    missing: providerProjectionShape().missing,
    provider_capabilities: providerCapabilitiesSchema(),
    redacted_config: providerProjectionShape().redacted_config,
  }),
);

/** The literature status, as returned to the client. */
export type LiteratureStatus = z.output<ReturnType<typeof literatureStatusOutput>>;

/**
 * The `qiongli_literature_status` use case: which providers literature search would use right
 * now (`active_providers`, ready ids in search order), what is missing, and what each provider
 * can do. Asks the store whether it holds each named key (checkKeys: bounded, no value read
 * out). Fails only with `native-config-unavailable` (naming the rule that failed) when the
 * settings are unavailable.
 */
export async function literatureStatus(reading: SettingsReading, secrets: Pick<SecretStore, 'presence'>): Promise<Result<LiteratureStatus, ToolFailure>> {
  if (reading.status === 'unavailable') return configUnavailable(reading.rule);
  const projection = projectProviders(reading.settings, await checkKeys(reading.settings, secrets));
  return success({
    status: 'ok',
    capability_mode: projection.capabilityMode,
    providers: projection.providers,
    active_providers: projection.activeProviders,
    access: projection.access,
    missing: projection.missing,
    provider_capabilities: providerCapabilities(),
    redacted_config: projection.redactedConfig,
  });
}
