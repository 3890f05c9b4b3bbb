import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RetorquereBibliographyParser } from '../../../src/adapters/bibtex-parser/index.js';
import { AesGcmSealedTokens } from '../../../src/adapters/sealed-token/index.js';
import { HeldChecks } from '../../../src/domain/reference-check/check-cursor.js';
import type { CheckReferencesResult } from '../../../src/domain/reference-check/check-output.js';
import { checkReferences, type CheckReferencesDeps } from '../../../src/domain/reference-check/check-references.js';
import { checkMessagePrecedence, checkReferencesInput } from '../../../src/domain/reference-check/reference-check-input.js';
import { parseArguments } from '../../../src/domain/shared/parse-arguments.js';
import type { ProviderRecord } from '../../../src/ports/provider-client.port.js';
import type { ReferenceSourceId } from '../../../src/ports/reference-lookup.port.js';
import { FakeConfigSource } from '../../fakes/config-source.fake.js';
import { FakeReferenceLookup, type FakeReferenceSource } from '../../fakes/reference-lookup.fake.js';
import { FakeSecretStore } from '../../fakes/secret-store.fake.js';
import { PROJECT_ROOT } from '../../support/built-program.js';

/** The ports of a check over fake sources (real parser, real sealed tokens). */
export function checkDeps(sources: Partial<Record<ReferenceSourceId, FakeReferenceSource>>, overrides: Partial<CheckReferencesDeps> = {}) {
  const lookup = new FakeReferenceLookup(sources);
  const deps: CheckReferencesDeps = {
    config: FakeConfigSource.defaults(),
    secrets: FakeSecretStore.unavailable(),
    lookup,
    parser: new RetorquereBibliographyParser(),
    tokens: new AesGcmSealedTokens(),
    held: new HeldChecks(),
    ...overrides,
  };
  return { deps, lookup };
}

/** A context that records progress. */
export function recordingContext(signal: AbortSignal = new AbortController().signal) {
  const progress: [number, number][] = [];
  return { progress, context: { signal, reportProgress: (done: number, total: number) => progress.push([done, total]) } };
}

/** Validates `args` with the tool's input schema, then runs the check; the failure or the value. */
export async function check(args: Record<string, unknown>, deps: CheckReferencesDeps, context = recordingContext().context) {
  const parsed = parseArguments(checkReferencesInput(), args, checkMessagePrecedence);
  // `failure` before the Result rename of issue 23, `error` after it: either way, the message.
  if (!parsed.ok)
    return {
      ok: false as const,
      message: ((parsed as { failure?: { message: string } }).failure ?? (parsed as unknown as { error: { message: string } }).error).message,
    };
  const result = await checkReferences(parsed.value, deps, context);
  return result.ok ? { ok: true as const, value: result.value } : { ok: false as const, message: result.error.message };
}

/** The value of a check that must succeed. */
export function value(outcome: Awaited<ReturnType<typeof check>>): CheckReferencesResult {
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return outcome.value;
}

/** The labelled set of test/fixtures/reference-check. */
export interface LabelledSet {
  readonly world: Record<ReferenceSourceId, ProviderRecord[]>;
  readonly references: { label: string; expect: string; source?: string; reference: Record<string, unknown> }[];
}

export const labelledSet = (): LabelledSet => JSON.parse(readFileSync(join(PROJECT_ROOT, 'test', 'fixtures', 'reference-check', 'labelled-set.json'), 'utf8'));

/** Fake sources holding the labelled set's world. */
export const worldSources = (set: LabelledSet): Partial<Record<ReferenceSourceId, FakeReferenceSource>> =>
  Object.fromEntries(Object.entries(set.world).map(([source, records]) => [source, { works: records.map((record) => ({ record })) }]));
