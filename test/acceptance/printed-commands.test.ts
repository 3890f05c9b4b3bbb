import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { initialize, request } from '../support/messages.js';
import { exchange, runProgram } from '../support/run-program.js';

/** Every `qiongli …` command a help text shows, one per `|`-separated form, optional parts dropped. */
function commandsOf(help: string): string[][] {
  const commands: string[][] = [];
  for (const line of help.split('\n')) {
    const text = line.replace(/^usage:/u, '').trim();
    if (!text.startsWith('qiongli ') || text.includes(' - ')) continue; // not a title line
    for (const form of text.split(' | '))
      commands.push(
        form
          .replace(/\s*\[[^\]]*\]+/gu, '')
          .trim()
          .split(' ')
          .slice(1),
      );
  }
  return commands;
}

// Issue 19: the previews printed `qiongli mcp serve --transport stdio`, which exits 2.
describe('every command the program prints runs (issue 19)', () => {
  it('the route and task previews name no command: upgrade says the Full runtime is not available here', async () => {
    const { responses } = await exchange(
      initialize(0, '2025-06-18'),
      request(1, 'tools/call', { name: 'qiongli_orchestrator_route', arguments: { request: 'write a review' } }),
      request(2, 'tools/call', { name: 'qiongli_task_plan', arguments: { task_id: 't', paper_type: 'review', topic: 'x' } }),
    );
    for (const id of [1, 2]) {
      const result = responses.find((response) => response.id === id)?.result;
      assert.deepEqual(result?.structuredContent?.upgrade, { required_for_execution: true, runtime_profile: 'full_cli', available: false });
      assert.doesNotMatch(JSON.stringify(result), /qiongli mcp/u);
    }
  });

  it('every usage line of every help text runs and exits 0 (stdin closed: a server ends at once)', async () => {
    const seen = new Set<string>();
    for (const helpArgs of [['--help'], ['mcp', '--help'], ['mcp', 'serve', '--help']]) {
      const help = await runProgram({ args: helpArgs });
      assert.equal(help.code, 0);
      for (const args of commandsOf(help.stdout.toString('utf8'))) seen.add(args.join(' '));
    }
    assert.ok(seen.has('mcp serve --profile lite --transport stdio'), [...seen].join('; '));
    for (const command of seen) {
      const run = await runProgram({ args: command.split(' ') });
      assert.equal(run.code, 0, `qiongli ${command}: ${run.stderr}`);
    }
  });
});
