import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSearchPlan, PLAN_PROVIDER_ORDER, searchPlanOutput, type SearchPlan } from '../../../src/domain/search-plan/search-plan.js';
import { redactCredentials } from '../../../src/domain/shared/redaction.js';
import { planOf, THREE_READY } from './plan-call.js';

const SUFFIX = '(PDF OR "full text" OR preprint OR "author manuscript" OR repository OR PMC OR arXiv)';
const MERGE_STEP = {
  actor: 'agent',
  action: 'merge/dedupe/search_log',
  inputs: ['provider_queries', 'native_search_queries', 'native_fulltext_candidates', 'user_corpus'],
};
const actions = (plan: SearchPlan) => plan.execution_sequence.map((step) => step.action);

describe('search plan building (docs/tools.md#6-qiongli_search_plan)', () => {
  it('GOLDEN: plans a hybrid review search for Claude Code across Semantic Scholar, OpenAlex and arXiv', () => {
    const plan = planOf(
      {
        query: 'AI feedback in education',
        queryVariants: ['algorithmic feedback in classrooms'],
        platform: 'Claude-Code__',
        nativeSearchAvailable: true,
        nativeSearchTools: ['CLAUDE--web  search_'],
        fromYear: '2020',
        toYear: 2026,
        searchMode: 'review',
      },
      { status: 'available', settings: THREE_READY },
      true,
    );
    const filters = { fromYear: 2020, from_year: 2020, search_mode: 'review', toYear: 2026, to_year: 2026 };
    const entries = [
      { query_id: 'Q1', query: 'AI feedback in education', source: 'primary' },
      { query_id: 'Q2', query: 'algorithmic feedback in classrooms', source: 'variant' },
    ];
    assert.equal(plan.artifact_type, 'qiongli_hybrid_search_plan');
    assert.equal(plan.query, 'AI feedback in education');
    assert.equal(plan.search_mode, 'review');
    assert.equal(plan.platform, 'claude_code');
    assert.equal(plan.native_search_available, true);
    assert.deepEqual(plan.native_search_tools, ['claude_web_search']);
    assert.equal(plan.search_execution_mode, 'hybrid_search');
    assert.equal(plan.provider_capability_mode, 'provider_connected');
    assert.deepEqual(plan.query_entries, entries);
    assert.deepEqual(plan.filters, filters);
    assert.deepEqual(
      plan.provider_queries,
      ['semantic_scholar', 'openalex', 'arxiv'].map((provider) => ({ provider, query_ids: ['Q1', 'Q2'] })),
    );
    assert.deepEqual(plan.native_search_queries, [{ tool: 'claude_web_search', query_ids: ['Q1', 'Q2'] }]);
    assert.deepEqual(plan.native_fulltext_queries, [
      { tool: 'claude_web_search', query_ids: ['Q1', 'Q2'], purpose: 'fulltext_candidate_discovery', candidate_status: 'candidate_only' },
    ]);
    assert.equal(plan.native_fulltext_query_suffix, SUFFIX);
    assert.deepEqual(plan.native_fulltext_expected_fields, [
      'query_id',
      'source_agent',
      'url',
      'title',
      'doi',
      'access_type',
      'snippet',
      'candidate_status',
      'retrieved_at',
    ]);
    assert.deepEqual(plan.provenance_labels, {
      provider: ['mcp:semantic_scholar', 'mcp:openalex', 'mcp:arxiv'],
      native: ['native:claude_web_search'],
      user_corpus: ['user_corpus'],
    });
    assert.deepEqual(plan.execution_sequence, [
      { actor: 'agent', action: 'call qiongli_literature_status', tool: 'qiongli_literature_status' },
      { actor: 'agent', action: 'call qiongli_search_plan', tool: 'qiongli_search_plan' },
      { actor: 'agent', action: 'call qiongli_literature_search', tool: 'qiongli_literature_search', queries: 'provider_queries' },
      { actor: 'agent', action: 'execute platform-native search', queries: 'native_search_queries' },
      { actor: 'agent', action: 'execute platform-native full-text candidate search', queries: 'native_fulltext_queries' },
      MERGE_STEP,
    ]);
    assert.deepEqual(plan.limitations, []);
    assert.ok(searchPlanOutput().safeParse(plan).success);
  });

  it('writes filter keys in sorted order, years as integers under both spellings', () => {
    const plan = planOf({
      query: 'q',
      include_working_papers: true,
      from_year: '1999',
      to_year: 2005,
      venue_filter: '  Computers & Education ',
      document_types: [' journal-article ', 'conference-paper'],
      search_mode: 'systematic_review',
    });
    const filters = plan.filters;
    assert.deepEqual(Object.keys(filters ?? {}), [
      'document_types',
      'fromYear',
      'from_year',
      'include_working_papers',
      'search_mode',
      'toYear',
      'to_year',
      'venue_filter',
    ]);
    assert.deepEqual(filters, {
      document_types: ['journal-article', 'conference-paper'],
      fromYear: 1999,
      from_year: 1999,
      include_working_papers: true,
      search_mode: 'systematic_review',
      toYear: 2005,
      to_year: 2005,
      venue_filter: 'Computers & Education',
    });
  });

  it('keeps only search_mode in the filters when nothing else is given; include_working_papers false is kept', () => {
    assert.deepEqual(planOf({ query: 'q' }).filters, { search_mode: 'topic' });
    assert.deepEqual(planOf({ query: 'q', includeWorkingPapers: false, document_types: [] }).filters, {
      include_working_papers: false,
      search_mode: 'topic',
    });
  });

  it('numbers query entries Q1, Q2… and drops variants repeating an earlier entry ignoring case', () => {
    const plan = planOf({ query: ' Peer Feedback ', query_variants: ['peer feedback', ' Peer review ', 'self assessment'] });
    assert.deepEqual(
      plan.query_entries.map((q) => [q.query_id, q.query, q.source]),
      [
        ['Q1', 'Peer Feedback', 'primary'],
        ['Q2', 'Peer review', 'variant'],
        ['Q3', 'self assessment', 'variant'],
      ],
    );
  });

  it('routes provider queries to ready providers in plan order whatever order they are given in', () => {
    const plan = buildSearchPlan({ query: 'q', searchMode: 'topic' }, ['arxiv', 'pubmed', 'crossref', 'openalex', 'semantic_scholar', 'arxiv']);
    assert.deepEqual(
      plan.provider_queries.map((q) => q.provider),
      [...PLAN_PROVIDER_ORDER],
    );
    assert.deepEqual(PLAN_PROVIDER_ORDER, ['semantic_scholar', 'openalex', 'crossref', 'pubmed', 'arxiv']);
  });

  it('chooses the execution mode from provider readiness and native search', () => {
    const mode = (ready: boolean, native: boolean) =>
      buildSearchPlan({ query: 'q', searchMode: 'topic', nativeSearchAvailable: native }, ready ? ['arxiv'] : []);
    assert.equal(mode(true, true).search_execution_mode, 'hybrid_search');
    assert.equal(mode(true, false).search_execution_mode, 'provider_connected');
    assert.equal(mode(false, true).search_execution_mode, 'native_only');
    assert.equal(mode(false, false).search_execution_mode, 'strategy_only');
    assert.equal(mode(false, true).provider_capability_mode, 'strategy_only');
    assert.equal(mode(true, false).provider_capability_mode, 'provider_connected');
    for (const [ready, native] of [
      [true, false],
      [false, true],
      [false, false],
    ] as const) {
      assert.equal(mode(ready, native).limitations.length, 1, 'one limitation when something is missing');
    }
  });

  it('has no provider queries and no literature search step when no provider is ready', () => {
    const plan = buildSearchPlan({ query: 'q', searchMode: 'topic', nativeSearchAvailable: true, platform: 'codex' }, []);
    assert.deepEqual(plan.provider_queries, []);
    assert.deepEqual(plan.provenance_labels.provider, []);
    assert.deepEqual(actions(plan), [
      'call qiongli_literature_status',
      'call qiongli_search_plan',
      'execute platform-native search',
      'execute platform-native full-text candidate search',
      'merge/dedupe/search_log',
    ]);
  });

  it('defaults the native tool from the platform when native search is available and no tool is named', () => {
    const tools = (platform: string) => buildSearchPlan({ query: 'q', searchMode: 'topic', platform, nativeSearchAvailable: true }, []).native_search_tools;
    assert.deepEqual(tools('codex'), ['codex_web_search']);
    assert.deepEqual(tools('Claude'), ['claude_web_search']);
    assert.deepEqual(tools('Claude Code'), ['claude_web_search']);
    assert.deepEqual(tools('claudecode'), ['claude_web_search']);
    assert.deepEqual(tools('antigravity'), ['antigravity_search']);
    assert.deepEqual(tools('cursor'), ['platform_native_search']);
    assert.deepEqual(planOf({ query: 'q', native_search_available: true }).native_search_tools, ['platform_native_search']);
    assert.deepEqual(planOf({ query: 'q', native_search_available: true, native_search_tools: [] }).native_search_tools, ['platform_native_search']);
  });

  it('has an empty tool list, no native queries and no native steps when native search is not available', () => {
    const plan = planOf({ query: 'q', platform: 'codex', native_search_tools: ['web_search'] });
    assert.equal(plan.native_search_available, false);
    assert.deepEqual(plan.native_search_tools, []);
    assert.deepEqual(plan.native_search_queries, []);
    assert.deepEqual(plan.native_fulltext_queries, []);
    assert.deepEqual(plan.provenance_labels.native, []);
    assert.deepEqual(actions(plan), [
      'call qiongli_literature_status',
      'call qiongli_search_plan',
      'call qiongli_literature_search',
      'merge/dedupe/search_log',
    ]);
  });

  it('gives each native tool every query entry, by id, in the order the tools were given', () => {
    const plan = planOf({ query: 'q', query_variants: ['r'], native_search_available: true, native_search_tools: ['B tool', 'a-tool'] });
    assert.deepEqual(
      plan.native_search_queries.map((q) => `${q.tool}/${q.query_ids.join('+')}`),
      ['b_tool/Q1+Q2', 'a_tool/Q1+Q2'],
    );
    assert.deepEqual(
      plan.native_fulltext_queries.map((q) => `${q.tool}/${q.query_ids.join('+')}`),
      ['b_tool/Q1+Q2', 'a_tool/Q1+Q2'],
    );
  });

  it('grows with the sum of its arguments, not their product: 16 variants and 8 tools at their bounds stay under 100,000 characters', () => {
    const long = (seed: string) => `${seed.repeat(4096).slice(0, 4095)}x`;
    const variants = Array.from({ length: 16 }, (_, index) => long(`variant ${index} `));
    const tools = Array.from({ length: 8 }, (_, index) => `${'t'.repeat(250)}_${index}`);
    const documentTypes = Array.from({ length: 32 }, (_, index) => `${'d'.repeat(250)}-${index}`);
    const plan = planOf({
      query: long('primary '),
      query_variants: variants,
      native_search_available: true,
      native_search_tools: tools,
      document_types: documentTypes,
      venue_filter: 'v'.repeat(256),
      from_year: 2000,
      to_year: 2020,
      include_working_papers: true,
    });
    const size = JSON.stringify(plan).length;
    // The query texts alone are 17 × 4096 = 69,632 characters: each is written once.
    const queryText = plan.query_entries.reduce((sum, entry) => sum + entry.query.length, 0);
    assert.equal(queryText, 17 * 4096);
    assert.ok(size < 100_000, `${size} characters`);
    assert.ok(size - queryText - plan.query.length < 30_000, `${size - queryText} characters besides the query texts`);
  });

  it('always ends with the merge step naming the four record sources, even with nothing to run', () => {
    const plan = buildSearchPlan({ query: 'q', searchMode: 'topic' }, []);
    assert.deepEqual(plan.execution_sequence.at(-1), MERGE_STEP);
    assert.deepEqual(actions(plan), ['call qiongli_literature_status', 'call qiongli_search_plan', 'merge/dedupe/search_log']);
    assert.equal(plan.search_execution_mode, 'strategy_only');
  });

  it('states the three rules and the merge keys in its fixed texts', () => {
    const plan = buildSearchPlan({ query: 'q', searchMode: 'topic' }, []);
    assert.deepEqual(plan.merge_policy.dedupe_keys, ['doi', 'title', 'year', 'provider_record_id', 'native_url']);
    const instructions = plan.agent_instructions.join(' ');
    assert.match(instructions, /not provider records/);
    assert.match(instructions, /never merge those labels/);
    assert.match(instructions, /candidate_only until a retrieval manifest/);
    assert.match(plan.merge_policy.fulltext_candidate_records, /candidate_only until a retrieval manifest/);
    assert.deepEqual(plan.native_fulltext_candidate_schema.status_values, ['candidate_only']);
    assert.equal(plan.native_fulltext_candidate_schema.artifact_type, 'qiongli_native_fulltext_candidate_schema');
  });

  it('serves literature search: query and mode only, platform unknown, native search off (docs/providers.md#how-a-search-runs step 8)', () => {
    for (const searchMode of ['auto', 'topic', 'review', 'systematic_review'] as const) {
      const plan = buildSearchPlan({ query: '  graph neural networks ', searchMode }, ['crossref', 'arxiv']);
      assert.equal(plan.query, 'graph neural networks');
      assert.equal(plan.search_mode, searchMode);
      assert.equal(plan.platform, 'unknown');
      assert.equal(plan.native_search_available, false);
      assert.equal(plan.search_execution_mode, 'provider_connected');
      assert.deepEqual(
        plan.provider_queries.map((q) => q.provider),
        ['crossref', 'arxiv'],
      );
      assert.deepEqual(plan.filters, { search_mode: searchMode });
      assert.ok(searchPlanOutput().safeParse(plan).success);
    }
  });

  it('is deterministic and hands out fresh objects: a caller cannot alter the next plan', () => {
    const first = buildSearchPlan({ query: 'q', searchMode: 'topic' }, ['arxiv']);
    assert.deepEqual(buildSearchPlan({ query: 'q', searchMode: 'topic' }, ['arxiv']), first);
    (first.agent_instructions as string[]).push('tampered');
    first.merge_policy.dedupe_keys.push('tampered');
    first.native_fulltext_candidate_schema.required.push('tampered');
    const second = buildSearchPlan({ query: 'q', searchMode: 'topic' }, ['arxiv']);
    assert.ok(!JSON.stringify(second).includes('tampered'));
  });

  it('loses nothing to credential redaction (docs/tools.md#redaction)', () => {
    const plan = buildSearchPlan(
      { query: 'q', searchMode: 'review', nativeSearchAvailable: true, fromYear: 2000, toYear: 2001, documentTypes: ['x'], venueFilter: 'v' },
      ['arxiv', 'crossref'],
    );
    assert.deepEqual(redactCredentials(plan), plan);
  });
});
