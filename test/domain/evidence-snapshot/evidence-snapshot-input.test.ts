import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  EVIDENCE_ALIAS_CONFLICT,
  EVIDENCE_ALIASES,
  EVIDENCE_FIELD_MESSAGES as M,
  evidenceMessagePrecedence,
  evidenceSnapshotInput,
} from '../../../src/domain/evidence-snapshot/evidence-snapshot-input.js';
import { exportEvidenceSnapshot } from '../../../src/domain/evidence-snapshot/evidence-snapshot.js';
import { ARGUMENT_BOUND_MESSAGES } from '../../../src/domain/shared/json-bounds.js';
import { parseArguments, UNSUPPORTED_ARGUMENT } from '../../../src/domain/shared/parse-arguments.js';
import { assertValidToolJsonSchema } from './json-schema-check.js';

const messageFor = (args: unknown): string | undefined => {
  const outcome = parseArguments(evidenceSnapshotInput(), args, evidenceMessagePrecedence);
  return outcome.ok ? undefined : outcome.error.message;
};

const MIB2 = 2 * 1024 * 1024;

/** `{diagnostics: {a: {a: … {}}}}` with `levels` containers in all, counting the argument object. */
const nestedArguments = (levels: number): Record<string, unknown> => {
  let inner: unknown = {};
  for (let i = 2; i < levels; i++) inner = { a: inner };
  return { diagnostics: inner };
};

/** Arguments of exactly `bytes` UTF-8 bytes when encoded: `{"query":"q","diagnostics":{"pad":"xxx…"}}`. */
const argumentsOfBytes = (bytes: number): Record<string, unknown> => {
  const overhead = JSON.stringify({ query: 'q', diagnostics: { pad: '' } }).length;
  return { query: 'q', diagnostics: { pad: 'x'.repeat(bytes - overhead) } };
};

