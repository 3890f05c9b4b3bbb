// Measurement (j) of issue 26: answers that fit a model's context, side by side in one run, on the
// compiled sources (dist/; `npm run build` makes them):
//   - the tools/list of each profile, as compact JSON of the tools array (as sent, 2025-11-25);
//   - every tool's answer (text content characters) with default and with maximum arguments,
//     every outside port on hostile-but-valid data (test/support/hostile-world.ts; the calls of
//     test/support/answer-budget-calls.ts), against the 40,000 / 100,000 budget;
//   - a cursor page of the search's held list against a fresh search of the same arguments (the
//     providers answering at once from memory: what is left is the server's own work; a real
//     search adds the providers' network time, which a cursor page never spends).
//
//   node bench/suites/context-budget.mjs [--smoke]      # prints the section as Markdown

import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../lib/servers.mjs';
import { renderContextBudget } from '../lib/context-report.mjs';

const load = (path) => import(pathToFileURL(`${REPO_ROOT}${path}`).href);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Characters of the tools array each profile lists (its default grants; Lite also with every group). */
async function toolLists() {
  const { createContainer } = await load('dist/src/composition/create-container.js');
  const { ToolRegistryId } = await load('dist/src/composition/identifiers.js');
  const { ALL_CAPABILITY_GROUPS } = await load('dist/src/domain/shared/capability-groups.js');
  const rows = [];
  for (const [label, profile, grants] of [
    ['Lite (default grants)', 'lite', undefined],
    ['Lite (every group)', 'lite', new Set(ALL_CAPABILITY_GROUPS)],
    ['Standard', 'standard', undefined],
  ]) {
    const text = createContainer(profile, grants === undefined ? {} : { grants })
      .get(ToolRegistryId)
      .encodedToolsFor('2025-11-25');
    const tools = JSON.parse(text);
    const part = (key) => tools.reduce((sum, tool) => sum + (tool[key] === undefined ? 0 : JSON.stringify(tool[key]).length), 0);
    rows.push({
      label,
      tools: tools.length,
      characters: text.length,
      inputs: part('inputSchema'),
      outputs: part('outputSchema'),
      descriptions: part('description'),
    });
  }
  return rows;
}

/** Every tool of Standard (every group), with default and with maximum arguments. */
async function answerSizes() {
  const { STANDARD_TOOLS } = await load('dist/src/composition/profiles/standard.js');
  const { DEFAULTS, MAXIMUM, answersOf } = await load('dist/test/support/answer-budget-calls.js');
  const names = STANDARD_TOOLS.map((slice) => slice.entry.name);
  const defaults = await answersOf(
    'standard',
    names.map((name) => [name, DEFAULTS[name] ?? {}]),
  );
  const maximum = await answersOf(
    'standard',
    names.map((name) => [name, { ...(DEFAULTS[name] ?? {}), ...(MAXIMUM[name] ?? {}) }]),
  );
  return names.map((name, index) => ({
    name,
    defaultCharacters: defaults[index].text.length,
    defaultError: defaults[index].isError,
    maximumCharacters: maximum[index].text.length,
    maximumError: maximum[index].isError,
    widened: MAXIMUM[name] !== undefined,
  }));
}

/**
 * A fresh search of five providers × 200 hostile records (1,000 merged) against a cursor page of
 * its held list, each on a fresh connection; the median of `runs`.
 */
async function cursorAgainstFresh(runs) {
  const { toolSession } = await load('dist/test/support/answer-budget-calls.js');
  const args = { query: 'work', per_provider_limit: 200, total_limit: 1000 };
  const fresh = [];
  const cursor = [];
  let first;
  for (let run = 0; run < runs; run++) {
    const session = toolSession('standard');
    const answer = await session.call('qiongli_literature_search', args);
    fresh.push(answer.ms);
    first = JSON.parse(answer.text);
    const page = await session.call('qiongli_literature_search', { ...args, cursor: first.next_cursor });
    if (page.isError) throw new Error(`the cursor page failed: ${page.text}`);
    cursor.push(page.ms);
  }
  return { runs, freshMs: median(fresh), cursorMs: median(cursor), totalResults: first.total_results, pageRecords: first.results.length };
}

/** The whole measurement (j). */
export async function runContextBudget({ smoke = false } = {}) {
  return {
    smoke,
    lists: await toolLists(),
    answers: await answerSizes(),
    paging: await cursorAgainstFresh(smoke ? 1 : 9),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const smoke = process.argv.includes('--smoke');
  process.stdout.write(`${renderContextBudget(await runContextBudget({ smoke }))}\n`);
}
