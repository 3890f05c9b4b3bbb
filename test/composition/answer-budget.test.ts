import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Profile } from '../../src/composition/create-container.js';
import { LITE_TOOLS } from '../../src/composition/profiles/lite.js';
import { STANDARD_TOOLS } from '../../src/composition/profiles/standard.js';
import { ANSWER_CHARACTERS } from '../../src/domain/shared/answer-budget.js';
import { DEFAULTS, MAXIMUM, answersOf } from '../support/answer-budget-calls.js';

/**
 * SPEC §13, item 1 of issue 26: every tool of both profiles — taken from the profile lists, so a
 * tool added to a profile is driven here too — answers with default arguments in under 40,000
 * characters of text content and with its maximum arguments in under 100,000, over hostile
 * provider data (test/support/hostile-world.ts), without the result path's last resort
 * (`answer-too-large`) having to step in.
 */
/** Lite's configuration tools refuse every call, by design. */
const ALWAYS_REFUSED: Readonly<Record<Profile, readonly string[]>> = {
  lite: ['qiongli_save_provider_config', 'qiongli_configure_provider', 'qiongli_open_config_wizard'],
  standard: [],
};

describe('every answer fits a model context (SPEC §13; docs/tools.md#answers-that-fit-a-models-context)', { timeout: 300_000 }, () => {
  for (const [profile, slices] of [
    ['lite', LITE_TOOLS],
    ['standard', STANDARD_TOOLS],
  ] as const) {
    const names = slices.map((slice) => slice.entry.name);
    for (const [kind, table, bound] of [
      ['default arguments', DEFAULTS, ANSWER_CHARACTERS.default],
      ['maximum arguments', { ...DEFAULTS, ...MAXIMUM }, ANSWER_CHARACTERS.widened],
    ] as const) {
      it(`${profile}: every tool's answer with ${kind} is under ${bound.toLocaleString('en-US')} characters, the last resort never needed`, async (t) => {
        const calls = names.map((name): [string, Record<string, unknown>] => [name, table[name] ?? {}]);
        const seen = await answersOf(profile, calls);
        const sizes = calls.map(([name], index) => `${name} ${seen[index]!.text.length}`);
        t.diagnostic(sizes.join(', '));
        calls.forEach(([name], index) => {
          const { text, isError } = seen[index]!;
          assert.ok(text.length < bound, `${name}: ${text.length} characters`);
          assert.doesNotMatch(text, /answer-too-large/u, name);
          if (isError && !ALWAYS_REFUSED[profile].includes(name) && name in table) assert.fail(`${name}: ${text.slice(0, 300)}`);
        });
      });
    }
  }

  it('measures what it claims: the hostile exports are larger than any budget as files', () => {
    const evidence = JSON.stringify(DEFAULTS['qiongli_literature_export_evidence']).length;
    assert.ok(evidence > ANSWER_CHARACTERS.widened, `${evidence}`);
  });
});
