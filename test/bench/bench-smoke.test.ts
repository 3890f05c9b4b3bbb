import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../support/built-program.js';

const run = promisify(execFile);
const HARNESS = join(PROJECT_ROOT, 'bench', 'run.mjs');
const COMMITTED_RESULTS = join(PROJECT_ROOT, 'bench', 'RESULTS.md');
const SERVERS = ['qiongli', 'sdk', 'floor'];

interface CompletenessEntry {
  suite: string;
  server: string;
  answered: number;
  expected: number;
  complete: boolean;
}

interface SmokeResults {
  meta: { smoke: boolean };
  complete: boolean;
  completeness: CompletenessEntry[];
  stderr: Record<string, { bytes: number; sessions: number }>;
}

const resultsStamp = (): string => (existsSync(COMMITTED_RESULTS) ? String(statSync(COMMITTED_RESULTS).mtimeMs) : 'absent');

// A benchmark is not a test: nothing here looks at a timing. This only keeps the harness from
// rotting (issue 5 docs/protocol.md#admission): it must run end to end and every server must answer every request.
describe('benchmark harness smoke run (issue 5 docs/protocol.md#admission)', () => {
  it('runs every measurement in smoke mode, every server answers every request, and only the given files are written', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qiongli-bench-smoke-'));
    const before = resultsStamp();
    try {
      const out = join(dir, 'RESULTS.md');
      const json = join(dir, 'results.json');
      await run(process.execPath, [HARNESS, '--smoke', '--quiet', '--out', out, '--json', json], { cwd: PROJECT_ROOT, timeout: 80_000 });

      const results = JSON.parse(readFileSync(json, 'utf8')) as SmokeResults;
      assert.equal(results.meta.smoke, true);
      for (const server of SERVERS) {
        const suites = results.completeness.filter((entry) => entry.server === server).map((entry) => entry.suite);
        assert.ok(suites.length >= 6, `${server} took part in every measurement (4 throughput scenarios, cold session, RSS growth)`);
      }
      for (const entry of results.completeness) {
        assert.ok(entry.expected > 0, `${entry.suite} ${entry.server} sent requests`);
        assert.equal(entry.answered, entry.expected, `${entry.suite}: ${entry.server} answered every request`);
        assert.equal(entry.complete, true, `${entry.suite}: ${entry.server} answered every request with a valid result`);
      }
      assert.equal(results.complete, true);
      assert.equal(results.stderr.qiongli?.bytes, 0, 'Qiongli wrote nothing to stderr');
      assert.match(readFileSync(out, 'utf8'), /^# Qiongli benchmark results/);
      assert.match(readFileSync(out, 'utf8'), /\n## \(g\) Citation graph \(issue 18\)\n[\s\S]*\n## \(h\) Reading full text \(issue 20\)\n/);
      assert.match(readFileSync(out, 'utf8'), /\n## \(k\) Reference check \(issue 27\) — smoke run\n[\s\S]*\| 3 \| 3 \| crossref 4, openalex 3,/);
      assert.equal(resultsStamp(), before, 'bench/RESULTS.md is left alone by a smoke run');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
