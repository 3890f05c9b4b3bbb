import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_BIN, SERVE_ARGS } from '../support/built-program.js';
import { runProgram, testEnv } from '../support/run-program.js';
import { terminalHint } from '../../src/composition/terminal-hint.js';

const shellQuote = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`;

/**
 * Starts the built program on a pseudo-terminal (util-linux or BSD `script`), with its stderr
 * sent to a file, and types Ctrl-D. Returns the exit code and the stderr file's text.
 */
async function serveOnTerminal(): Promise<{ code: number | null; stderr: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'qiongli-tty-'));
  const stderrFile = join(folder, 'stderr');
  const command = [process.execPath, BUILT_BIN, ...SERVE_ARGS].map(shellQuote).join(' ') + ` 2>${shellQuote(stderrFile)}`;
  const argv = process.platform === 'darwin' ? ['-q', '/dev/null', 'sh', '-c', command] : ['-qec', command, '/dev/null'];
  try {
    const child = spawn('script', argv, { env: testEnv(), stdio: ['pipe', 'ignore', 'ignore'] });
    const stuck = setTimeout(() => child.kill('SIGKILL'), 15_000); // a lost Ctrl-D fails the test, never hangs it
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (exitCode) => {
        clearTimeout(stuck);
        resolve(exitCode);
      });
      child.stdin.write('\x04'); // Ctrl-D on an empty line: end of input
    });
    return { code, stderr: readFileSync(stderrFile, 'utf8') };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the built program started by hand in a terminal', () => {
  it('prints the one-line hint on stderr and exits 0 when Ctrl-D ends its input', { timeout: 20_000 }, async () => {
    const { code, stderr } = await serveOnTerminal();
    assert.equal(stderr, terminalHint(process.platform));
    assert.equal(code, 0);
  });

  it('keeps stderr empty when stdin is a pipe, as every MCP client starts it', async () => {
    const run = await runProgram({ input: '' });
    assert.equal(run.stderr, '');
    assert.equal(run.stdout.length, 0);
    assert.equal(run.code, 0);
  });
});
