import * as z from 'zod';
import { schemaOnFirstUse } from '../shared/schema-on-first-use.js';
import { UNSUPPORTED_ARGUMENT } from '../shared/parse-arguments.js';
import { capabilityUnavailable, type ToolFailure } from '../shared/tool-failure.js';
import type { Result } from '../shared/result.js';
import { WIZARD_PROVIDER_NAMES } from './provider-names.js';

/** Hosts the wizard may listen on: loopback only. */
const WIZARD_HOSTS = ['127.0.0.1', 'localhost'] as const;

/** Every static message of the configure/wizard checks, in the order they report (docs/tools.md#3-qiongli_configure_provider/#4). */
const M = {
  providerType: 'provider must be a string',
  unsupportedProvider: 'unsupported provider',
  hostType: 'host must be a string',
  hostNotLoopback: 'wizard host must be loopback',
  portRange: 'port must be between 0 and 65535',
} as const;

/** The order for `parseArguments`: an unknown argument first, then provider, host and port. */
export const configureProviderMessagePrecedence: readonly string[] = [UNSUPPORTED_ARGUMENT, ...Object.values(M)];

/** Arguments of `qiongli_configure_provider` and its alias `qiongli_open_config_wizard`. */
export const configureProviderInput = schemaOnFirstUse(() =>
  z.strictObject(
    {
      provider: z
        .enum(WIZARD_PROVIDER_NAMES, {
          error: (issue) => (typeof issue.input === 'string' ? M.unsupportedProvider : M.providerType),
        })
        .describe('The provider to open the wizard for.')
        .optional(),
      host: z
        .enum(WIZARD_HOSTS, {
          error: (issue) => (typeof issue.input === 'string' ? M.hostNotLoopback : M.hostType),
        })
        .default('127.0.0.1')
        .describe('Loopback host the wizard would listen on.'),
      port: z
        .number({ error: M.portRange })
        .int({ error: M.portRange })
        .min(0, { error: M.portRange })
        .max(65535, { error: M.portRange })
        .default(0)
        .describe('Port the wizard would listen on (0 = any free port).'),
    },
    { error: UNSUPPORTED_ARGUMENT },
  ),
);

/** Validated arguments of the configure/wizard tools. */
export type ConfigureProviderArguments = z.output<ReturnType<typeof configureProviderInput>>;

/**
 * What a started wizard would return. Lite never starts one, so no call ever produces it; the
 * schema exists because every tool declares an output schema.
 */
export const configureProviderOutput = schemaOnFirstUse(() =>
  z.strictObject({}).describe('Never produced in Lite: every valid call answers the tool error capability-unavailable.'),
);

/**
 * The `qiongli_configure_provider` / `qiongli_open_config_wizard` use case. Lite has no wizard:
 * a valid call always fails with `capability-unavailable` (the wizard message). No listener,
 * browser, process or write.
 */
export function configureProvider(_args: ConfigureProviderArguments): Result<never, ToolFailure> {
  return capabilityUnavailable('wizard');
}
