import {
  saveProviderConfig,
  saveProviderConfigInput,
  saveProviderConfigMessagePrecedence,
  saveProviderConfigOutput,
} from '../domain/provider-config-mutation/save-provider-config.js';
import { savePublicSettings, savePublicSettingsInput, savePublicSettingsOutput } from '../domain/provider-setup/save-public-settings.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { SettingsWriterId } from '../ports/settings-writer.port.js';
import { toolSlice, useCaseRecipe, variantOf } from './tool-slice.js';

/**
 * `qiongli_save_provider_config` in Lite (docs/tools.md#2-qiongli_save_provider_config): the
 * arguments are checked, then the answer is always capability-unavailable; nothing is written.
 */
export const saveProviderConfigTool = toolSlice({
  entry: {
    name: 'qiongli_save_provider_config',
    title: 'Save a provider setting',
    description:
      'Lite saves no settings; an API key must never be sent in the chat. The person runs qiongli config set-key <provider> in a terminal, or uses the setup page of the Standard profile. Answers capability-unavailable.',
    group: 'config',
  },
  useCase: useCaseRecipe('saveProviderConfig', [], () =>
    defineUseCase({
      input: saveProviderConfigInput,
      output: saveProviderConfigOutput,
      messagePrecedence: saveProviderConfigMessagePrecedence,
      execute: saveProviderConfig,
    }),
  ),
});

/**
 * The save tool in Standard (docs/tools.md#in-the-standard-profile): `enabled` and `email` are
 * written to the settings through the settings writer; a key is refused with use-setup-page.
 * Annotated as what it is (issue 24, row 9): it writes the settings file (not read-only), only
 * ever sets a value (not destructive), and saving the same value again changes nothing
 * (idempotent); a host that auto-approves read-only tools must ask before it.
 */
export const standardSaveProviderConfigTool = variantOf(saveProviderConfigTool, {
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  description:
    'Save a public setting: enabled (true or false) for a provider or source (also opencitations, europepmc), or the contact email of OpenAlex or Crossref. Never an API key: call qiongli_configure_provider for the setup page. Answers saved or unchanged.',
  useCase: useCaseRecipe('saveProviderConfig', [SettingsWriterId], (settings) =>
    defineUseCase({
      input: savePublicSettingsInput,
      output: savePublicSettingsOutput,
      messagePrecedence: saveProviderConfigMessagePrecedence,
      execute: (args) => savePublicSettings({ settings }, args),
    }),
  ),
});
