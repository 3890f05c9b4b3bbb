import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  LITERATURE_SEARCH_MESSAGES as M,
  literatureSearchInput,
  literatureSearchMessagePrecedence,
} from '../../../src/domain/literature-search/literature-search-input.js';
import { resolveSearchSteering } from '../../../src/domain/literature-search/search-steering.js';
import { YEAR_ORDER_MESSAGE } from '../../../src/domain/search-plan/search-plan-request.js';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';
import { searchPlanInput } from '../../../src/domain/search-plan/search-plan.js';
import { searchArgs } from './search-harness.js';

const messageFor = (args: unknown): string | undefined => {
  const outcome = parseArguments(literatureSearchInput(), args, literatureSearchMessagePrecedence);
  return outcome.ok ? undefined : outcome.error.message;
};

/** The invalid-arguments message of the use case's own checks, or undefined when they pass. */
const steeringMessage = (args: Record<string, unknown>): string | undefined => {
  const outcome = resolveSearchSteering(searchArgs({ query: 'q', ...args }));
  return outcome.ok ? undefined : outcome.error.message;
};

describe('steering arguments of the literature search (docs/tools.md#7-qiongli_literature_search)', () => {
  const cases: [string, unknown, string][] = [
    ['a fractional from_year', { query: 'q', from_year: 2020.5 }, M.fromYearFormat],
    ['a three-digit string from_year', { query: 'q', from_year: '999' }, M.fromYearFormat],
    ['a from_year string with spaces', { query: 'q', from_year: ' 2020' }, M.fromYearFormat],
    ['a boolean from_year', { query: 'q', from_year: true }, M.fromYearFormat],
    ['a from_year of 999', { query: 'q', from_year: 999 }, M.fromYearRange],
    ['a from_year of 10000', { query: 'q', from_year: 10000 }, M.fromYearRange],
    ['a to_year of "0999"', { query: 'q', to_year: '0999' }, M.toYearRange],
    ['a to_year that is an object', { query: 'q', to_year: { year: 2020 } }, M.toYearFormat],
    ['a venue_filter that is not a string', { query: 'q', venue_filter: 7 }, M.venueType],
    ['a venue_filter over 256 characters', { query: 'q', venue_filter: '期'.repeat(257) }, M.venueTooLong],
    ['an include_abstracts that is a string', { query: 'q', include_abstracts: 'true' }, M.includeAbstracts],
    ['an unknown sort', { query: 'q', sort: 'oldest' }, M.sort],
    ['a sort that is not a string', { query: 'q', sort: 1 }, M.sort],
    ['the camelCase fromYear', { query: 'q', fromYear: 2020 }, M.unsupported],
    ['the camelCase venueFilter', { query: 'q', venueFilter: 'x' }, M.unsupported],
    ['the camelCase includeAbstracts', { query: 'q', includeAbstracts: true }, M.unsupported],
  ];
  for (const [what, args, message] of cases) {
    it(`refuses ${what} with "${message}"`, () => {
      assert.equal(messageFor(args), message);
    });
  }

  it('uses the year messages of qiongli_search_plan, word for word', () => {
    const planMessage = (args: Record<string, unknown>) => {
      const outcome = parseArguments(searchPlanInput(), { query: 'q', ...args });
      return outcome.ok ? undefined : outcome.error.message;
    };
    for (const args of [{ from_year: 999 }, { from_year: 'x' }, { to_year: 10000 }, { to_year: 1.5 }]) {
      assert.equal(messageFor({ query: 'q', ...args }), planMessage(args), JSON.stringify(args));
    }
    assert.equal(M.yearOrder, YEAR_ORDER_MESSAGE);
  });

  it('accepts years as integers or four-digit strings at both bounds, 256 venue characters and every mode and sort', () => {
    for (const args of [
      { from_year: 1000, to_year: '9999' },
      { from_year: '2020', to_year: 2020 },
      { venue_filter: '期'.repeat(256) },
      { venue_filter: '   ' },
      { include_abstracts: false, sort: 'relevance' },
      { sort: 'newest' },
      { sort: 'most_cited' },
      { search_mode: 'title' },
      { search_mode: 'doi', query: '10.1/x' },
    ]) {
      assert.equal(messageFor({ query: 'q', ...args }), undefined, JSON.stringify(args));
    }
  });

  it('refuses reversed years in the use case, after every schema check', () => {
    assert.equal(steeringMessage({ from_year: 2021, to_year: '2020' }), M.yearOrder);
    assert.equal(steeringMessage({ from_year: '2020', to_year: 2020 }), undefined);
    assert.equal(messageFor({ query: 'q', from_year: 2021, to_year: 2020, sort: 'x' }), M.sort);
  });

  it('needs one DOI in doi mode: 10., a slash, no whitespace, after trimming, lowercasing and one doi.org or doi: prefix', () => {
    for (const query of ['10.1000/XYZ', ' https://doi.org/10.1000/xyz ', 'doi:10.1000/xyz', 'http://doi.org/10.1000/xyz']) {
      const outcome = resolveSearchSteering(searchArgs({ query, search_mode: 'doi' }));
      assert.ok(outcome.ok, query);
      assert.equal(outcome.value.query, '10.1000/xyz');
      assert.deepEqual(outcome.value.request, { searchBy: 'doi' });
    }
    for (const query of ['large language models', '10.1000', '11.1000/x', '10./x', '10.1/x 10.2/y', 'https://doi.org/', 'https://dx.doi.org/10.1/x']) {
      assert.equal(steeringMessage({ query, search_mode: 'doi' }), M.doiQuery, query);
    }
  });

  it('never echoes input in a message', () => {
    const canary = 'CANARY-steering-7741';
    for (const args of [
      { query: 'q', from_year: canary },
      { query: 'q', to_year: canary },
      { query: 'q', venue_filter: canary.repeat(40) },
      { query: 'q', include_abstracts: canary },
      { query: 'q', sort: canary },
      { query: 'q', search_mode: canary },
    ]) {
      const message = messageFor(args);
      assert.ok(message !== undefined && !message.includes(canary), JSON.stringify(args).slice(0, 60));
    }
    const doiMessage = steeringMessage({ query: canary, search_mode: 'doi' });
    assert.ok(doiMessage !== undefined && !doiMessage.includes(canary));
  });

  it('resolves the defaults to a plain topic search that sends no steering field', () => {
    const outcome = resolveSearchSteering(searchArgs({ query: '  governance  ' }));
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.value, {
      query: 'governance',
      searchBy: 'topic',
      request: {},
      results: { includeAbstracts: false, sort: 'relevance' },
    });
  });

  it('resolves title mode, one-sided years, a trimmed venue and abstracts', () => {
    const outcome = resolveSearchSteering(
      searchArgs({ query: 'q', search_mode: 'title', to_year: '2019', venue_filter: '  Nature  ', include_abstracts: true, sort: 'newest' }),
    );
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.value.request, { searchBy: 'title', years: { to: 2019 }, includeAbstracts: true });
    assert.deepEqual(outcome.value.results, { includeAbstracts: true, years: { to: 2019 }, venue: 'Nature', sort: 'newest' });
  });

  it('treats a blank venue_filter as absent', () => {
    const outcome = resolveSearchSteering(searchArgs({ query: 'q', venue_filter: ' \t ' }));
    assert.ok(outcome.ok);
    assert.equal(outcome.value.results.venue, undefined);
  });

  it('describes every new argument in the input schema, none required', () => {
    const input = z.toJSONSchema(literatureSearchInput(), { io: 'input' }) as {
      properties: Record<string, { description?: string; enum?: string[]; maxLength?: number }>;
      required: string[];
    };
    for (const name of ['from_year', 'to_year', 'venue_filter', 'include_abstracts', 'sort', 'search_mode']) {
      assert.ok((input.properties[name]?.description ?? '').length > 40, `${name} has a description a model can act on`);
    }
    assert.deepEqual(input.required, ['query']);
    assert.deepEqual(input.properties['sort']?.enum, ['relevance', 'newest', 'most_cited']);
    assert.deepEqual(input.properties['search_mode']?.enum, ['auto', 'topic', 'title', 'doi', 'review', 'systematic_review']);
    assert.equal(input.properties['venue_filter']?.maxLength, 256);
  });

  it('accepts every mode the search plan tool accepts, so a plan mode is always a search mode', () => {
    const plan = z.toJSONSchema(searchPlanInput(), { io: 'input' }) as { properties: Record<string, { enum?: string[] }> };
    const search = z.toJSONSchema(literatureSearchInput(), { io: 'input' }) as { properties: Record<string, { enum?: string[] }> };
    assert.deepEqual(search.properties['search_mode']?.enum, plan.properties['search_mode']?.enum);
  });
});
