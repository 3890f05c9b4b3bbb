import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evidenceMessagePrecedence, evidenceSnapshotInput } from '../../../src/domain/evidence-snapshot/evidence-snapshot-input.js';
import {
  EVIDENCE_ARTIFACT_TYPE,
  evidenceSnapshotOutput,
  evidenceSnapshotSchema,
  exportEvidenceSnapshot,
  type EvidenceSnapshot,
} from '../../../src/domain/evidence-snapshot/evidence-snapshot.js';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';
import { redactCredentials } from '../../../src/domain/shared/redaction.js';
import { assertMatchesOutputJsonSchema, assertValidToolJsonSchema } from './json-schema-check.js';

/** Validates arguments as the MCP layer does, then builds the snapshot; fails the test on any failure. */
const snapshot = (args: unknown): EvidenceSnapshot => {
  const parsed = parseArguments(evidenceSnapshotInput(), args, evidenceMessagePrecedence);
  assert.ok(parsed.ok, 'arguments are valid');
  const outcome = exportEvidenceSnapshot(parsed.value);
  assert.ok(outcome.ok, 'snapshot succeeds');
  return outcome.value;
};

const fullArguments = () => ({
  cwd: '/home/someone/project',
  query: 'graph neural networks',
  provider_status: { providers: { arxiv: 'configured', openalex: 'missing' }, capability_mode: 'provider_connected' },
  search_plan: { query: 'graph neural networks', provider_queries: [{ provider: 'arxiv', query_id: 'Q1' }] },
  results: [
    { title: 'A', provider: 'arxiv', providers: ['arxiv'], year: 2020 },
    { title: 'B', provider: 'crossref', providers: ['crossref'], doi: '10.1/b' },
  ],
  diagnostics: { status: 'complete', providers: { arxiv: { status: 'ok', count: 2 } }, warnings: [] },
});

