import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  LITERATURE_SEARCH_MESSAGES as M,
  literatureSearchInput,
  literatureSearchMessagePrecedence,
  resolveSearchLimits,
} from '../../../src/domain/literature-search/literature-search-input.js';
import { literatureSearchOutput } from '../../../src/domain/literature-search/literature-search-output.js';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';
import { searchArgs } from './search-harness.js';

const messageFor = (args: unknown): string | undefined => {
  const outcome = parseArguments(literatureSearchInput(), args, literatureSearchMessagePrecedence);
  return outcome.ok ? undefined : outcome.error.message;
};

describe('literature search arguments (docs/tools.md#7-qiongli_literature_search)', () => {
  const cases: [string, unknown, string][] = [
    ['an unknown key', { query: 'q', cwd: '/tmp' }, M.unsupported],
    ['a missing query', {}, M.queryMissing],
    ['a query that is not a string', { query: 42 }, M.queryType],
    ['an empty query', { query: '' }, M.queryBlank],
    ['a blank query', { query: ' \t\n ' }, M.queryBlank],
    ['a query over 4096 bytes once trimmed', { query: '证'.repeat(1366) }, M.queryTooLong],
    ['an unknown search mode', { query: 'q', search_mode: 'fulltext' }, M.searchMode],
    ['providers that is not an array', { query: 'q', providers: 'arxiv' }, M.providersType],
    ['an empty providers list', { query: 'q', providers: [] }, M.providersEmpty],
    ['a provider alias such as s2', { query: 'q', providers: ['s2'] }, M.providerUnsupported],
    ['a non-string provider', { query: 'q', providers: [1] }, M.providerUnsupported],
    ['a repeated provider', { query: 'q', providers: ['arxiv', 'arxiv'] }, M.providersRepeated],
    ['more than five providers', { query: 'q', providers: ['arxiv', 'crossref', 'pubmed', 'openalex', 'arxiv', 'crossref'] }, M.providersRepeated],
    ['a per_provider_limit of 0', { query: 'q', per_provider_limit: 0 }, M.perProviderRange],
    ['a per_provider_limit of 201', { query: 'q', per_provider_limit: 201 }, M.perProviderRange],
    ['a fractional per_provider_limit', { query: 'q', per_provider_limit: 2.5 }, M.perProviderType],
    ['a string per_provider_limit', { query: 'q', per_provider_limit: '10' }, M.perProviderType],
    ['a limit (alias) of 0', { query: 'q', limit: 0 }, M.perProviderRange],
    ['a limit (alias) of 201', { query: 'q', limit: 201 }, M.perProviderRange],
    ['a string limit (alias)', { query: 'q', limit: '5' }, M.perProviderType],
    ['a total_limit of 0', { query: 'q', total_limit: 0 }, M.totalRange],
    ['a total_limit of 1001', { query: 'q', total_limit: 1001 }, M.totalRange],
    ['a fractional total_limit', { query: 'q', total_limit: 10.5 }, M.totalType],
    ['a boolean total_limit', { query: 'q', total_limit: true }, M.totalType],
    ['both limit and per_provider_limit', { query: 'q', limit: 10, per_provider_limit: 10 }, M.aliasConflict],
  ];
  for (const [what, args, message] of cases) {
    it(`refuses ${what} with "${message}"`, () => {
      assert.equal(messageFor(args), message);
    });
  }

  it('uses the SPEC message for the per-provider bound (docs/tools.md#results-and-errors)', () => {
    assert.equal(M.perProviderRange, 'per_provider_limit must be between 1 and 200');
    assert.equal(M.aliasConflict, 'conflicting aliases for per_provider_limit');
  });

  it('ranks the alias conflict before the bounds of either name', () => {
    assert.equal(messageFor({ query: 'q', limit: 0, per_provider_limit: 500 }), M.aliasConflict);
  });

  it('ranks an unsupported argument first', () => {
    assert.equal(messageFor({ cwd: 'x', limit: 1, per_provider_limit: 2 }), M.unsupported);
  });

  it('accepts the bounds inclusively and a 4096-byte query after trimming', () => {
    for (const args of [
      { query: `  ${'a'.repeat(4096)}  ` },
      { query: 'q', per_provider_limit: 1, total_limit: 1 },
      { query: 'q', limit: 200, total_limit: 1000 },
      { query: 'q', providers: ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'] },
    ]) {
      assert.equal(messageFor(args), undefined, JSON.stringify(args).slice(0, 60));
    }
  });

  it('never echoes input in a message', () => {
    const canary = 'CANARY-input-value';
    for (const args of [{ query: canary, search_mode: canary }, { query: canary, providers: [canary] }, { [canary]: 1 }]) {
      assert.ok(!messageFor(args)?.includes(canary));
    }
  });

  it('defaults search_mode to auto', () => {
    assert.equal(searchArgs({ query: 'q' }).search_mode, 'auto');
  });

  it('generates JSON Schemas without additional properties', () => {
    const input = z.toJSONSchema(literatureSearchInput(), { io: 'input' }) as Record<string, unknown>;
    const output = z.toJSONSchema(literatureSearchOutput(), { io: 'output' }) as Record<string, unknown>;
    assert.equal(input['type'], 'object');
    assert.equal(input['additionalProperties'], false);
    assert.deepEqual(input['required'], ['query']);
    assert.equal(output['additionalProperties'], false);
    const providers = (input['properties'] as Record<string, Record<string, unknown>>)['providers'];
    assert.equal(providers?.['uniqueItems'], true);
  });
});

describe('literature search limits (docs/tools.md#7-qiongli_literature_search)', () => {
  const limits = (args: Record<string, unknown>) => resolveSearchLimits(searchArgs({ query: 'q', ...args }));

  it('defaults to 25 per provider and 125 in total in the auto and topic modes', () => {
    assert.deepEqual(limits({}), { perProvider: 25, total: 125 });
    assert.deepEqual(limits({ search_mode: 'topic' }), { perProvider: 25, total: 125 });
  });

  it('defaults to 50 per provider and 250 in total in the review modes', () => {
    assert.deepEqual(limits({ search_mode: 'review' }), { perProvider: 50, total: 250 });
    assert.deepEqual(limits({ search_mode: 'systematic_review' }), { perProvider: 50, total: 250 });
  });

  it('caps the default total at 1000', () => {
    assert.deepEqual(limits({ per_provider_limit: 200 }), { perProvider: 200, total: 1000 });
    assert.deepEqual(limits({ per_provider_limit: 199 }), { perProvider: 199, total: 995 });
  });

  it('takes the legacy limit as the per-provider limit', () => {
    assert.deepEqual(limits({ limit: 7 }), { perProvider: 7, total: 35 });
  });

  it('keeps an explicit total_limit', () => {
    assert.deepEqual(limits({ per_provider_limit: 10, total_limit: 3 }), { perProvider: 10, total: 3 });
  });

  it('answers null when both names are given to a direct caller', () => {
    assert.equal(resolveSearchLimits({ query: 'q', search_mode: 'auto', limit: 1, per_provider_limit: 1 }), null);
  });
});

describe('literature search message precedence (stated once, by the order of the messages)', () => {
  it('ranks the allow-list, the alias conflict, then each argument in declaration order; the use case checks are not among them', () => {
    assert.deepEqual(literatureSearchMessagePrecedence, [
      'Unsupported argument',
      'conflicting aliases for per_provider_limit',
      'Missing query',
      'query must be a string',
      'query must not be empty',
      'query exceeds the byte limit',
      'unsupported search_mode',
      'providers must be an array of provider ids',
      'unsupported provider',
      'providers must not be empty',
      'providers must not repeat a provider',
      'per_provider_limit must be an integer',
      'per_provider_limit must be between 1 and 200',
      'total_limit must be an integer',
      'total_limit must be between 1 and 1000',
      'from_year must be a four-digit year',
      'from_year must be between 1000 and 9999',
      'to_year must be a four-digit year',
      'to_year must be between 1000 and 9999',
      'venue_filter must be a string',
      'venue_filter must be at most 256 characters',
      'include_abstracts must be a boolean',
      'unsupported sort',
      'page_size must be an integer',
      'page_size must be between 1 and 100',
      'cursor must be a string',
      'cursor must be at most 4096 characters',
      'include_plan must be a boolean',
    ]);
    assert.ok(!literatureSearchMessagePrecedence.includes(M.yearOrder));
    assert.ok(!literatureSearchMessagePrecedence.includes(M.invalidCursor));
    assert.ok(!literatureSearchMessagePrecedence.includes(M.doiQuery));
  });
});
