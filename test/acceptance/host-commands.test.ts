import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUILT_BIN } from '../support/built-program.js';
import { initialize } from '../support/messages.js';
import { lines, runProgram } from '../support/run-program.js';

/**
 * What `gemini mcp add` stores for a stdio server (google-gemini/gemini-cli,
 * packages/cli/src/commands/mcp/add.ts): `command` is the first positional after the name, `args`
 * the positionals after it, plus every unknown option, plus everything after `--`. Options it
 * knows (`--transport`/`-t`, `--scope`, `--env`, …) are its own wherever they stand.
 */
function geminiStores(argv: readonly string[]): { command: string; args: string[] } {
  const dash = argv.indexOf('--');
  const before = dash < 0 ? [...argv] : argv.slice(0, dash);
  const after = dash < 0 ? [] : argv.slice(dash + 1);
  const own = new Set(['--transport', '-t', '--type', '--scope', '-s', '--env', '-e']);
  const kept: string[] = [];
  for (let index = 0; index < before.length; index++) {
    if (own.has(before[index]!))
      index += 1; // the option and its value are Gemini's
    else kept.push(before[index]!);
  }
  const [, command, ...args] = kept; // the first positional is the server's name
  return { command: command!, args: [...args, ...after] };
}

// Issue 19: Gemini CLI silently dropped `--transport stdio` and showed the server Disconnected.
describe('the Gemini CLI form of docs/clients.md starts the server (issue 19)', () => {
  it('with `--`, the stored command and arguments start the built program, which answers initialize', async () => {
    const stored = geminiStores(['qiongli', 'node', BUILT_BIN, '--', 'mcp', 'serve', '--profile', 'lite', '--transport', 'stdio']);
    assert.deepEqual(stored, { command: 'node', args: [BUILT_BIN, 'mcp', 'serve', '--profile', 'lite', '--transport', 'stdio'] });
    const run = await runProgram({ program: stored.args[0]!, args: stored.args.slice(1), input: lines(initialize(1, '2025-06-18')) });
    assert.equal(run.code, 0, run.stderr);
    assert.equal((JSON.parse(run.stdout.toString('utf8').split('\n')[0]!) as { result: { serverInfo: { name: string } } }).result.serverInfo.name, 'qiongli');
  });

  it('without `--`, Gemini keeps --transport stdio for itself and the stored command exits 2 (why the docs insist)', async () => {
    const stored = geminiStores(['qiongli', 'node', BUILT_BIN, 'mcp', 'serve', '--profile', 'lite', '--transport', 'stdio']);
    assert.deepEqual(stored.args, [BUILT_BIN, 'mcp', 'serve', '--profile', 'lite']);
    const run = await runProgram({ program: stored.args[0]!, args: stored.args.slice(1), input: lines(initialize(1, '2025-06-18')) });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--transport/u);
  });
});