describe('evidence snapshot (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
  it('fills every missing part with "", {} or [] and counts zero results (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    assert.deepEqual(snapshot({}), {
      status: 'ok',
      artifact_type: EVIDENCE_ARTIFACT_TYPE,
      query: '',
      provider_status: {},
      search_plan: {},
      result_count: 0,
      results: [],
      diagnostics: {},
    });
  });

  it('keeps the fixed key order at the top level and returns the parts it was given (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    const args = fullArguments();
    const result = snapshot(args);
    assert.deepEqual(Object.keys(result), ['status', 'artifact_type', 'query', 'provider_status', 'search_plan', 'result_count', 'results', 'diagnostics']);
    assert.equal(result.query, args.query);
    assert.deepEqual(result.provider_status, args.provider_status);
    assert.deepEqual(result.search_plan, args.search_plan);
    assert.deepEqual(result.results, args.results);
    assert.equal(result.result_count, 2);
    assert.deepEqual(result.diagnostics, args.diagnostics);
  });

  it('never includes cwd or its value (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    const text = JSON.stringify(snapshot(fullArguments()));
    assert.doesNotMatch(text, /cwd/);
    assert.doesNotMatch(text, /home\/someone/);
  });

  it('reads query_plan, search_results and search_diagnostics when the canonical field is absent (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    const args = fullArguments();
    const result = snapshot({
      query_plan: args.search_plan,
      search_results: args.results,
      search_diagnostics: args.diagnostics,
    });
    assert.deepEqual(result.search_plan, args.search_plan);
    assert.deepEqual(result.results, args.results);
    assert.equal(result.result_count, 2);
    assert.deepEqual(result.diagnostics, args.diagnostics);
  });

  it('removes credential-like keys with the stronger evidence rule in every part (docs/tools.md#redaction and #8-qiongli_literature_export_evidence)', () => {
    const result = snapshot({
      provider_status: { openalex: { api_key: 'K1', email: 'a@b.c' } },
      search_plan: { headers: [{ Authorization: 'Bearer K2', accept: 'json' }] },
      results: [{ title: 'A', sessionCookie: 'K3', extra: { refresh_token: 'K4', token_budget: 5, public_key: 'pk' } }],
      diagnostics: { clientSecret: 'K5', status: 'ok' },
    });
    const text = JSON.stringify(result);
    assert.doesNotMatch(text, /K[1-5]/);
    assert.deepEqual(result.provider_status, { openalex: { email: 'a@b.c' } });
    assert.deepEqual(result.search_plan, { headers: [{ accept: 'json' }] });
    assert.deepEqual(result.results, [{ extra: { public_key: 'pk', token_budget: 5 }, title: 'A' }]);
    assert.deepEqual(result.diagnostics, { status: 'ok' });
  });

  it('keeps the number and order of results even when a result is emptied by redaction (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    const result = snapshot({ results: [{ password: 'x' }, { title: 'kept' }] });
    assert.deepEqual(result.results, [{}, { title: 'kept' }]);
    assert.equal(result.result_count, 2);
  });

  it('keeps a nested "__proto__" key as plain data and still redacts beneath it (docs/tools.md#redaction)', () => {
    const plan = JSON.parse('{"outer": {"__proto__": {"password": "K6", "kept": 1}}}') as Record<string, unknown>;
    const result = snapshot({ search_plan: plan });
    const outer = result.search_plan['outer'] as object;
    assert.equal(Object.getPrototypeOf(outer), Object.prototype);
    assert.equal(JSON.stringify(result.search_plan), '{"outer":{"__proto__":{"kept":1}}}');
  });

  it('gives the same bytes for the same input (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    assert.equal(JSON.stringify(snapshot(fullArguments())), JSON.stringify(snapshot(fullArguments())));
  });

  it('sorts object keys inside the evidence parts, so key order does not change the bytes (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    const a = snapshot({ search_plan: { b: 1, a: { d: [{ y: 1, x: 2 }], c: 3 } }, results: [{ z: 1, title: 'T' }] });
    const b = snapshot({ results: [{ title: 'T', z: 1 }], search_plan: { a: { c: 3, d: [{ x: 2, y: 1 }] }, b: 1 } });
    assert.equal(JSON.stringify(a), JSON.stringify(b));
    assert.equal(JSON.stringify(a.search_plan), '{"a":{"c":3,"d":[{"x":2,"y":1}]},"b":1}');
  });

  it('keeps array order, which carries meaning (docs/tools.md#8-qiongli_literature_export_evidence)', () => {
    assert.deepEqual(snapshot({ diagnostics: { warnings: ['b', 'a'] } }).diagnostics, { warnings: ['b', 'a'] });
  });

  it('does not modify the arguments it was given', () => {
    const args = fullArguments();
    const before = JSON.stringify(args);
    snapshot({ ...args, search_plan: { z: 1, a: { token: 'x' } } });
    snapshot(args);
    assert.equal(JSON.stringify(args), before);
  });

  it('produces results that validate against the output schema and its JSON Schema (docs/tools.md#results-and-errors)', () => {
    for (const args of [{}, fullArguments(), { search_results: [{}, { nested: { deep: [1, null, 'x'] } }] }]) {
      const result = snapshot(args);
      assert.equal(evidenceSnapshotSchema().safeParse(result).success, true);
      assertMatchesOutputJsonSchema(evidenceSnapshotSchema(), result);
    }
  });

  it('is unchanged by the MCP layer applying the evidence or standard redaction again (docs/tools.md#redaction)', () => {
    const result = snapshot({ ...fullArguments(), diagnostics: { session_cookie: 'x', ok: true } });
    assert.deepEqual(redactCredentials(result, 'evidence'), result);
    assert.deepEqual(redactCredentials(result, 'standard'), result);
  });

  it('generates a valid, closed JSON Schema for the output (docs/tools.md#the-twelve-tools)', () => {
    assert.deepEqual(assertValidToolJsonSchema(evidenceSnapshotSchema(), 'output')['required'], [
      'status',
      'artifact_type',
      'query',
      'provider_status',
      'search_plan',
      'result_count',
      'results',
      'diagnostics',
    ]);
    const answer = assertValidToolJsonSchema(evidenceSnapshotOutput(), 'output');
    assert.deepEqual(answer['required'], ['status', 'artifact_type', 'delivery', 'files', 'note']);
    assert.equal(answer['additionalProperties'], false);
  });
});
