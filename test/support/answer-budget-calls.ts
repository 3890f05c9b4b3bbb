/**
 * The calls the answer-budget test (test/composition/answer-budget.test.ts) and the bench
 * (bench/suites/context-budget.mjs) make of every tool: its default arguments (no optional one
 * set) and its maximum ones (every count and length at its bound). A tool without an entry is
 * called with `{}`.
 */
import assert from 'node:assert/strict';
import { createContainer, type Profile } from '../../src/composition/create-container.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';
import { ALL_CAPABILITY_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { hostileRecord, hostileWorld } from './hostile-world.js';
import { initialize, request } from './messages.js';

/** Records of the size a real search gives (about 1,300 characters each, as the 420-record export). */
const records = (count: number) =>
  Array.from({ length: count }, (_, index) => {
    const { title, doi, year, venue, authors, url, abstract } = hostileRecord('export', index);
    return {
      title: title.slice(0, 150),
      doi,
      year,
      venue: venue?.slice(0, 80),
      authors: authors?.slice(0, 8),
      url,
      abstract: abstract?.slice(0, 600),
      provider: 'crossref',
      providers: ['crossref'],
    };
  });
const long = (seed: string, length: number) => `${seed.repeat(Math.ceil(length / seed.length)).slice(0, length - 1)}x`;

/** A bibliography of `count` references to the hostile world's works (DOI, title, year, authors), every third with a wrong year. */
const bibliography = (count: number) =>
  Array.from({ length: count }, (_, index) => {
    const { title, doi, year, authors } = hostileRecord('crossref', index);
    return {
      title: title.slice(0, 600),
      doi,
      year: index % 3 === 0 ? (year ?? 2000) + 5 : year,
      authors: authors?.slice(0, 3).map((author) => ('family' in author ? author.family : author.literal)),
    };
  });

/** Arguments with no optional one set: the call a model makes first. */
export const DEFAULTS: Record<string, Record<string, unknown>> = {
  qiongli_save_provider_config: { provider: 'crossref', field: 'email', value: 'person@example.org' },
  qiongli_search_plan: { query: 'evidence synthesis' },
  qiongli_literature_search: { query: 'work' },
  // The data a person exports is not a size argument: the largest exports the issue measured.
  qiongli_literature_export_evidence: { query: 'q', results: records(100) },
  qiongli_zotero_export_import_files: { records: records(420) },
  qiongli_orchestrator_route: { request: 'Find studies of peer feedback' },
  qiongli_task_plan: { task_id: 'T-1', paper_type: 'systematic review', topic: 'peer feedback' },
  qiongli_literature_references: { work: '10.9999/seed' },
  qiongli_literature_citations: { work: '10.9999/seed' },
  qiongli_literature_read_fulltext: { work: 'PMCID:PMC1' },
  // The bibliography is the data checked, not a size argument: the most a call may hold.
  qiongli_literature_check_references: { references: bibliography(200) },
  // The most records a save takes, every one already in the library: the answer names each skipped record.
  qiongli_zotero_save: { records: records(500).map((record, index) => ({ ...record, title: hostileRecord('zotero', index).title })) },
};

/** Every count and length at its bound. */
export const MAXIMUM: Record<string, Record<string, unknown>> = {
  qiongli_search_plan: {
    query: long('primary query ', 4096),
    query_variants: Array.from({ length: 16 }, (_, index) => long(`variant ${index} `, 4096)),
    native_search_available: true,
    native_search_tools: Array.from({ length: 8 }, (_, index) => `${'t'.repeat(250)}_${index}`),
    document_types: Array.from({ length: 32 }, (_, index) => `${'d'.repeat(250)}-${index}`),
    venue_filter: 'v'.repeat(256),
    from_year: 1990,
    to_year: 2025,
    include_working_papers: true,
  },
  qiongli_literature_search: { query: 'work', per_provider_limit: 200, total_limit: 1000, page_size: 100, include_abstracts: true, include_plan: true },
  qiongli_literature_export_evidence: { query: 'q', results: records(1000), delivery: 'inline' },
  // The import files are at most 2 MiB together: 420 such records come near it.
  qiongli_zotero_export_import_files: { records: records(420), delivery: 'inline' },
  qiongli_literature_references: { work: '10.9999/seed', limit: 200, include_abstracts: true },
  qiongli_literature_citations: { work: '10.9999/seed', limit: 200, include_abstracts: true },
  qiongli_literature_read_fulltext: { work: 'PMCID:PMC1', max_chars: 64_000 },
  qiongli_literature_check_references: { references: bibliography(200), page_size: 100 },
};

/** What one call answered: its text content, whether it was an error, how long it took. */
export interface Answer {
  readonly text: string;
  readonly isError: boolean;
  readonly ms: number;
}

/**
 * One connection (2025-11-25) of `profile` with every group granted, its outside ports on hostile data (test/support/hostile-world.ts).
 *
 * @public bench/suites/context-budget.mjs loads it from dist/test/support/, by a path knip cannot follow.
 */
export function toolSession(profile: Profile): { call(name: string, args: Record<string, unknown>): Promise<Answer> } {
  const container = createContainer(profile, { ...hostileWorld(), grants: new Set(ALL_CAPABILITY_GROUPS) });
  const transport = new FakeTransport();
  mcpConnection(container, transport, { finished: () => undefined, failed: () => undefined }).start();
  transport.receive(initialize(0, '2025-11-25'));
  let id = 0;
  return {
    async call(name, args) {
      const current = ++id;
      const start = performance.now();
      transport.receive(request(current, 'tools/call', { name, arguments: args }));
      while (!transport.sent.some((frame) => frame.payload.startsWith(`{"jsonrpc":"2.0","id":${current},`)))
        await new Promise((resolve) => setImmediate(resolve));
      const ms = performance.now() - start;
      const { result, error } = transport.responseTo(current);
      assert.ok(result, `${name}: ${JSON.stringify(error)}`);
      return { text: result.content[0].text as string, isError: result.isError === true, ms };
    },
  };
}

/** Each call's answer, one after the other over one {@link toolSession}. */
export async function answersOf(profile: Profile, calls: readonly (readonly [string, Record<string, unknown>])[]): Promise<Answer[]> {
  const session = toolSession(profile);
  const answers: Answer[] = [];
  for (const [name, args] of calls) answers.push(await session.call(name, args));
  return answers;
}
