import type { CapabilityGroup } from '../../domain/shared/capability-groups.js';
import type { ToolAnnotations } from './tool-definition.js';
import { UseCaseId, type UseCaseToken } from './use-case-ids.js';

/**
 * One public tool as the catalogue states it. Defaults, applied once when a definition is
 * built: `annotations` = read-only, local, idempotent; `inputBudget` = `default` (256 KiB).
 */
export interface CatalogueEntry {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The capability group whose grant serves it (docs/command-line.md#capability-groups). */
  readonly group: CapabilityGroup;
  /** Largest encoded `tools/call` params: `default` 256 KiB, `bulk` 2 MiB (docs/protocol.md#admission). */
  readonly inputBudget?: 'default' | 'bulk';
  readonly annotations?: ToolAnnotations;
  /** The use case the tool runs. */
  readonly useCase: UseCaseToken;
}

/** The graph tools read the open world and never change anything (idempotent: the same page for the same call). */
const GRAPH_ANNOTATIONS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };

/**
 * The public tools (docs/tools.md#the-twelve-tools): the frozen twelve of Lite's default list,
 * then the opt-in ones (docs/command-line.md#capability-groups). This list's order is the order of `tools/list`; tool names, grants, `--help` and the registry all derive from it. A new
 * tool is one entry here plus its use case (bound in the composition root).
 */
