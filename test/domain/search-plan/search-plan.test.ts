import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { searchPlanInput, searchPlanOutput } from '../../../src/domain/search-plan/search-plan.js';
import { onlyEnabled, settingsWith } from '../../fakes/config-source.fake.js';
import { callSearchPlan, invalid, planOf, THREE_READY } from './plan-call.js';
import { assertClosedJsonSchema, propertyOf } from './schema-assertions.js';

const CONFIG_UNAVAILABLE = {
  ok: false,
  error: {
    kind: 'tool_error',
    reasonCode: 'native-config-unavailable',
    message:
      "native provider configuration is unavailable: settings.json is not valid JSON (a comment or a trailing comma makes it invalid). Run 'qiongli config check' in a terminal to see what to fix.",
  },
};

describe('search plan use case (docs/tools.md#6-qiongli_search_plan)', () => {
  it('answers native-config-unavailable when the settings are unavailable', () => {
    assert.deepEqual(callSearchPlan({ query: 'q' }, { status: 'unavailable', rule: 'not-json' }), CONFIG_UNAVAILABLE);
  });

  it('checks arguments before configuration, as upstream does', () => {
    assert.deepEqual(callSearchPlan({}, { status: 'unavailable', rule: 'not-json' }), invalid('Missing query'));
    assert.deepEqual(
      callSearchPlan({ query: 'q', from_year: 2001, to_year: 2000 }, { status: 'unavailable', rule: 'not-json' }),
      invalid('from_year must be less than or equal to to_year'),
    );
  });

  it('routes to the providers ready under the settings and the secret store (docs/providers.md#providers-and-readiness)', () => {
    const noStore = planOf({ query: 'q' }, { status: 'available', settings: THREE_READY }, false);
    assert.deepEqual(
      noStore.provider_queries.map((q) => q.provider),
      ['semantic_scholar', 'openalex', 'arxiv'],
      'searched keyless without a store',
    );
    const withStore = planOf({ query: 'q' }, { status: 'available', settings: THREE_READY }, true);
    assert.deepEqual(
      withStore.provider_queries.map((q) => q.provider),
      ['semantic_scholar', 'openalex', 'arxiv'],
    );
    const defaults = planOf({ query: 'q' }, { status: 'available', settings: settingsWith({ crossref: { enabled: false } }) });
    assert.deepEqual(
      defaults.provider_queries.map((q) => q.provider),
      ['semantic_scholar', 'openalex', 'pubmed', 'arxiv'],
    );
  });

  it('plans a strategy only when nothing is ready and native search is off', () => {
    const plan = planOf({ query: 'q' }, { status: 'available', settings: onlyEnabled({}) });
    assert.equal(plan.search_execution_mode, 'strategy_only');
    assert.equal(plan.provider_capability_mode, 'strategy_only');
    assert.deepEqual(plan.provider_queries, []);
  });

  it('normalises the platform and defaults it to unknown', () => {
    assert.equal(planOf({ query: 'q', platform: 'Claude Code' }).platform, 'claude_code');
    assert.equal(planOf({ query: 'q', platform: '  Claude-Code__ ' }).platform, 'claude_code');
    assert.equal(planOf({ query: 'q' }).platform, 'unknown');
  });

  it('every plan validates against the output schema', () => {
    for (const args of [
      { query: 'q' },
      { query: 'q', native_search_available: true, query_variants: ['r', 's'], document_types: ['a'], venue_filter: 'v', include_working_papers: true },
    ]) {
      assert.ok(searchPlanOutput().safeParse(planOf(args, { status: 'available', settings: THREE_READY }, true)).success);
    }
  });

  it('generates a closed input JSON Schema with every canonical name and alias, query required (docs/tools.md#the-twelve-tools)', () => {
    const input = assertClosedJsonSchema(searchPlanInput(), 'input');
    assert.deepEqual(input['required'], ['query']);
    assert.deepEqual(Object.keys(input['properties'] as object).sort(), [
      'cwd',
      'documentTypes',
      'document_types',
      'fromYear',
      'from_year',
      'includeWorkingPapers',
      'include_working_papers',
      'nativeSearchAvailable',
      'nativeSearchTools',
      'native_search_available',
      'native_search_tools',
      'native_search_usable',
      'platform',
      'query',
      'queryVariants',
      'query_variants',
      'searchMode',
      'search_mode',
      'toYear',
      'to_year',
      'venueFilter',
      'venue_filter',
    ]);
    assert.equal(propertyOf(input, 'fromYear')['deprecated'], true);
    assert.equal(propertyOf(input, 'from_year')['deprecated'], undefined);
    assert.deepEqual(propertyOf(input, 'search_mode')['enum'], ['auto', 'topic', 'title', 'doi', 'review', 'systematic_review']);
    assert.deepEqual(propertyOf(input, 'from_year')['anyOf'], [
      { type: 'integer', minimum: 1000, maximum: 9999 },
      { type: 'string', pattern: '^[0-9]{4}$' },
    ]);
    const platform = propertyOf(input, 'platform');
    assert.deepEqual([platform['minLength'], platform['maxLength'], typeof platform['pattern']], [1, 64, 'string']);
    const tools = propertyOf(input, 'native_search_tools');
    assert.equal(tools['maxItems'], 8);
    assert.equal((tools['items'] as Record<string, unknown>)['maxLength'], 256);
    assert.equal(propertyOf(input, 'query_variants')['maxItems'], 16);
    assert.equal(propertyOf(input, 'document_types')['maxItems'], 32);
    assert.equal(propertyOf(input, 'venue_filter')['maxLength'], 256);
    assert.equal(propertyOf(input, 'query')['maxLength'], 4096);
  });

  it('generates a closed output JSON Schema (docs/tools.md#the-twelve-tools)', () => {
    const output = assertClosedJsonSchema(searchPlanOutput(), 'output');
    assert.deepEqual(output['required'], [
      'artifact_type',
      'query',
      'search_mode',
      'platform',
      'native_search_available',
      'native_search_tools',
      'search_execution_mode',
      'provider_capability_mode',
      'query_entries',
      'filters',
      'provider_queries',
      'native_search_queries',
      'native_fulltext_queries',
      'native_fulltext_query_suffix',
      'native_fulltext_expected_fields',
      'native_fulltext_candidate_schema',
      'provenance_labels',
      'execution_sequence',
      'agent_instructions',
      'merge_policy',
      'limitations',
    ]);
  });
});
