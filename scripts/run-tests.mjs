// Runs every compiled test file (dist/test/**/*.test.js) with Node's own test runner.
// Node 20's `--test` does not expand globs, so the file list is collected here.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../dist/test/', import.meta.url));
const filter = process.argv[2];
const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith('.test.js') && (!filter || full.includes(filter))) files.push(full);
  }
};
walk(root);
files.sort();
// The interop suite is the longest file (it starts real client libraries one session after
// another): start it first, so the second worker runs the other files meanwhile.
files.sort((a, b) => Number(b.includes('/interop/')) - Number(a.includes('/interop/')));
const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', '--test-concurrency=2', ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