export const TOOL_CATALOGUE = [
  {
    name: 'qiongli_config_status',
    title: 'Provider configuration status',
    description:
      'Report which scholarly providers (OpenAlex, Semantic Scholar, Crossref, PubMed, arXiv) are configured and ready, and which settings are missing. Never returns secrets or file paths.',
    group: 'config',
    useCase: UseCaseId.configStatus,
  },
  {
    name: 'qiongli_save_provider_config',
    title: 'Save a provider setting',
    description:
      'Validate a provider setting (API key or contact email). Lite cannot write provider configuration: valid input answers capability-unavailable, nothing is stored and the value is never echoed.',
    group: 'config',
    useCase: UseCaseId.saveProviderConfig,
  },
  {
    name: 'qiongli_configure_provider',
    title: 'Configure a provider',
    description:
      'Validate a request to open the provider configuration wizard (provider, loopback host, port). Lite starts no listener, browser or process: valid input answers capability-unavailable.',
    group: 'config',
    useCase: UseCaseId.configureProvider,
  },
  {
    // The historical alias of qiongli_configure_provider: the same use case.
    name: 'qiongli_open_config_wizard',
    title: 'Open the configuration wizard',
    description:
      'Validate a request to open the provider configuration wizard (provider, loopback host, port). Lite starts no listener, browser or process: valid input answers capability-unavailable.',
    group: 'config',
    useCase: UseCaseId.configureProvider,
  },
  {
    name: 'qiongli_literature_status',
    title: 'Literature provider status',
    description:
      'Call this first: which literature providers are active for qiongli_literature_search, what each can do, and which settings are missing. No network access.',
    group: 'literature',
    useCase: UseCaseId.literatureStatus,
  },
  {
    name: 'qiongli_search_plan',
    title: 'Plan a literature search',
    description:
      'Build a hybrid literature search plan: provider queries for qiongli_literature_search, platform-native web and full-text queries, filters, an execution sequence and a merge policy that keeps provenance distinct. Plans only; never searches.',
    group: 'literature',
    useCase: UseCaseId.searchPlan,
  },
  {
    // The only tool that opens network connections (docs/providers.md).
    name: 'qiongli_literature_search',
    title: 'Search the scholarly literature',
    description:
      'Search OpenAlex, Semantic Scholar, Crossref, PubMed and arXiv (those that are ready) concurrently, merge duplicates by DOI or title and year, and rank by relevance. ' +
      'Steer it with from_year/to_year, venue_filter, search_mode title or doi (exact DOI lookup), include_abstracts and sort (relevance, newest, most_cited). ' +
      'Returns records with providers, identifiers, record type, citation count, open-access link and a retracted flag (check it before citing), per-provider diagnostics and the search plan used.',
    group: 'literature',
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    useCase: UseCaseId.literatureSearch,
  },
  {
    name: 'qiongli_literature_export_evidence',
    title: 'Export an evidence snapshot',
    description:
      'Turn a search (query, provider status, search plan, results, diagnostics) into an auditable evidence snapshot. Side-effect free and deterministic: the same input gives the same bytes; credential-like keys are removed at any depth. Nothing is written to disk.',
    group: 'evidence',
    inputBudget: 'bulk',
    useCase: UseCaseId.exportEvidence,
  },
  {
    name: 'qiongli_zotero_status',
    title: 'Zotero integration status',
    description:
      'Report how Qiongli can hand references to Zotero. In Lite the Zotero connector and companion are not used; use qiongli_zotero_export_import_files to produce import files (CSL-JSON, RIS, BibTeX) instead. Takes no arguments.',
    group: 'zotero',
    useCase: UseCaseId.zoteroStatus,
  },
  {
    name: 'qiongli_zotero_export_import_files',
    title: 'Export Zotero import files',
    description:
      'Build Zotero import files from literature records (as returned by qiongli_literature_search): CSL-JSON (references.json), RIS, BibTeX and a short import report. arXiv preprints become Preprint items. Files are returned as text; nothing is written to disk.',
    group: 'zotero',
    inputBudget: 'bulk',
    useCase: UseCaseId.zoteroExport,
  },
  {
    name: 'qiongli_orchestrator_route',
    title: 'Preview a request route',
    description:
      'Preview how Qiongli would route a research request. Lite only previews: it never runs agents, shells or project writes, so the answer says that execution needs the Full CLI. Pass the user request unchanged and, optionally, the client platform.',
    group: 'orchestration',
    useCase: UseCaseId.routePreview,
  },
  {
    name: 'qiongli_task_plan',
    title: 'Preview a research task plan',
    description:
      'Preview a research task plan for a paper (task id, paper type, topic). Lite only previews: nothing is executed or written; execution needs the Full CLI.',
    group: 'orchestration',
    useCase: UseCaseId.taskPlan,
  },
  // The citation graph (docs/tools.md#the-citation-graph): opt-in in Lite, after the frozen twelve.
  {
    name: 'qiongli_literature_references',
    title: 'Works a paper cites',
    description:
      'Backward snowballing: list the works a paper cites (its references), merged from OpenAlex, Semantic Scholar, OpenCitations and Crossref with per-edge provenance (which sources reported each edge). ' +
      'Give work as a DOI, OpenAlex id (W…), Semantic Scholar id, PMID:<n> or arXiv:<id>. Returns the resolved work, one page of edges (each with a literature record, and Semantic Scholar citation contexts, intents and influential flag where known), ' +
      'next_cursor for the next page, and per-source diagnostics with totals and the OpenAlex list calls spent. Records can go straight to qiongli_literature_export_evidence and qiongli_zotero_export_import_files.',
    group: 'graph',
    annotations: GRAPH_ANNOTATIONS,
    useCase: UseCaseId.literatureReferences,
  },
  {
    name: 'qiongli_literature_citations',
    title: 'Works that cite a paper',
    description:
      'Forward snowballing: list the works that cite a paper, merged from OpenAlex, Semantic Scholar and OpenCitations with per-edge provenance (which sources reported each edge). ' +
      'Give work as a DOI, OpenAlex id (W…), Semantic Scholar id, PMID:<n> or arXiv:<id>. Returns the resolved work, one page of edges (with citation contexts, intents and the influential flag from Semantic Scholar), ' +
      'next_cursor for the next page, and per-source diagnostics with totals and the OpenAlex list calls spent, to budget a crawl. Use sort most_cited or newest and from_year/to_year to focus.',
    group: 'graph',
    annotations: GRAPH_ANNOTATIONS,
    useCase: UseCaseId.literatureCitations,
  },
  {
    // Opt-in in Lite (group fulltext); opens network connections to the full-text sources only.
    name: 'qiongli_literature_read_fulltext',
    title: 'Read an open-access paper',
    description:
      'Read the open-access full text of one paper, given its DOI, PMCID (PMC1234567), PMID:<digits> or arXiv:<id>, from Europe PMC, PubMed Central or arXiv HTML. ' +
      'Returns the sections and a page of passages with stable ids (cite them as evidence; pass recorded ids in recheck to see whether they still read the same), the SHA-256 and licence of the document. ' +
      'Use find to get only the passages containing some terms (each with its neighbours, best first), section to read one section, next_cursor to read on. ' +
      'A paper without open full text comes back with status no_open_full_text, what each source said and, when known, a free reading link.',
    group: 'fulltext',
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    useCase: UseCaseId.readFullText,
  },
] as const satisfies readonly CatalogueEntry[];

/** One public tool name. */
export type ToolName = (typeof TOOL_CATALOGUE)[number]['name'];

/** The public tool names in frozen order. */
export const TOOL_NAMES: readonly ToolName[] = TOOL_CATALOGUE.map((entry) => entry.name);

/** The catalogue entry of a public name; undefined for any other string. */
export const catalogueEntry = (name: string): CatalogueEntry | undefined => TOOL_CATALOGUE.find((entry) => entry.name === name);

/** The tools a capability group grants, in frozen order. */
export const toolNamesOf = (group: CapabilityGroup): ToolName[] => TOOL_CATALOGUE.filter((entry) => entry.group === group).map((entry) => entry.name);

/**
 * The instructions the server gives the model (`initialize`, `server/discover`): the order in
 * which the tools are meant to be used.
 */
export const LITE_INSTRUCTIONS =
  'Qiongli Lite is a literature toolkit for research assistants. Start with qiongli_literature_status to see which scholarly providers are ready, plan with qiongli_search_plan, search with qiongli_literature_search, keep an auditable record with qiongli_literature_export_evidence, and hand references to Zotero with qiongli_zotero_export_import_files. Route and task-plan tools only preview: Lite never runs agents, shells or project writes.';
