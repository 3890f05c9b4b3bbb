// Line coverage of src/ by the compiled test suite, with a floor: exits 1 when coverage of
// dist/src/ falls below FLOOR_PERCENT. Uses Node's own coverage (--experimental-test-coverage)
// and its lcov reporter; no coverage package is needed.
//
//   node scripts/coverage.mjs        (after `npm run build`; `npm run coverage` builds first)
//
// The interop suites (real MCP client libraries, one process each) add nothing to coverage of
// the server's own process and are left out, as are the acceptance tests' child processes:
// only code that runs inside the test processes is counted.
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The lowest line coverage of src/ that passes (percent). Raise it as coverage rises. */
const FLOOR_PERCENT = 98;

const root = fileURLToPath(new URL('..', import.meta.url));
const tests = join(root, 'dist', 'test');
const skipped = new Set([join(tests, 'interop'), join(tests, 'interop-lts')]);
const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skipped.has(full)) walk(full);
    } else if (entry.name.endsWith('.test.js')) files.push(full);
  }
};
walk(tests);
files.sort();

const out = mkdtempSync(join(tmpdir(), 'qiongli-coverage-'));
const lcov = join(out, 'lcov.info');
const run = spawnSync(
  process.execPath,
  [
    '--test',
    '--experimental-test-coverage',
    '--test-concurrency=2',
    '--test-reporter=dot',
    '--test-reporter-destination=stdout',
    '--test-reporter=lcov',
    `--test-reporter-destination=${lcov}`,
    ...files,
  ],
  { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
);
if (run.status !== 0) {
  rmSync(out, { recursive: true, force: true });
  console.error('coverage: the test run failed');
  process.exit(1);
}

// lcov: SF:<file> … LF:<lines found> LH:<lines hit> … end_of_record
const srcRoot = join(root, 'dist', 'src');
const perFile = [];
let current;
for (const line of readFileSync(lcov, 'utf8').split('\n')) {
  if (line.startsWith('SF:')) current = { file: resolve(root, line.slice(3)), found: 0, hit: 0 };
  else if (line.startsWith('LF:') && current) current.found = Number(line.slice(3));
  else if (line.startsWith('LH:') && current) current.hit = Number(line.slice(3));
  else if (line === 'end_of_record' && current) {
    if (current.file.startsWith(srcRoot)) perFile.push(current);
    current = undefined;
  }
}
rmSync(out, { recursive: true, force: true });

const found = perFile.reduce((sum, file) => sum + file.found, 0);
const hit = perFile.reduce((sum, file) => sum + file.hit, 0);
const percent = found === 0 ? 0 : (100 * hit) / found;
const lowest = [...perFile].sort((a, b) => a.hit / a.found - b.hit / b.found).slice(0, 5);
console.log(`\ncoverage of src/: ${percent.toFixed(2)} % of ${found} lines in ${perFile.length} files (floor ${FLOOR_PERCENT} %)`);
for (const file of lowest) console.log(`  ${((100 * file.hit) / file.found).toFixed(1).padStart(5)} %  ${relative(srcRoot, file.file)}`);
if (percent < FLOOR_PERCENT) {
  console.error(`coverage: ${percent.toFixed(2)} % is below the floor of ${FLOOR_PERCENT} %`);
  process.exit(1);
}
