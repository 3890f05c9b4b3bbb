import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check, checkDeps, labelledSet, value, worldSources } from './check-support.js';

/**
 * The product's promise, over the whole labelled set of test/fixtures/reference-check (real
 * references from the real provider bodies, perturbed ones, invented ones): no invented
 * reference is verified, and at least 95 % of the correct ones are.
 */
describe('the labelled set (docs/tools.md#qiongli_literature_check_references, "Score")', async () => {
  const set = labelledSet();
  const verdicts = new Map<number, string>();
  for (let start = 0; start < set.references.length; start += 200) {
    const batch = set.references.slice(start, start + 200);
    const { deps } = checkDeps(worldSources(set));
    const result = value(await check({ references: batch.map((entry) => entry.reference), page_size: 100 }, deps));
    let page = result;
    for (;;) {
      for (const entry of page.checks) verdicts.set(start + entry.index, entry.verdict);
      if (page.next_cursor === undefined) break;
      page = value(await check({ references: batch.map((entry) => entry.reference), page_size: 100, cursor: page.next_cursor }, deps));
    }
  }
  const byLabel = (label: string) => set.references.flatMap((entry, index) => (entry.label === label ? [{ entry, index, verdict: verdicts.get(index) }] : []));
  const table = ['correct', 'wrong_year', 'wrong_first_author', 'swapped_doi', 'truncated_title', 'invented'].map((label) => {
    const rows = byLabel(label);
    const counts: Record<string, number> = {};
    for (const row of rows) counts[row.verdict ?? 'missing'] = (counts[row.verdict ?? 'missing'] ?? 0) + 1;
    return `${label}: ${JSON.stringify(counts)}`;
  });

  it('verifies none of the invented references', () => {
    const invented = byLabel('invented');
    assert.ok(invented.length >= 30);
    assert.deepEqual(
      invented.filter((row) => row.verdict === 'verified').map((row) => row.entry.reference['title']),
      [],
      table.join('\n'),
    );
  });

  it('verifies at least 95 % of the correct references', () => {
    const correct = byLabel('correct');
    assert.ok(correct.length >= 100);
    const verified = correct.filter((row) => row.verdict === 'verified').length;
    assert.ok(verified / correct.length >= 0.95, `${verified} of ${correct.length}\n${table.join('\n')}`);
  });

  it('verifies none of the perturbed references: each is reported as a mismatch', () => {
    const perturbed = ['wrong_year', 'wrong_first_author', 'swapped_doi', 'truncated_title'].flatMap(byLabel);
    assert.ok(perturbed.length >= 30);
    assert.deepEqual(
      perturbed.filter((row) => row.verdict !== 'mismatch').map((row) => `${row.entry.label}: ${row.verdict}`),
      [],
      table.join('\n'),
    );
  });
});