describe('evidence snapshot arguments (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
  it('accepts no arguments at all, since every field is optional (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    assert.equal(messageFor({}), undefined);
  });

  const cases: [string, unknown, string][] = [
    ['an unknown key', { query: 'q', path: '/tmp' }, UNSUPPORTED_ARGUMENT],
    ['a cwd that is not a string', { cwd: 3 }, M.cwdType],
    ['a cwd over 4096 characters', { cwd: 'a'.repeat(4097) }, M.cwdTooLong],
    ['a query that is not a string', { query: ['q'] }, M.queryType],
    ['a query over 4096 bytes', { query: 'é'.repeat(2049) }, M.queryTooLong],
    ['a provider_status that is an array', { provider_status: [] }, M.providerStatus],
    ['a provider_status that is a string', { provider_status: 'ok' }, M.providerStatus],
    ['a search_plan that is null', { search_plan: null }, M.searchPlan],
    ['a query_plan that is a number', { query_plan: 1 }, M.queryPlan],
    ['results that is an object', { results: {} }, M.results],
    ['results holding a string', { results: ['x'] }, M.results],
    ['results holding an array', { results: [[]] }, M.results],
    ['results over 1000 items', { results: new Array(1001).fill({}) }, M.resultsTooMany],
    ['search_results that is a string', { search_results: 'x' }, M.searchResults],
    ['search_results holding null', { search_results: [null] }, M.searchResults],
    ['search_results over 1000 items', { search_results: new Array(1001).fill({}) }, M.searchResultsTooMany],
    ['diagnostics that is an array', { diagnostics: [] }, M.diagnostics],
    ['search_diagnostics that is a boolean', { search_diagnostics: true }, M.searchDiagnostics],
  ];
  for (const [name, args, message] of cases) {
    it(`rejects ${name} with "${message}" (docs/tools.md#8-qiongli_literature_export_evidence)`, () => {
      assert.equal(messageFor(args), message);
    });
  }

  it('accepts a query of exactly 4096 bytes and 1000 results (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    assert.equal(messageFor({ query: 'é'.repeat(2048), results: new Array(1000).fill({}) }), undefined);
  });

  for (const [canonical, alias] of Object.entries(EVIDENCE_ALIASES)) {
    it(`rejects ${canonical} together with its alias ${alias} (docs/tools.md#8-qiongli_literature_export_evidence)`, () => {
      const value = canonical === 'results' ? [] : {};
      const args = { [canonical]: value, [alias]: value };
      assert.equal(messageFor(args), EVIDENCE_ALIAS_CONFLICT);
      const direct = exportEvidenceSnapshot(args);
      assert.equal(direct.ok, false);
      assert.deepEqual(!direct.ok && direct.error, { kind: 'invalid_arguments', message: EVIDENCE_ALIAS_CONFLICT });
    });

    it(`accepts ${alias} alone in place of ${canonical} (docs/tools.md#8-qiongli_literature_export_evidence)`, () => {
      assert.equal(messageFor({ [alias]: canonical === 'results' ? [{}] : {} }), undefined);
    });
  }

  it('reports the alias conflict even when a field also has the wrong type (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    assert.equal(messageFor({ diagnostics: 'x', search_diagnostics: {} }), EVIDENCE_ALIAS_CONFLICT);
  });

  it('reports an unknown key before an alias conflict (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    assert.equal(messageFor({ results: [], search_results: [], extra: 1 }), UNSUPPORTED_ARGUMENT);
  });

  it('accepts 32 levels of nesting and rejects 33 (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    assert.equal(messageFor(nestedArguments(32)), undefined);
    assert.equal(messageFor(nestedArguments(33)), ARGUMENT_BOUND_MESSAGES.depth);
  });

  it('accepts 100,000 JSON values and rejects 100,001 (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    // argument object + diagnostics object + array = 3 values, then the numbers.
    assert.equal(messageFor({ diagnostics: { list: new Array(99_997).fill(0) } }), undefined);
    assert.equal(messageFor({ diagnostics: { list: new Array(99_998).fill(0) } }), ARGUMENT_BOUND_MESSAGES.values);
  });

  it('accepts exactly 2 MiB of encoded arguments and rejects one byte more (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    assert.equal(JSON.stringify(argumentsOfBytes(MIB2)).length, MIB2);
    assert.equal(messageFor(argumentsOfBytes(MIB2)), undefined);
    assert.equal(messageFor(argumentsOfBytes(MIB2 + 1)), ARGUMENT_BOUND_MESSAGES.bytes);
  });

  it('reports a crossed bound before any other failing check (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    const args = { ...nestedArguments(40), extra: 1, results: 'x', query_plan: {}, search_plan: {} };
    assert.equal(messageFor(args), ARGUMENT_BOUND_MESSAGES.depth);
  });

  it('puts the bounds first, then the unknown key, then the alias conflict in its precedence', () => {
    assert.deepEqual(evidenceMessagePrecedence.slice(0, 5), [
      ARGUMENT_BOUND_MESSAGES.depth,
      ARGUMENT_BOUND_MESSAGES.values,
      ARGUMENT_BOUND_MESSAGES.bytes,
      UNSUPPORTED_ARGUMENT,
      EVIDENCE_ALIAS_CONFLICT,
    ]);
  });

  it('never echoes input in a message (docs/tools.md#results-and-errors)', () => {
    const canary = 'CANARY_e41b';
    for (const args of [{ [canary]: 1 }, { query: canary.repeat(1000) }, { cwd: canary.repeat(500) }, { results: [canary] }]) {
      const message = messageFor(args);
      assert.ok(message);
      assert.doesNotMatch(message, /CANARY/);
    }
  });

  it('generates a valid, closed JSON Schema for the input (docs/tools.md#the-twelve-tools)', () => {
    const json = assertValidToolJsonSchema(evidenceSnapshotInput(), 'input');
    assert.deepEqual(Object.keys(json['properties'] as object), [
      'cwd',
      'query',
      'provider_status',
      'search_plan',
      'query_plan',
      'results',
      'search_results',
      'diagnostics',
      'search_diagnostics',
      'delivery',
      'cursor',
    ]);
    assert.equal(json['required'], undefined);
  });
});
