import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { evidenceMessagePrecedence, evidenceSnapshotInput } from '../../../src/domain/evidence-snapshot/evidence-snapshot-input.js';
import { evidenceSnapshotSchema, exportEvidenceSnapshot } from '../../../src/domain/evidence-snapshot/evidence-snapshot.js';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';

const CANARY = 'CANARY-d3f1c0a9-never-export';

/** Credential keys as words; a variant joins them with a random separator and random case. */
const CREDENTIAL_WORDS: readonly (readonly string[])[] = [
  ['api', 'key'],
  ['access', 'token'],
  ['refresh', 'token'],
  ['session', 'token'],
  ['service', 'api', 'key'],
  ['client', 'secret'],
  ['authorization'],
  ['auth'],
  ['bearer'],
  ['private', 'key'],
  ['credentials'],
  ['token'],
  ['cookie'],
  ['secret'],
  ['password'],
  ['passwd'],
  ['session', 'cookie'],
];

const casing = fc.constantFrom(
  (w: string) => w,
  (w: string) => w.toUpperCase(),
  (w: string) => w.charAt(0).toUpperCase() + w.slice(1),
);

const credentialKey = fc
  .tuple(
    fc.constantFrom(...CREDENTIAL_WORDS),
    fc.constantFrom('_', '-', ' ', ''),
    fc.array(casing, { minLength: 3, maxLength: 3 }),
    fc.constantFrom('', ' ', '  '),
  )
  .map(([words, separator, cases, pad]) => `${pad}${words.map((word, i) => cases[i % 3]!(word)).join(separator)}${pad}`);

const benignKey = fc.constantFrom('title', 'token_budget', 'public_key', 'items', 'status', 'data', 'count', 'provider');

const benignLeaf = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));

/** What a credential key may hold: the canary itself, or the canary buried in a container. */
const secretValue = fc.constantFrom<unknown>(CANARY, { note: CANARY }, [CANARY], [{ deeper: [CANARY] }]);

const { node } = fc.letrec<{ node: unknown; object: Record<string, unknown> }>((tie) => ({
  node: fc.oneof({ maxDepth: 5, depthIdentifier: 'evidence' }, benignLeaf, tie('object'), fc.array(tie('node'), { maxLength: 3 })),
  object: fc
    .array(fc.oneof(fc.tuple(credentialKey, secretValue), fc.tuple(benignKey, tie('node'))), { maxLength: 4 })
    .map((entries) => Object.fromEntries(entries)),
}));

const objectArb = node.map((value) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { wrapped: value }));

describe('evidence redaction (property, docs/tools.md#redaction and #8-qiongli_literature_export_evidence)', () => {
  it('never outputs a canary placed under any credential-like key, at any depth, in any case or separator', () => {
    fc.assert(
      fc.property(
        fc.record({
          provider_status: objectArb,
          search_plan: objectArb,
          results: fc.array(objectArb, { maxLength: 4 }),
          diagnostics: objectArb,
        }),
        (args) => {
          const parsed = parseArguments(evidenceSnapshotInput(), args, evidenceMessagePrecedence);
          assert.ok(parsed.ok);
          const outcome = exportEvidenceSnapshot(parsed.value);
          assert.ok(outcome.ok);
          assert.ok(!JSON.stringify(outcome.value).includes(CANARY));
          assert.equal(outcome.value.result_count, args.results.length);
          assert.equal(evidenceSnapshotSchema().safeParse(outcome.value).success, true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('the generator really places canaries (guards against a vacuous property)', () => {
    const samples = fc.sample(objectArb, 200);
    assert.ok(samples.some((sample) => JSON.stringify(sample).includes(CANARY)));
  });
});
