import { defineUseCase, type UseCase } from '../../../domain/shared/use-case.js';
import type { ConfigSource } from '../../../ports/config-source.port.js';
import type { SecretStore } from '../../../ports/secret-store.port.js';
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

/** Provider configuration status (docs/tools.md#1-qiongli_config_status): redacted provider readiness, never a real path. */
export const configStatusUseCase = (config: ConfigSource, secrets: SecretStore): UseCase =>
  defineUseCase({
    get input() {
      return configStatusInput();
    },
    get output() {
      return configStatusOutput();
    },
    messagePrecedence: configStatusMessagePrecedence,
    execute: async () => configStatus(await config.read(), secrets),
  });

/** Saving a provider setting (docs/tools.md#2-qiongli_save_provider_config): validated, then always unavailable; nothing is written. */
export const saveProviderConfigUseCase: UseCase = defineUseCase({
  get input() {
    return saveProviderConfigInput();
  },
  get output() {
    return saveProviderConfigOutput();
  },
  messagePrecedence: saveProviderConfigMessagePrecedence,
  execute: saveProviderConfig,
});

/** Configuring a provider, and its wizard alias (docs/tools.md#3-qiongli_configure_provider, #4): one typed handler. */
export const configureProviderUseCase: UseCase = defineUseCase({
  get input() {
    return configureProviderInput();
  },
  get output() {
    return configureProviderOutput();
  },
  messagePrecedence: configureProviderMessagePrecedence,
  execute: configureProvider,
});
