import { configStatus, configStatusInput, configStatusMessagePrecedence, configStatusOutput } from '../domain/config-status/config-status.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { ConfigSourceId } from '../ports/config-source.port.js';
import { SecretStoreId } from '../ports/secret-store.port.js';
import { toolSlice, useCaseRecipe } from './tool-slice.js';

/** `qiongli_config_status` (docs/tools.md#1-qiongli_config_status): redacted provider readiness, never a real path. */
export const configStatusTool = toolSlice({
  entry: {
    name: 'qiongli_config_status',
    title: 'Provider configuration status',
    description: 'Which literature providers are configured and ready, and which settings are missing. Never returns secrets or paths.',
    group: 'config',
  },
  useCase: useCaseRecipe('configStatus', [ConfigSourceId, SecretStoreId], (config, secrets) =>
    defineUseCase({
      input: configStatusInput,
      output: configStatusOutput,
      messagePrecedence: configStatusMessagePrecedence,
      execute: async () => configStatus(await config.read(), secrets),
    }),
  ),
});
