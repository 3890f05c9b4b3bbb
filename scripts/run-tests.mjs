// Runs every compiled test file (dist/test/**/*.test.js) with Node's own test runner.
// Node 20's `--test` does not expand globs, so the file list is collected here.
//
//   node scripts/run-tests.mjs [--lts-clients] [path-substring]
//
// dist/test/interop-lts/ drives client majors that need Node 22 or later, installed in
// test/interop-lts/ by scripts/install-lts-clients.mjs: only the run on the pinned Node LTS
// (scripts/run-tests-on-pinned-node.mjs) passes --lts-clients to include it.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../dist/test/', import.meta.url));
const options = process.argv.slice(2);
const withLtsClients = options.includes('--lts-clients');
const filter = options.find((option) => option !== '--lts-clients');
const ltsClients = join(root, 'interop-lts');
const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== ltsClients || withLtsClients) walk(full);
    } else if (entry.name.endsWith('.test.js') && (!filter || full.includes(filter))) files.push(full);
  }
};
walk(root);
files.sort();
// The interop suites are the longest files (they start real client libraries one session after
// another): start them first, so the other worker runs the other files meanwhile.
const interop = (file) => Number(/[\\/]interop(-lts)?[\\/]/.test(file));
files.sort((a, b) => interop(b) - interop(a));
// Every provider is enabled by default: a search no test pointed at a loopback would reach the
// real providers. Provider requests honour HTTPS_PROXY/HTTP_PROXY, so the test processes get a
// proxy on the loopback discard port, where nothing listens (QIONGLI_TEST_PROXY names another,
// e.g. a logging proxy to audit the suite). Spawned programs get the same (test/support/network-guard.ts).
const guard = process.env.QIONGLI_TEST_PROXY ?? 'http://127.0.0.1:9';
const env = { ...process.env, HTTPS_PROXY: guard, HTTP_PROXY: guard, https_proxy: guard, http_proxy: guard, NO_PROXY: '', no_proxy: '' };
const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', '--test-concurrency=2', ...files], {
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
