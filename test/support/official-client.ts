import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { BUILT_BIN, SERVE_ARGS } from './built-program.js';
import { configHomeWith } from './run-program.js';
import { networkGuardEnv } from './network-guard.js';

/** How the official client negotiates: a legacy revision, the pinned modern one, or `'auto'`. */
export type Negotiation = { readonly legacy: string } | { readonly pin: string } | 'auto';

/**
 * Connects the official MCP client to the built program over stdio, with the default settings but
 * Crossref off: the sample search below, narrowed to Crossref, then needs no network (`not_run`).
 */
export async function connectOfficialClient(negotiation: Negotiation, env: Record<string, string> = {}) {
  const options =
    negotiation === 'auto'
      ? { versionNegotiation: { mode: 'auto' as const } }
      : 'legacy' in negotiation
        ? { versionNegotiation: { mode: 'legacy' as const }, supportedProtocolVersions: [negotiation.legacy] }
        : { versionNegotiation: { mode: { pin: negotiation.pin } } };
  const client = new Client({ name: 'qiongli-acceptance', version: '1.0.0' }, options);
  const stderr: Buffer[] = [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BUILT_BIN, ...SERVE_ARGS],
    env: { PATH: process.env.PATH ?? '', QIONGLI_CONFIG_HOME: configHomeWith({ crossref: { enabled: false } }), ...networkGuardEnv(), ...env },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  await client.connect(transport);
  return { client, stderr: () => Buffer.concat(stderr).toString('utf8') };
}

/** Valid arguments for each public tool, used to call every listed tool. */
export const SAMPLE_ARGUMENTS: Record<string, Record<string, unknown>> = {
  qiongli_config_status: {},
  qiongli_save_provider_config: { provider: 'openalex', field: 'email', value: 'someone@example.org' },
  qiongli_configure_provider: { provider: 'crossref' },
  qiongli_open_config_wizard: { provider: 'crossref' },
  qiongli_literature_status: {},
  qiongli_search_plan: { query: 'open science governance', query_variants: ['research data governance'] },
  qiongli_literature_search: { query: 'open science governance', providers: ['crossref'] },
  qiongli_literature_export_evidence: { query: 'q', results: [{ title: 'A title', token: 'CANARY' }] },
  qiongli_zotero_status: {},
  qiongli_zotero_export_import_files: {
    records: [{ title: 'A study', provider: 'arxiv', providers: ['arxiv'], year: 2024, authors: [{ family: 'Doe', given: 'Jane' }] }],
  },
  qiongli_orchestrator_route: { request: 'find systematic reviews on open science', platform: 'claude_code' },
  qiongli_task_plan: { task_id: 'T-1', paper_type: 'systematic review', topic: 'open science' },
};
