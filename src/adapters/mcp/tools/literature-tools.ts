import { DEFAULT_INPUT_BUDGET, LOCAL_READ_ONLY, type ToolDefinition } from '../tool-definition.js';
import type { ConfigSource } from '../../../ports/config-source.port.js';
import type { SecretStore } from '../../../ports/secret-store.port.js';
import type { ProviderClient } from '../../../ports/provider-client.port.js';

/** Ports the literature tools use. */
export interface LiteratureToolPorts {
  readonly config: ConfigSource;
  readonly secrets: SecretStore;
  /** Builds the provider client on first use (the HTTP adapter loads only when a search runs). */
  readonly providers: () => Promise<ProviderClient>;
}

const contracts = () => import('./literature-contracts.js');

/** `qiongli_literature_status` (SPEC §6.4 #5). */
export const literatureStatusTool = (ports: LiteratureToolPorts): ToolDefinition => ({
  name: 'qiongli_literature_status',
  title: 'Literature provider status',
  description:
    'Call this first: which literature providers are active for qiongli_literature_search, what each can do, and which settings are missing. No network access.',
  group: 'literature',
  annotations: LOCAL_READ_ONLY,
  inputBudgetBytes: DEFAULT_INPUT_BUDGET,
  redaction: 'standard',
  load: () => contracts().then((module) => module.literatureStatusContract(ports)),
});

/** `qiongli_search_plan` (SPEC §6.4 #6): plans, never searches. */
export const searchPlanTool = (ports: LiteratureToolPorts): ToolDefinition => ({
  name: 'qiongli_search_plan',
  title: 'Plan a literature search',
  description:
    'Build a hybrid literature search plan: provider queries for qiongli_literature_search, platform-native web and full-text queries, filters, an execution sequence and a merge policy that keeps provenance distinct. Plans only; never searches.',
  group: 'literature',
  annotations: LOCAL_READ_ONLY,
  inputBudgetBytes: DEFAULT_INPUT_BUDGET,
  redaction: 'standard',
  load: () => contracts().then((module) => module.searchPlanContract(ports)),
});

/** `qiongli_literature_search` (SPEC §6.4 #7, §7): the only tool that opens network connections. */
export const literatureSearchTool = (ports: LiteratureToolPorts): ToolDefinition => ({
  name: 'qiongli_literature_search',
  title: 'Search the scholarly literature',
  description:
    'Search OpenAlex, Semantic Scholar, Crossref, PubMed and arXiv (those that are ready) concurrently, merge duplicates by DOI or title and year, and rank by relevance. Returns records with providers, identifiers and record type, per-provider diagnostics and the search plan used.',
  group: 'literature',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  inputBudgetBytes: DEFAULT_INPUT_BUDGET,
  redaction: 'standard',
  load: () => contracts().then((module) => module.literatureSearchContract(ports)),
});
