// Rendering of measurement (j), answers that fit a model's context (bench/suites/context-budget.mjs, issue 26).

const n = (value) => value.toLocaleString('en-US');
const within = (characters, bound) => (characters < bound ? 'yes' : '**no**');
/** SPEC §13's bounds of each profile's tools/list. */
const TARGETS = { 'Lite (default grants)': 24_000, Standard: 36_000 };

/** The Markdown section of measurement (j). */
export function renderContextBudget(budget) {
  const { lists, answers, paging } = budget;
  return [
    '## (j) Answers that fit a model context (issue 26)',
    '',
    `In process, on the compiled sources${budget.smoke ? ' (a smoke run: one search timing)' : ''}. Characters of text content (about 4 per token): SPEC §13 wants every answer with default arguments under 40,000 and with maximum arguments under 100,000, Lite's tools/list at most 24,000 and Standard's at most 36,000 (compact JSON of the tools array, as sent on 2025-11-25). Every outside port answers hostile-but-valid data (test/support/hostile-world.ts: long titles with quotes and control characters, 60 authors, 6,000-character abstracts, 200 records per provider, 400 graph edges, a long full text); the calls are those of test/support/answer-budget-calls.ts.`,
    '',
    '| tools/list | tools | characters | target | input schemas | output schemas | descriptions |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...lists.map(
      (row) =>
        `| ${row.label} | ${row.tools} | ${n(row.characters)} | ${TARGETS[row.label] === undefined ? '–' : `≤ ${n(TARGETS[row.label])}: ${row.characters <= TARGETS[row.label] ? 'met' : '**not met**'}`} | ${n(row.inputs)} | ${n(row.outputs)} | ${n(row.descriptions)} |`,
    ),
    '',
    '| tool (Standard, every group) | default arguments, characters | under 40,000 | maximum arguments, characters | under 100,000 |',
    '| --- | --- | --- | --- | --- |',
    ...answers.map(
      (row) =>
        `| ${row.name}${row.defaultError ? ' (an error answer)' : ''} | ${n(row.defaultCharacters)} | ${within(row.defaultCharacters, 40_000)} | ${row.widened ? n(row.maximumCharacters) : '(no size argument)'} | ${within(row.maximumCharacters, 100_000)} |`,
    ),
    '',
    `A search of five providers × 200 records (${n(paging.totalResults)} merged, ${n(paging.pageRecords)} on the first page): a fresh search ${paging.freshMs.toFixed(1)} ms, a cursor page of its held list ${paging.cursorMs.toFixed(1)} ms (median of ${paging.runs}; providers answering at once from memory, so the fresh search's figure has no network in it — a real one adds each provider's round trip, which a cursor page never spends).`,
  ].join('\n');
}
