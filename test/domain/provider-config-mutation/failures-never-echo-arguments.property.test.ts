import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { UseCaseId, type UseCaseToken } from '../../../src/index.js';
import type { SettingsReading } from '../../../src/ports/config-source.port.js';
import { FakeConfigSource, settingsWith } from '../../fakes/config-source.fake.js';
import { FakeSecretStore } from '../../fakes/secret-store.fake.js';
import { runUseCase } from '../../support/use-cases.js';

/** Every string argument starts with this marker, so any echo of a whole value contains it. */
const CANARY = 'zqCANARYqz';
const canary = fc.string({ maxLength: 12 }).map((tail) => `${CANARY}${tail}`);
const junk = fc.oneof(
  canary,
  fc.array(canary, { maxLength: 4 }),
  fc.dictionary(canary, canary, { maxKeys: 2 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
/** A plausible value for each argument (often valid, so deeper checks are reached), or junk. */
const plausible = (valid: fc.Arbitrary<unknown>) => fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: junk });

const READINGS: fc.Arbitrary<SettingsReading> = fc.constantFrom<SettingsReading>(
  { status: 'unavailable', rule: 'not-json' },
  { status: 'available', settings: settingsWith({}) },
);

/** Arguments made of some of the given keys, sometimes plus an unknown key named with the canary. */
function argumentsFrom(model: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(fc.record(model, { requiredKeys: [] }), fc.option(fc.tuple(canary, junk), { nil: undefined }))
    .map(([known, extra]) => (extra ? { ...known, [extra[0]]: extra[1] } : known));
}

interface Tool {
  readonly name: string;
  readonly args: fc.Arbitrary<Record<string, unknown>>;
  /** The use case, resolved from a container over the reading and secret store of each run. */
  readonly useCase: UseCaseToken;
}

const year = fc.oneof(fc.integer({ min: 990, max: 10_010 }), fc.constantFrom('2020', '0999', '1000'), canary);
const TOOLS: readonly Tool[] = [
  {
    name: 'config status',
    args: argumentsFrom({ cwd: plausible(canary) }),
    useCase: UseCaseId.configStatus,
  },
  {
    name: 'literature status',
    args: argumentsFrom({ cwd: plausible(canary) }),
    useCase: UseCaseId.literatureStatus,
  },
  {
    name: 'save provider config',
    args: argumentsFrom({
      provider: plausible(fc.constantFrom('openalex', 's2', 'crossref', 'ncbi', 'arxiv')),
      field: plausible(fc.constantFrom('api_key', 'api-key', 'email')),
      value: plausible(canary),
    }),
    useCase: UseCaseId.saveProviderConfig,
  },
  {
    name: 'configure provider',
    args: argumentsFrom({
      provider: plausible(fc.constantFrom('openalex', 'pubmed', 'ncbi')),
      host: plausible(fc.constantFrom('127.0.0.1', 'localhost', '0.0.0.0')),
      port: plausible(fc.integer({ min: -5, max: 70_000 })),
    }),
    useCase: UseCaseId.configureProvider,
  },
  {
    name: 'search plan',
    args: argumentsFrom({
      query: plausible(canary),
      cwd: plausible(canary),
      platform: plausible(fc.oneof(fc.constantFrom('codex', 'Claude Code'), canary)),
      native_search_available: plausible(fc.boolean()),
      nativeSearchAvailable: plausible(fc.boolean()),
      native_search_tools: plausible(fc.array(canary, { maxLength: 9 })),
      queryVariants: plausible(fc.array(canary, { maxLength: 17 })),
      from_year: plausible(year),
      fromYear: plausible(year),
      to_year: plausible(year),
      searchMode: plausible(fc.oneof(fc.constantFrom('auto', 'review'), canary)),
      venue_filter: plausible(canary),
      document_types: plausible(fc.array(canary, { maxLength: 4 })),
    }),
    useCase: UseCaseId.searchPlan,
  },
];

describe('failures never echo arguments (docs/tools.md#results-and-errors, tools 1–6)', () => {
  for (const tool of TOOLS) {
    it(`${tool.name}: no argument value appears in the JSON of a failure`, async () => {
      let failures = 0;
      await fc.assert(
        fc.asyncProperty(tool.args, READINGS, fc.boolean(), async (args, reading, store) => {
          const configSource = reading.status === 'available' ? FakeConfigSource.available(reading.settings) : FakeConfigSource.unavailable();
          const secretStore = store ? FakeSecretStore.empty() : FakeSecretStore.unavailable();
          const outcome = await runUseCase(tool.useCase, args, { configSource, secretStore });
          if (outcome.ok) return;
          failures++;
          assert.ok(!JSON.stringify(outcome).includes(CANARY));
        }),
        { numRuns: 300 },
      );
      assert.ok(failures > 0, 'the property saw failures');
    });
  }
});
