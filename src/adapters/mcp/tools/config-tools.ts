import { defineTool, DEFAULT_INPUT_BUDGET, LOCAL_READ_ONLY, type ToolDefinition } from '../tool-definition.js';
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

/** Ports the configuration tools read. */
export interface ConfigToolPorts {
  readonly config: ConfigSource;
  readonly secrets: SecretStore;
}

/** `qiongli_config_status` (docs/tools.md#1-qiongli_config_status): redacted provider readiness, never a real path. */
export const configStatusTool = (ports: ConfigToolPorts): ToolDefinition =>
  defineTool({
    name: 'qiongli_config_status',
    title: 'Provider configuration status',
    description:
      'Report which scholarly providers (OpenAlex, Semantic Scholar, Crossref, PubMed, arXiv) are configured and ready, and which settings are missing. Never returns secrets or file paths.',
    group: 'config',
    input: configStatusInput,
    output: configStatusOutput,
    annotations: LOCAL_READ_ONLY,
    inputBudgetBytes: DEFAULT_INPUT_BUDGET,
    messagePrecedence: configStatusMessagePrecedence,
    redaction: 'standard',
    run: async () => configStatus(await ports.config.read(), ports.secrets.available),
  });

/** `qiongli_save_provider_config` (docs/tools.md#2-qiongli_save_provider_config): validated, then always unavailable; nothing is written. */
export const saveProviderConfigTool: ToolDefinition = defineTool({
  name: 'qiongli_save_provider_config',
  title: 'Save a provider setting',
  description:
    'Validate a provider setting (API key or contact email). Lite cannot write provider configuration: valid input answers capability-unavailable, nothing is stored and the value is never echoed.',
  group: 'config',
  input: saveProviderConfigInput,
  output: saveProviderConfigOutput,
  annotations: LOCAL_READ_ONLY,
  inputBudgetBytes: DEFAULT_INPUT_BUDGET,
  messagePrecedence: saveProviderConfigMessagePrecedence,
  redaction: 'standard',
  run: saveProviderConfig,
});

/** `qiongli_configure_provider` and its alias `qiongli_open_config_wizard` (docs/tools.md#3-qiongli_configure_provider/#4): one typed handler. */
const configureDefinition = (name: 'qiongli_configure_provider' | 'qiongli_open_config_wizard', title: string): ToolDefinition =>
  defineTool({
    name,
    title,
    description:
      'Validate a request to open the provider configuration wizard (provider, loopback host, port). Lite starts no listener, browser or process: valid input answers capability-unavailable.',
    group: 'config',
    input: configureProviderInput,
    output: configureProviderOutput,
    annotations: LOCAL_READ_ONLY,
    inputBudgetBytes: DEFAULT_INPUT_BUDGET,
    messagePrecedence: configureProviderMessagePrecedence,
    redaction: 'standard',
    run: configureProvider,
  });

/** `qiongli_configure_provider`. */
export const configureProviderTool = configureDefinition('qiongli_configure_provider', 'Configure a provider');
/** `qiongli_open_config_wizard`: the historical alias, resolved to the same handler. */
export const openConfigWizardTool = configureDefinition('qiongli_open_config_wizard', 'Open the configuration wizard');
