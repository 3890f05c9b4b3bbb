// Runs a test file inside a private network namespace (`unshare -rn`, loopback brought up), so
// its loopback Zotero owns 127.0.0.1:23119 without meeting a real Zotero (or another test file)
// on this machine. Outside, the file defines one test that runs it again inside and passes only
// when every test there passed; inside, the file defines its tests as usual.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MARK = 'QIONGLI_PRIVATE_NETWORK';

/** Why the namespace could not be made, said once for every file that needs it. */
const UNAVAILABLE =
  'these tests run in a private network namespace and could not make one: they need `unshare -rn` (util-linux) ' +
  'with user namespaces allowed for this user, and `ip` (iproute2) to bring the loopback up';

/**
 * `true` inside the namespace: define the tests. `false` outside: a single test was defined that
 * runs `file` (pass `import.meta.url`) again inside the namespace with Node's test runner and
 * fails, with the inner runner's report, unless every inner test passed (and some ran).
 */
export function insidePrivateNetwork(file: string): boolean {
  if (process.env[MARK] === '1') return true;
  it('passes every one of its tests inside a private network namespace (port 23119 is the test’s own)', { timeout: 300_000 }, async () => {
    const probe = spawnSync('unshare', ['-rn', 'sh', '-c', 'PATH="$PATH:/usr/sbin:/sbin" ip link set lo up'], { stdio: 'ignore' });
    assert.equal(probe.status, 0, UNAVAILABLE);
    const script = 'PATH="$PATH:/usr/sbin:/sbin" ip link set lo up && exec "$0" "$@"';
    // NODE_TEST_CONTEXT marks a test runner's own child: without it, the inner runner runs the file itself.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const child = spawn('unshare', ['-rn', 'sh', '-c', script, process.execPath, '--test', '--test-reporter=tap', fileURLToPath(file)], {
      env: { ...env, [MARK]: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let report = '';
    child.stdout.on('data', (chunk: Buffer) => (report += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (report += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const count = (name: string): number => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(report)?.[1] ?? Number.NaN);
    // Each failing test's line and its YAML block (up to the `...` that ends it).
    const failures = [...report.matchAll(/^\s*not ok [^\n]*\n(?:(?!\s*\.\.\.\n)[^\n]*\n)*/gm)]
      .map(([block]) => block.replace(/^\s*(?:at |stack:).*\n/gm, ''))
      .join('');
    assert.ok(count('pass') > 0, `no test ran inside the namespace:\n${report.slice(-4000)}`);
    assert.equal(count('fail'), 0, `tests failed inside the namespace:\n${failures.slice(0, 8000)}`);
    assert.equal(code, 0, `the inner test runner exited with ${code}:\n${report.slice(-4000)}`);
  });
  return false;
}
