import {
  configureProvider,
  configureProviderInput,
  configureProviderMessagePrecedence,
  configureProviderOutput,
} from '../domain/provider-config-mutation/configure-provider.js';
import { openSetupPage } from '../domain/provider-setup/open-setup-page.js';
import { setupPageResultOutput } from '../domain/provider-setup/setup-page-result.js';
import { defineUseCase } from '../domain/shared/use-case.js';
import { SetupPagesId } from '../ports/setup-page.port.js';
import { toolSlice, useCaseRecipe, variantOf } from './tool-slice.js';

/** Lite's answer to both names: the arguments are checked; no listener, browser or process is started. */
const liteConfigure = useCaseRecipe('configureProvider', [], () =>
  defineUseCase({
    input: configureProviderInput,
    output: configureProviderOutput,
    messagePrecedence: configureProviderMessagePrecedence,
    execute: configureProvider,
  }),
);

/** Lite's text for both names: where a key goes instead, and never the chat (issue 25, row 2). */
const LITE_DESCRIPTION =
  'Lite opens no setup page. The person runs qiongli config set-key <provider> in a terminal, or uses the setup page of the Standard profile; never ask for a key in the chat. Answers capability-unavailable.';

/** `qiongli_configure_provider` in Lite (docs/tools.md#3-qiongli_configure_provider). */
export const configureProviderTool = toolSlice({
  entry: { name: 'qiongli_configure_provider', title: 'Configure a provider', description: LITE_DESCRIPTION, group: 'config' },
  useCase: liteConfigure,
});

/** `qiongli_open_config_wizard`, the historical alias of {@link configureProviderTool}: the same use case (docs/tools.md#4-qiongli_open_config_wizard). */
export const openConfigWizardTool = toolSlice({
  entry: { name: 'qiongli_open_config_wizard', title: 'Open the configuration wizard', description: LITE_DESCRIPTION, group: 'config' },
  useCase: liteConfigure,
});

/** Standard's answer to both names: Lite's argument schema and checks, then the setup page. */
const openThePage = useCaseRecipe('configureProvider', [SetupPagesId], (pages) =>
  defineUseCase({
    input: configureProviderInput,
    output: setupPageResultOutput,
    messagePrecedence: configureProviderMessagePrecedence,
    execute: (args) => openSetupPage(pages, args),
  }),
);

/** `qiongli_configure_provider` in Standard: opens the setup page, where keys are typed outside the chat. */
export const standardConfigureProviderTool = variantOf(configureProviderTool, {
  description:
    'Open the setup page on this computer (127.0.0.1) where the person enables providers and types emails and API keys, outside the chat. Call it when a key or email should change; never ask for a key in the chat. Returns the address and message, what to tell the person.',
  instruction: {
    note: 'To add an API key or contact email, call qiongli_configure_provider and tell the person the setup page address it returns: keys are typed on that page, never in this chat.',
  },
  useCase: openThePage,
});

/** `qiongli_open_config_wizard` in Standard: the alias, answering as {@link standardConfigureProviderTool}. */
export const standardOpenConfigWizardTool = variantOf(openConfigWizardTool, {
  description: 'Older name of qiongli_configure_provider: opens the setup page where the person types keys and emails outside the chat.',
  useCase: openThePage,
});
