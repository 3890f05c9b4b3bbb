import { defineTool, DEFAULT_INPUT_BUDGET, LOCAL_READ_ONLY, type ToolDefinition } from '../tool-definition.js';
import type { ConfigSource } from '../../../ports/config-source.port.js';
import type { SecretStore } from '../../../ports/secret-store.port.js';
import type { ProviderClient } from '../../../ports/provider-client.port.js';
import {
  literatureStatus,
  literatureStatusInput,
  literatureStatusMessagePrecedence,
  literatureStatusOutput,
} from '../../../domain/literature-status/literature-status.js';
import { planSearch, searchPlanInput, searchPlanMessagePrecedence, searchPlanOutput } from '../../../domain/search-plan/search-plan.js';
import { searchLiterature } from '../../../domain/literature-search/literature-search.js';
import { runInSlices } from '../../scheduling/time-slices.js';
import { literatureSearchInput, literatureSearchMessagePrecedence } from '../../../domain/literature-search/literature-search-input.js';
import { literatureSearchOutput } from '../../../domain/literature-search/literature-search-output.js';

/** Ports the literature tools use. */
export interface LiteratureToolPorts {
  readonly config: ConfigSource;
  readonly secrets: SecretStore;
  /** Builds the provider client on first use (the HTTP adapter loads only when a search runs). */
  readonly providers: () => Promise<ProviderClient>;
}

/** `qiongli_literature_status` (docs/tools.md#5-qiongli_literature_status). */
export const literatureStatusTool = (ports: LiteratureToolPorts): ToolDefinition =>
  defineTool({
    name: 'qiongli_literature_status',
    title: 'Literature provider status',
    description:
      'Call this first: which literature providers are active for qiongli_literature_search, what each can do, and which settings are missing. No network access.',
    group: 'literature',
    input: literatureStatusInput,
    output: literatureStatusOutput,
    annotations: LOCAL_READ_ONLY,
    inputBudgetBytes: DEFAULT_INPUT_BUDGET,
    messagePrecedence: literatureStatusMessagePrecedence,
    redaction: 'standard',
    run: async () => literatureStatus(await ports.config.read(), ports.secrets.available),
  });

/** `qiongli_search_plan` (docs/tools.md#6-qiongli_search_plan): plans, never searches. */
export const searchPlanTool = (ports: LiteratureToolPorts): ToolDefinition =>
  defineTool({
    name: 'qiongli_search_plan',
    title: 'Plan a literature search',
    description:
      'Build a hybrid literature search plan: provider queries for qiongli_literature_search, platform-native web and full-text queries, filters, an execution sequence and a merge policy that keeps provenance distinct. Plans only; never searches.',
    group: 'literature',
    input: searchPlanInput,
    output: searchPlanOutput,
    annotations: LOCAL_READ_ONLY,
    inputBudgetBytes: DEFAULT_INPUT_BUDGET,
    messagePrecedence: searchPlanMessagePrecedence,
    redaction: 'standard',
    run: async (args) => planSearch(args, await ports.config.read(), ports.secrets.available),
  });

/** `qiongli_literature_search` (docs/tools.md#7-qiongli_literature_search, docs/providers.md): the only tool that opens network connections. */
export const literatureSearchTool = (ports: LiteratureToolPorts): ToolDefinition =>
  defineTool({
    name: 'qiongli_literature_search',
    title: 'Search the scholarly literature',
    description:
      'Search OpenAlex, Semantic Scholar, Crossref, PubMed and arXiv (those that are ready) concurrently, merge duplicates by DOI or title and year, and rank by relevance. ' +
      'Steer it with from_year/to_year, venue_filter, search_mode title or doi (exact DOI lookup), include_abstracts and sort (relevance, newest, most_cited). ' +
      'Returns records with providers, identifiers, record type, citation count, open-access link and a retracted flag (check it before citing), per-provider diagnostics and the search plan used.',
    group: 'literature',
    input: literatureSearchInput,
    output: literatureSearchOutput,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    inputBudgetBytes: DEFAULT_INPUT_BUDGET,
    messagePrecedence: literatureSearchMessagePrecedence,
    redaction: 'standard',
    // The merge of up to 1000 records runs in time slices (docs/provider-data.md).
    run: (args, context) => searchLiterature(args, { ...ports, pace: runInSlices }, context),
  });
