import { defineUseCase, type UseCase } from '../../../domain/shared/use-case.js';
import type { SetupPages } from '../../../ports/setup-page.port.js';
import { configureProviderInput, configureProviderMessagePrecedence } from '../../../domain/provider-config-mutation/configure-provider.js';
import { saveProviderConfigMessagePrecedence } from '../../../domain/provider-config-mutation/save-provider-config.js';
import type { SettingsChangePorts } from '../../../domain/provider-config-mutation/settings-change-ports.js';
import { openSetupPage } from '../../../domain/provider-setup/open-setup-page.js';
import { setupPageResultOutput } from '../../../domain/provider-setup/setup-page-result.js';
import { savePublicSettings, savePublicSettingsInput, savePublicSettingsOutput } from '../../../domain/provider-setup/save-public-settings.js';

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

/**
 * Saving a provider setting in Standard (docs/tools.md#in-the-standard-profile): `enabled` and
 * `email` are written to the settings; a key is refused with use-setup-page.
 */
export const savePublicSettingsUseCase = (ports: Pick<SettingsChangePorts, 'settings'>): UseCase =>
  defineUseCase({
    get input() {
      return savePublicSettingsInput();
    },
    get output() {
      return savePublicSettingsOutput();
    },
    messagePrecedence: saveProviderConfigMessagePrecedence,
    execute: (args) => savePublicSettings(ports, args),
  });
