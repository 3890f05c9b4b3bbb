import { defineUseCase, type UseCase } from '../../../domain/shared/use-case.js';
import type { SetupPages } from '../../../ports/setup-page.port.js';
import { configureProviderInput, configureProviderMessagePrecedence } from '../../../domain/provider-config-mutation/configure-provider.js';
import { saveProviderConfigInput, saveProviderConfigMessagePrecedence } from '../../../domain/provider-config-mutation/save-provider-config.js';
import { openSetupPage } from '../../../domain/provider-setup/open-setup-page.js';
import { setupPageResultOutput } from '../../../domain/provider-setup/setup-page-result.js';
import { saveWithoutKeys, saveWithoutKeysOutput } from '../../../domain/provider-setup/save-without-keys.js';

/**
 * Configuring a provider in Standard, and its wizard alias (docs/tools.md#3-qiongli_configure_provider):
 * Lite's argument schema and checks, then the setup page.
 */
export const openSetupPageUseCase = (pages: SetupPages): UseCase =>
  defineUseCase({
    get input() {
      return configureProviderInput();
    },
    get output() {
      return setupPageResultOutput();
    },
    messagePrecedence: configureProviderMessagePrecedence,
    execute: (args) => openSetupPage(pages, args),
  });

/** Saving a provider setting in Standard (docs/tools.md#2-qiongli_save_provider_config): a key is refused with use-setup-page. */
export const saveWithoutKeysUseCase: UseCase = defineUseCase({
  get input() {
    return saveProviderConfigInput();
  },
  get output() {
    return saveWithoutKeysOutput();
  },
  messagePrecedence: saveProviderConfigMessagePrecedence,
  execute: saveWithoutKeys,
});
