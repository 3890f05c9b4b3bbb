import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { initialize, request } from '../support/messages.js';
import { exchange, runProgram } from '../support/run-program.js';

/** What a placeholder of a usage line stands for when the line is run. */
const SAMPLES: Readonly<Record<string, string>> = { P: 'openalex', PROVIDER: 'openalex', ADDRESS: 'me@example.org', SUBCOMMAND: 'status' };

/**
 * Every `qiongli …` command a help text shows: one per `|`-separated form (a form without its own
 * `qiongli` continues the first form's command, as in `qiongli config status | check`), one per
 * alternative of a word such as `lite|standard`, optional parts dropped, placeholders filled.
 */
function commandsOf(help: string): string[][] {
  const commands: string[][] = [];
  for (const line of help.split('\n')) {
    const text = line.replace(/^usage:/u, '').trim();
    if (!text.startsWith('qiongli ') || text.includes(' - ')) continue; // not a title line
    const [first = '', ...others] = text.split(' | ');
    const lead = first.split(' ').slice(0, 2).join(' ');
    for (const form of [first, ...others.map((other) => (other.startsWith('qiongli ') ? other : `${lead} ${other}`))]) {
      const words = form
        .replace(/\s*\[[^\]]*\]+/gu, '')
        .trim()
        .split(' ')
        .slice(1);
      const alternatives = words.find((word) => word.includes('|'))?.split('|') ?? [undefined];
      for (const alternative of alternatives) commands.push(words.map((word) => (word.includes('|') ? (alternative ?? word) : (SAMPLES[word] ?? word))));
    }
  }
  return commands;
}

/** Commands that wait for a person (a hidden key prompt, the setup page): run with `--help` instead. */
const WAITS_FOR_A_PERSON = new Set(['set-key', 'setup']);

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
    for (const helpArgs of [['--help'], ['mcp', '--help'], ['mcp', 'serve', '--help'], ['config', '--help']]) {
      const help = await runProgram({ args: helpArgs });
      assert.equal(help.code, 0);
      for (const args of commandsOf(help.stdout.toString('utf8'))) seen.add(args.join(' '));
    }
    for (const expected of ['mcp serve --profile standard --transport stdio', 'config check', 'config setup', 'config enable openalex', 'config status --help'])
      assert.ok(seen.has(expected), [...seen].join('; '));
    for (const command of seen) {
      const args = command.split(' ');
      const run = await runProgram({ args: args[0] === 'config' && WAITS_FOR_A_PERSON.has(args[1] ?? '') ? [...args.slice(0, 2), '--help'] : args });
      assert.equal(run.code, 0, `qiongli ${command}: ${run.stderr}`);
    }
  });
});
