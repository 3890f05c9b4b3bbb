/** The calls the interop suite makes with every client, and what Qiongli answers to each. */
import { SAMPLE_ARGUMENTS } from '../support/official-client.js';

/**
 * The settings every interop session runs with: the defaults (every provider enabled, keyless)
 * with Crossref switched off, so the literature search, narrowed to Crossref, answers `not_run`
 * without any network.
 */
export const INTEROP_PROVIDERS = { crossref: { enabled: false } } as const;

/** Valid arguments for each tool (literature search narrowed to Crossref, off in {@link INTEROP_PROVIDERS}: no network, `not_run`). */
export const VALID_ARGUMENTS: Record<string, Record<string, unknown>> = SAMPLE_ARGUMENTS;

/** How a caller can tell each successful answer is usable: one property it would read. */
export const USABLE: Record<string, (value: Record<string, any>) => boolean> = {
  qiongli_config_status: (value) => value.status === 'ok' && value.providers?.crossref === 'missing' && value.access?.openalex === 'keyless',
  qiongli_literature_status: (value) => value.status === 'ok' && value.active_providers?.join() === 'openalex,semantic_scholar,pubmed,arxiv',
  // Two query entries, written once; each of the four enabled providers runs both, by id.
  qiongli_search_plan: (value) =>
    value.artifact_type === 'qiongli_hybrid_search_plan' &&
    value.query_entries?.length === 2 &&
    value.provider_queries?.length === 4 &&
    value.provider_queries.every((row: any) => row.query_ids?.join() === 'Q1,Q2'),
  qiongli_literature_search: (value) =>
    value.status === 'warning' && value.diagnostics?.status === 'not_run' && value.results?.length === 0 && value.search_plan?.query_entries?.length === 1,
  qiongli_literature_export_evidence: (value) =>
    value.artifact_type === 'qiongli_literature_evidence_snapshot' &&
    value.result_count === 1 &&
    value.files?.[0]?.name === 'evidence-snapshot.json' &&
    /^[0-9a-f]{64}$/u.test(value.files[0].sha256) &&
    !JSON.stringify(value).includes('CANARY'),
  qiongli_zotero_status: (value) => value.status === 'disabled' && value.fallback_import_files?.available === true,
  qiongli_zotero_export_import_files: (value) =>
    value.status === 'ok' &&
    value.delivery === 'resource' &&
    value.files?.some((file: any) => file.name === 'references.ris' && file.uri?.startsWith('qiongli://held/')),
  qiongli_orchestrator_route: (value) => value.mode === 'preview' && value.platform === 'claude_code',
  qiongli_task_plan: (value) => value.mode === 'preview' && value.task_id === 'T-1',
};

/** An error object as Qiongli sends it (compact JSON, keys in this order). */
const errorText = (error_kind: string, reason_code: string, message: string): string => JSON.stringify({ status: 'error', error_kind, reason_code, message });

/** The three configuration tools: valid input, always `capability-unavailable`. */
export const CONFIG_TOOL_ERRORS: Record<string, string> = {
  qiongli_save_provider_config: errorText(
    'tool_error',
    'capability-unavailable',
    'Lite saves no settings from the chat, and an API key must never be sent here. The person sets a key in a terminal with qiongli config set-key <provider> (an email with qiongli config set-email <provider> <address>), or on the setup page of the Standard profile.',
  ),
  qiongli_configure_provider: errorText(
    'tool_error',
    'capability-unavailable',
    'Lite opens no setup page. The person sets an API key in a terminal with qiongli config set-key <provider>, or on the setup page of the Standard profile (qiongli mcp serve --profile standard); never in the chat.',
  ),
  qiongli_open_config_wizard: errorText(
    'tool_error',
    'capability-unavailable',
    'Lite opens no setup page. The person sets an API key in a terminal with qiongli config set-key <provider>, or on the setup page of the Standard profile (qiongli mcp serve --profile standard); never in the chat.',
  ),
};

/** Standard's configure and wizard: the setup page opened (or already running), its address in the result. */
export const SETUP_PAGE_OPENED = (value: Record<string, any>): boolean =>
  ['ready', 'already_running'].includes(value.status) &&
  /^http:\/\/127\.0\.0\.1:\d+\//.test(String(value.url)) &&
  value.client_prompt === 'not_offered' &&
  String(value.message).includes(String(value.url));

/** Standard's save tool with an API key. */
export const STANDARD_SAVE_ERROR = errorText('tool_error', 'use-setup-page', 'API keys are entered on the setup page; call qiongli_configure_provider');

/** An invalid-arguments call and the text it must show. */
export interface InvalidCall {
  readonly args: Record<string, unknown>;
  readonly shows: string;
}

/** A wrong-typed `task_id`: only clients that send arguments unchecked let it reach the server. */
export const WRONG_TYPE: InvalidCall = {
  args: { task_id: 1, paper_type: 'systematic review', topic: 'open science' },
  shows: errorText('invalid_arguments', 'invalid-arguments', 'task_id must be a string'),
};

/** A blank `task_id`: valid for the JSON Schema (`minLength: 1`), refused by Qiongli itself. */
export const BLANK_VALUE: InvalidCall = {
  args: { task_id: '   ', paper_type: 'systematic review', topic: 'open science' },
  shows: errorText('invalid_arguments', 'invalid-arguments', 'task_id must not be empty'),
};

/** The static message of Qiongli's `-32602` answer to an unknown tool. */
export const UNKNOWN_TOOL_MESSAGE = 'Invalid params: unknown tool';

/** What a client says when it rejects a result itself (the failure the suite guards against). */
export const CLIENT_SIDE_REJECTION = /does not match the tool's output schema|Structured content|-32602: (?!Invalid params: unknown tool)/;

/** The full-text reader, served when `fulltext` is granted. */
export const FULLTEXT_TOOL = 'qiongli_literature_read_fulltext';

/** A read of the Europe PMC fixture paper (CC BY 4.0), and what a caller reads in the answer. */
export const FULLTEXT_READ = {
  args: { work: 'PMCID:PMC12311175', max_chars: 2000 },
  usable: (value: Record<string, any>): boolean =>
    value.status === 'ok' &&
    value.source?.licence === 'CC BY 4.0' &&
    /^[0-9a-f]{64}$/u.test(value.source?.sha256) &&
    /^abstract-p1-[0-9a-f]{8}$/u.test(value.passages?.[0]?.id) &&
    typeof value.next_cursor === 'string',
};

/** A work the reader refuses with its static message. */
export const FULLTEXT_UNKNOWN_WORK: InvalidCall = {
  args: { work: 'https://example.org/paper' },
  shows: errorText('invalid_arguments', 'invalid-arguments', 'work must be a DOI, PMCID:PMC<digits>, PMID:<digits> or arXiv:<id>'),
};
