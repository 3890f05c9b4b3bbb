import { defineContract, type ToolContract } from '../tool-definition.js';
import type { ConfigToolPorts } from './config-tools.js';
import { configStatus, configStatusInput, configStatusMessagePrecedence, configStatusOutput } from '../../../domain/config-status/config-status.js';
import {
  saveProviderConfig,
  saveProviderConfigInput,
  saveProviderConfigMessagePrecedence,
  saveProviderConfigOutput,
} from '../../../domain/provider-config-mutation/save-provider-config.js';
import {
  configureProvider,
  configureProviderInput,
  configureProviderMessagePrecedence,
  configureProviderOutput,
} from '../../../domain/provider-config-mutation/configure-provider.js';

/** Contract of `qiongli_config_status` (SPEC §6.4 #1). */
export const configStatusContract = (ports: ConfigToolPorts): ToolContract =>
  defineContract({
    input: configStatusInput,
    output: configStatusOutput,
    messagePrecedence: configStatusMessagePrecedence,
    run: async () => configStatus(await ports.config.read(), ports.secrets.available),
  });

/** Contract of `qiongli_save_provider_config` (SPEC §6.4 #2): validated, then always unavailable. */
export const saveProviderConfigContract: ToolContract = defineContract({
  input: saveProviderConfigInput,
  output: saveProviderConfigOutput,
  messagePrecedence: saveProviderConfigMessagePrecedence,
  run: saveProviderConfig,
});

/** The one typed handler behind `qiongli_configure_provider` and its wizard alias (SPEC §6.4 #3/#4). */
export const configureProviderContract: ToolContract = defineContract({
  input: configureProviderInput,
  output: configureProviderOutput,
  messagePrecedence: configureProviderMessagePrecedence,
  run: configureProvider,
});
