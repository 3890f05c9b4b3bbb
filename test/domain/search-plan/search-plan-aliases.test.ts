import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SEARCH_PLAN_ALIASES } from '../../../src/domain/search-plan/search-plan.js';
import { callSearchPlan, invalid, planOf } from './plan-call.js';
import { THREE_READY } from './plan-call.js';

const Q = { query: 'peer feedback' };

/** A valid value for each canonical argument, usable under every name of its group. */
const SAMPLE: Record<keyof typeof SEARCH_PLAN_ALIASES, unknown> = {
  native_search_available: true,
  native_search_tools: ['web search'],
  query_variants: ['peer review'],
  include_working_papers: false,
  from_year: 2001,
  to_year: '2002',
  search_mode: 'review',
  venue_filter: 'Learning Analytics',
  document_types: ['journal-article'],
};

const groups = Object.entries(SEARCH_PLAN_ALIASES) as [keyof typeof SEARCH_PLAN_ALIASES, readonly string[]][];

describe('search plan aliases (docs/tools.md#6-qiongli_search_plan)', () => {
  it('has exactly the alias groups SPEC lists', () => {
    assert.deepEqual(SEARCH_PLAN_ALIASES, {
      native_search_available: ['native_search_usable', 'nativeSearchAvailable'],
      native_search_tools: ['nativeSearchTools'],
      query_variants: ['queryVariants'],
      include_working_papers: ['includeWorkingPapers'],
      from_year: ['fromYear'],
      to_year: ['toYear'],
      search_mode: ['searchMode'],
      venue_filter: ['venueFilter'],
      document_types: ['documentTypes'],
    });
  });

  for (const [canonical, aliases] of groups) {
    it(`refuses ${canonical} together with any alias, or two aliases, with "conflicting aliases for ${canonical}"`, () => {
      const names = [canonical, ...aliases];
      for (let i = 0; i < names.length; i++) {
        for (let j = i + 1; j < names.length; j++) {
          const args = { ...Q, [names[i] as string]: SAMPLE[canonical], [names[j] as string]: SAMPLE[canonical] };
          assert.deepEqual(callSearchPlan(args), invalid(`conflicting aliases for ${canonical}`), `${names[i]} + ${names[j]}`);
        }
      }
    });

    it(`gives the same plan for ${canonical} under each of its names`, () => {
      const expected = planOf({ ...Q, [canonical]: SAMPLE[canonical] }, { status: 'available', settings: THREE_READY }, true);
      for (const alias of aliases) {
        assert.deepEqual(planOf({ ...Q, [alias]: SAMPLE[canonical] }, { status: 'available', settings: THREE_READY }, true), expected, alias);
      }
    });
  }

  it('refuses all three names of native_search_available together, and even two equal values', () => {
    assert.deepEqual(
      callSearchPlan({ ...Q, native_search_available: true, native_search_usable: true, nativeSearchAvailable: true }),
      invalid('conflicting aliases for native_search_available'),
    );
    assert.deepEqual(callSearchPlan({ ...Q, fromYear: 2020, from_year: 2020 }), invalid('conflicting aliases for from_year'));
  });

  it('lets each group use a different spelling in one call', () => {
    const plan = planOf({ ...Q, nativeSearchAvailable: true, native_search_tools: ['x'], fromYear: 2010, to_year: 2011, searchMode: 'doi' });
    assert.deepEqual(plan.native_search_tools, ['x']);
    assert.equal(plan.search_mode, 'doi');
    assert.equal(plan.filters.to_year, 2011);
  });

  it('reports an alias conflict before the year order and before configuration is read', () => {
    assert.deepEqual(
      callSearchPlan({ ...Q, from_year: 2021, fromYear: 2021, to_year: 2020 }, { status: 'unavailable', rule: 'not-json' }),
      invalid('conflicting aliases for from_year'),
    );
  });
});
