import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { callSearchPlan, invalid, planOf } from './plan-call.js';

const Q = { query: 'peer feedback' };
const many = (count: number, make: (i: number) => string) => Array.from({ length: count }, (_, i) => make(i));

describe('search plan arguments: bounds and messages (docs/tools.md#6-qiongli_search_plan)', () => {
  it('requires a query: "Missing query", "query must be a string", "query must not be empty"', () => {
    assert.deepEqual(callSearchPlan({}), invalid('Missing query'));
    assert.deepEqual(callSearchPlan({ query: 3 }), invalid('query must be a string'));
    assert.deepEqual(callSearchPlan({ query: '' }), invalid('query must not be empty'));
    assert.deepEqual(callSearchPlan({ query: ' \n\t ' }), invalid('query must not be empty'));
  });

  it('accepts a query of 4096 characters and refuses 4097 with "query must be at most 4096 characters"', () => {
    assert.equal(planOf({ query: 'q'.repeat(4096) }).query.length, 4096);
    assert.deepEqual(callSearchPlan({ query: 'q'.repeat(4097) }), invalid('query must be at most 4096 characters'));
  });

  it('counts characters as code points: 4096 emoji fit, 4097 do not', () => {
    assert.ok(callSearchPlan({ query: '📚'.repeat(4096) }).ok);
    assert.deepEqual(callSearchPlan({ query: '📚'.repeat(4097) }), invalid('query must be at most 4096 characters'));
  });

  it('stores the query trimmed', () => {
    assert.equal(planOf({ query: '  peer feedback \n' }).query, 'peer feedback');
  });

  it('accepts cwd up to 4096 characters and ignores it; refuses blank, non-string and 4097', () => {
    assert.deepEqual(planOf({ ...Q, cwd: 'c'.repeat(4096) }), planOf(Q));
    assert.deepEqual(callSearchPlan({ ...Q, cwd: 'c'.repeat(4097) }), invalid('cwd must be at most 4096 characters'));
    assert.deepEqual(callSearchPlan({ ...Q, cwd: '  ' }), invalid('cwd must not be empty'));
    assert.deepEqual(callSearchPlan({ ...Q, cwd: false }), invalid('cwd must be a string'));
  });

  it('accepts a platform of 64 characters and refuses 65 with "platform must be at most 64 characters"', () => {
    assert.equal(planOf({ ...Q, platform: 'p'.repeat(64) }).platform, 'p'.repeat(64));
    assert.deepEqual(callSearchPlan({ ...Q, platform: 'p'.repeat(65) }), invalid('platform must be at most 64 characters'));
  });

  it('refuses a platform that is not a string, blank, or not an ASCII identifier', () => {
    assert.deepEqual(callSearchPlan({ ...Q, platform: 1 }), invalid('platform must be a string'));
    assert.deepEqual(callSearchPlan({ ...Q, platform: '' }), invalid('platform must not be empty'));
    assert.deepEqual(callSearchPlan({ ...Q, platform: '   ' }), invalid('platform must not be empty'));
    for (const platform of ['_claude', 'claude.code', 'Clàude', 'a\tb']) {
      assert.deepEqual(callSearchPlan({ ...Q, platform }), invalid('platform must be an ASCII identifier'), platform);
    }
  });

  it('refuses a non-boolean native_search_available or include_working_papers', () => {
    assert.deepEqual(callSearchPlan({ ...Q, native_search_available: 'yes' }), invalid('native_search_available must be a boolean'));
    assert.deepEqual(callSearchPlan({ ...Q, native_search_usable: 1 }), invalid('native_search_available must be a boolean'));
    assert.deepEqual(callSearchPlan({ ...Q, include_working_papers: null }), invalid('include_working_papers must be a boolean'));
  });

  it('accepts 8 native tools and refuses 9 with "native_search_tools must contain at most 8 items"', () => {
    assert.equal(planOf({ ...Q, native_search_available: true, native_search_tools: many(8, (i) => `t${i}`) }).native_search_tools.length, 8);
    assert.deepEqual(callSearchPlan({ ...Q, native_search_tools: many(9, (i) => `t${i}`) }), invalid('native_search_tools must contain at most 8 items'));
  });

  it('accepts native tool names of 256 characters and refuses 257', () => {
    assert.ok(callSearchPlan({ ...Q, native_search_tools: ['t'.repeat(256)] }).ok);
    assert.deepEqual(callSearchPlan({ ...Q, native_search_tools: ['t'.repeat(257)] }), invalid('native_search_tools items must be at most 256 characters'));
  });

  it('refuses native tools that are not an array of non-blank, valid, unique-after-normalisation names', () => {
    assert.deepEqual(callSearchPlan({ ...Q, native_search_tools: 'web' }), invalid('native_search_tools must be an array'));
    assert.deepEqual(callSearchPlan({ ...Q, native_search_tools: [1] }), invalid('native_search_tools must contain strings'));
    assert.deepEqual(callSearchPlan({ ...Q, native_search_tools: [' '] }), invalid('native_search_tools must not contain empty values'));
    assert.deepEqual(callSearchPlan({ ...Q, native_search_tools: ['-_-'] }), invalid('native_search_tools must contain valid identifiers'));
    assert.deepEqual(callSearchPlan({ ...Q, native_search_tools: ['Web Search', 'web--search_'] }), invalid('native_search_tools must contain unique values'));
  });

  it('accepts 16 query variants and refuses 17 with "query_variants must contain at most 16 items"', () => {
    assert.ok(callSearchPlan({ ...Q, query_variants: many(16, (i) => `v${i}`) }).ok);
    assert.deepEqual(callSearchPlan({ ...Q, query_variants: many(17, (i) => `v${i}`) }), invalid('query_variants must contain at most 16 items'));
  });

  it('accepts query variants of 4096 characters and refuses 4097', () => {
    assert.ok(callSearchPlan({ ...Q, query_variants: ['v'.repeat(4096)] }).ok);
    assert.deepEqual(callSearchPlan({ ...Q, query_variants: ['v'.repeat(4097)] }), invalid('query_variants items must be at most 4096 characters'));
  });

  it('refuses query variants that are not an array of non-blank strings unique after trim and lowercase', () => {
    assert.deepEqual(callSearchPlan({ ...Q, query_variants: { a: 1 } }), invalid('query_variants must be an array'));
    assert.deepEqual(callSearchPlan({ ...Q, query_variants: [null] }), invalid('query_variants must contain strings'));
    assert.deepEqual(callSearchPlan({ ...Q, query_variants: [''] }), invalid('query_variants must not contain empty values'));
    assert.deepEqual(callSearchPlan({ ...Q, query_variants: ['Peer Review', ' peer review '] }), invalid('query_variants must contain unique values'));
  });

  it('accepts 32 document types and refuses 33 with "document_types must contain at most 32 items"', () => {
    assert.ok(callSearchPlan({ ...Q, document_types: many(32, (i) => `d${i}`) }).ok);
    assert.deepEqual(callSearchPlan({ ...Q, document_types: many(33, (i) => `d${i}`) }), invalid('document_types must contain at most 32 items'));
  });

  it('accepts document types of 256 characters and refuses 257', () => {
    assert.ok(callSearchPlan({ ...Q, document_types: ['d'.repeat(256)] }).ok);
    assert.deepEqual(callSearchPlan({ ...Q, document_types: ['d'.repeat(257)] }), invalid('document_types items must be at most 256 characters'));
  });

  it('refuses document types that are not an array of non-blank strings unique after trim and lowercase', () => {
    assert.deepEqual(callSearchPlan({ ...Q, documentTypes: 'article' }), invalid('document_types must be an array'));
    assert.deepEqual(callSearchPlan({ ...Q, document_types: [true] }), invalid('document_types must contain strings'));
    assert.deepEqual(callSearchPlan({ ...Q, document_types: ['\t'] }), invalid('document_types must not contain empty values'));
    assert.deepEqual(callSearchPlan({ ...Q, document_types: ['Article', 'article '] }), invalid('document_types must contain unique values'));
  });

  it('accepts a venue filter of 256 characters and refuses 257; blank means absent', () => {
    assert.equal(planOf({ ...Q, venue_filter: 'v'.repeat(256) }).filters.venue_filter, 'v'.repeat(256));
    assert.deepEqual(callSearchPlan({ ...Q, venue_filter: 'v'.repeat(257) }), invalid('venue_filter must be at most 256 characters'));
    assert.deepEqual(callSearchPlan({ ...Q, venue_filter: 5 }), invalid('venue_filter must be a string'));
    assert.equal(planOf({ ...Q, venue_filter: '   ' }).filters.venue_filter, undefined);
  });

  it('accepts the six search modes and refuses others with "unsupported search_mode"', () => {
    for (const mode of ['auto', 'topic', 'title', 'doi', 'review', 'systematic_review']) {
      assert.equal(planOf({ ...Q, search_mode: mode }).search_mode, mode);
    }
    assert.equal(planOf(Q).search_mode, 'topic', 'default topic');
    assert.deepEqual(callSearchPlan({ ...Q, search_mode: 'Review' }), invalid('unsupported search_mode'));
    assert.deepEqual(callSearchPlan({ ...Q, searchMode: 'meta_analysis' }), invalid('unsupported search_mode'));
    assert.deepEqual(callSearchPlan({ ...Q, search_mode: 1 }), invalid('search_mode must be a string'));
  });

  it('accepts years 1000 and 9999 as integers or four-digit strings and refuses 999 and 10000', () => {
    for (const year of [1000, '1000', 9999, '9999']) {
      const filters = planOf({ ...Q, from_year: year, to_year: year }).filters;
      assert.equal(filters?.from_year, Number(year));
    }
    assert.deepEqual(callSearchPlan({ ...Q, from_year: 999 }), invalid('from_year must be between 1000 and 9999'));
    assert.deepEqual(callSearchPlan({ ...Q, from_year: '0999' }), invalid('from_year must be between 1000 and 9999'));
    assert.deepEqual(callSearchPlan({ ...Q, to_year: 10_000 }), invalid('to_year must be between 1000 and 9999'));
    assert.deepEqual(callSearchPlan({ ...Q, toYear: -2020 }), invalid('to_year must be between 1000 and 9999'));
  });

  it('refuses years that are neither integers nor exactly-four-digit strings with "<name> must be a four-digit year"', () => {
    for (const year of ['20', '20201', ' 2020', '2020 ', '２０２０', '+202', '2e03', 2020.5, true, null, [2020]]) {
      assert.deepEqual(callSearchPlan({ ...Q, from_year: year }), invalid('from_year must be a four-digit year'), String(year));
      assert.deepEqual(callSearchPlan({ ...Q, toYear: year }), invalid('to_year must be a four-digit year'), String(year));
    }
  });

  it('refuses from_year after to_year with "from_year must be less than or equal to to_year", in any spelling', () => {
    assert.deepEqual(callSearchPlan({ ...Q, from_year: 2021, to_year: 2020 }), invalid('from_year must be less than or equal to to_year'));
    assert.deepEqual(callSearchPlan({ ...Q, fromYear: '2021', to_year: 2020 }), invalid('from_year must be less than or equal to to_year'));
    assert.ok(callSearchPlan({ ...Q, fromYear: '2020', toYear: 2020 }).ok);
  });

  it('refuses an argument outside the allow-list with "Unsupported argument", before other checks', () => {
    assert.deepEqual(callSearchPlan({ ...Q, providers: ['arxiv'] }), invalid('Unsupported argument'));
    assert.deepEqual(callSearchPlan({ query: 5, native_search: true }), invalid('Unsupported argument'));
    assert.deepEqual(callSearchPlan({ ...Q, Query: 'x' }), invalid('Unsupported argument'));
  });
});
