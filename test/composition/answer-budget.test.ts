import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createContainer, type Profile } from '../../src/composition/create-container.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';
import { LITE_TOOLS } from '../../src/composition/profiles/lite.js';
import { STANDARD_TOOLS } from '../../src/composition/profiles/standard.js';
import { ALL_CAPABILITY_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { ANSWER_CHARACTERS } from '../../src/domain/shared/answer-budget.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { initialize, request } from '../support/messages.js';
import { hostileRecord, hostileWorld } from '../support/hostile-world.js';

/**
 * SPEC §13, item 1 of issue 26: every tool of both profiles — taken from the profile lists, so a
 * tool added to a profile is driven here too — answers with default arguments in under 40,000
 * characters of text content and with its maximum arguments in under 100,000, over hostile
 * provider data (test/support/hostile-world.ts), without the result path's last resort
 * (`answer-too-large`) having to step in.
 */
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

/** Arguments with no optional one set: the call a model makes first. */
const DEFAULTS: Record<string, Record<string, unknown>> = {
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
};

/** Every count and length at its bound. */
const MAXIMUM: Record<string, Record<string, unknown>> = {
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
};

/** The text content of each call's answer, over one connection of `profile` with every group granted. */
async function answers(profile: Profile, calls: readonly [string, Record<string, unknown>][]): Promise<{ text: string; isError: boolean }[]> {
  const container = createContainer(profile, { ...hostileWorld(), grants: new Set(ALL_CAPABILITY_GROUPS) });
  const transport = new FakeTransport();
  mcpConnection(container, transport, { finished: () => undefined, failed: () => undefined }).start();
  transport.receive(initialize(0, '2025-11-25'));
  calls.forEach(([name, args], index) => transport.receive(request(index + 1, 'tools/call', { name, arguments: args })));
  const ids = calls.map((_, index) => index + 1);
  for (let wait = 0; ids.some((id) => !transport.sent.some((frame) => frame.payload.startsWith(`{"jsonrpc":"2.0","id":${id},`))); wait++) {
    assert.ok(wait < 3000, 'every call answered');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return ids.map((id, index) => {
    const { result, error } = transport.responseTo(id);
    assert.ok(result, `${calls[index]![0]}: ${JSON.stringify(error)}`);
    return { text: result.content[0].text as string, isError: result.isError === true };
  });
}

/** Lite's configuration tools refuse every call, by design. */
const ALWAYS_REFUSED: Readonly<Record<Profile, readonly string[]>> = {
  lite: ['qiongli_save_provider_config', 'qiongli_configure_provider', 'qiongli_open_config_wizard'],
  standard: [],
};

describe('every answer fits a model context (SPEC §13; docs/tools.md#answers-that-fit-a-models-context)', { timeout: 300_000 }, () => {
  for (const [profile, slices] of [
    ['lite', LITE_TOOLS],
    ['standard', STANDARD_TOOLS],
  ] as const) {
    const names = slices.map((slice) => slice.entry.name);
    for (const [kind, table, bound] of [
      ['default arguments', DEFAULTS, ANSWER_CHARACTERS.default],
      ['maximum arguments', { ...DEFAULTS, ...MAXIMUM }, ANSWER_CHARACTERS.widened],
    ] as const) {
      it(`${profile}: every tool's answer with ${kind} is under ${bound.toLocaleString('en-US')} characters, the last resort never needed`, async (t) => {
        const calls = names.map((name): [string, Record<string, unknown>] => [name, table[name] ?? {}]);
        const seen = await answers(profile, calls);
        const sizes = calls.map(([name], index) => `${name} ${seen[index]!.text.length}`);
        t.diagnostic(sizes.join(', '));
        calls.forEach(([name], index) => {
          const { text, isError } = seen[index]!;
          assert.ok(text.length < bound, `${name}: ${text.length} characters`);
          assert.doesNotMatch(text, /answer-too-large/u, name);
          if (isError && !ALWAYS_REFUSED[profile].includes(name) && name in table) assert.fail(`${name}: ${text.slice(0, 300)}`);
        });
      });
    }
  }

  it('measures what it claims: the hostile exports are larger than any budget as files', () => {
    const evidence = JSON.stringify(DEFAULTS['qiongli_literature_export_evidence']).length;
    assert.ok(evidence > ANSWER_CHARACTERS.widened, `${evidence}`);
  });
});
