import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../support/built-program.js';

const run = promisify(execFile);
const HARNESS = join(PROJECT_ROOT, 'bench', 'run.mjs');

interface CompareResults {
  meta: { servers: string[]; labels: Record<string, string> };
  completeness: { suite: string; server: string; answered: number; expected: number; complete: boolean }[];
  stderr: Record<string, { bytes: number; sessions: number }>;
}

/** Runs the harness; resolves with its exit code and stderr whatever the code. */
async function harness(args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [HARNESS, ...args], { cwd: PROJECT_ROOT, timeout: 80_000 });
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, stderr: failed.stderr ?? '' };
  }
}

// Not a timing test: the harness must put another build in the rotation and report it beside
// this one, so the side-by-side of issue 24 (rows 10 and 11) can be run again by anyone.
describe('benchmark harness: other builds side by side (--compare, issue 24 rows 10 and 11)', () => {
  it('runs a compared build in the same rotation, checks its answers and gives it a column and a ratio', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qiongli-bench-compare-'));
    try {
      const out = join(dir, 'RESULTS.md');
      const json = join(dir, 'results.json');
      const args = ['--smoke', '--quiet', '--suites', 'a,b', '--methods', 'tools/call', '--servers', 'qiongli,floor'];
      const { code } = await harness([...args, '--compare', `again=${PROJECT_ROOT}`, '--out', out, '--json', json]);
      assert.equal(code, 0);
      const results = JSON.parse(readFileSync(json, 'utf8')) as CompareResults;
      assert.deepEqual(results.meta.servers, ['qiongli', 'again', 'floor']);
      assert.match(results.meta.labels['again'] ?? '', /^Qiongli at [0-9a-f]{7}/);
      const suites = results.completeness.filter((entry) => entry.server === 'again');
      assert.deepEqual(suites.map((entry) => entry.suite).sort(), ['a: tools/call legacy', 'a: tools/call modern', 'b: cold session']);
      for (const entry of suites) assert.equal(entry.complete && entry.answered === entry.expected, true, entry.suite);
      assert.equal(results.stderr['again']?.bytes, 0);
      const text = readFileSync(out, 'utf8');
      assert.match(text, /\| scenario \| Qiongli \| again \| floor \| Qiongli\/floor \| Qiongli\/again \|/);
      assert.doesNotMatch(text, /tools\/list \(legacy\)/, '--methods leaves the other scenarios out');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a compared build without a name of its own, under a built-in name, or without a built bundle (exit 2)', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'qiongli-bench-empty-'));
    try {
      for (const [given, reason] of [
        [PROJECT_ROOT, /expected name=PATH/],
        [`floor=${PROJECT_ROOT}`, /taken by a built-in server/],
        [`old=${empty}`, /dist\/bundle\/qiongli\.mjs is missing/],
      ] as const) {
        const { code, stderr } = await harness(['--smoke', '--suites', 'a', '--compare', given]);
        assert.equal(code, 2, given);
        assert.match(stderr, reason);
      }
      const twice = await harness(['--smoke', '--suites', 'a', '--compare', `x=${PROJECT_ROOT}`, '--compare', `x=${PROJECT_ROOT}`]);
      assert.equal(twice.code, 2);
      assert.match(twice.stderr, /a name of its own/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
