import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../support/built-program.js';
import { initialize, request } from '../support/messages.js';
import { exchange, runProgram } from '../support/run-program.js';

/** Example values for the placeholders the usage lines name. */
const PLACEHOLDERS: Readonly<Record<string, string>> = { P: 'openalex', ADDRESS: 'someone@example.org', SUBCOMMAND: 'status' };

/**
 * Every `qiongli …` command a help text shows, one per `|`-separated form, optional parts dropped
 * and placeholders filled. A form without `qiongli` continues the command before it
 * (`qiongli config status | check` is `config status` and `config check`).
 */
function commandsOf(help: string): string[][] {
  const commands: string[][] = [];
  for (const line of help.split('\n')) {
    const text = line.replace(/^usage:/u, '').trim();
    if (!text.startsWith('qiongli ') || text.includes(' - ')) continue; // not a title line
    let prefix: string[] = [];
    for (const form of text.split(' | ')) {
      const words = form
        .replace(/\s*\[[^\]]*\]+/gu, '')
        .trim()
        .split(' ')
        .map((word) => PLACEHOLDERS[word] ?? word);
      const command = words[0] === 'qiongli' ? words.slice(1) : [...prefix, ...words];
      prefix = words[0] === 'qiongli' ? command.slice(0, command.length > 1 && !command[0]?.startsWith('-') ? 1 : 0) : prefix;
      // A word offering choices (`lite|standard`) gives one command per choice.
      const choice = command.findIndex((word) => word.includes('|'));
      if (choice < 0) commands.push(command);
      else for (const option of command[choice]?.split('|') ?? []) commands.push(command.with(choice, option));
    }
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
    for (const helpArgs of [['--help'], ['mcp', '--help'], ['mcp', 'serve', '--help'], ['config', '--help']]) {
      const help = await runProgram({ args: helpArgs });
      assert.equal(help.code, 0);
      for (const args of commandsOf(help.stdout.toString('utf8'))) seen.add(args.join(' '));
    }
    assert.ok(seen.has('mcp serve --profile lite --transport stdio') && seen.has('mcp serve --profile standard --transport stdio'), [...seen].join('; '));
    assert.ok(seen.has('config check') && seen.has('config set-email openalex someone@example.org') && seen.has('config setup'), [...seen].join('; '));
    for (const command of seen) {
      // setup serves the page and waits for a person (a save, 10 minutes, or Ctrl-C): its usage is run as its help.
      if (command === 'config setup') {
        assert.equal((await runProgram({ args: ['config', 'setup', '--help'] })).code, 0);
        continue;
      }
      // set-key reads the key from stdin; whether it can be kept depends on the credential store,
      // so it is run for its usage only (a key given, exit 0 or the store's one-line reason).
      const run = await runProgram({ args: command.split(' '), input: command.startsWith('config set-key') ? 'a-test-key\n' : undefined });
      if (command.startsWith('config set-key')) assert.notEqual(run.code, 2, `qiongli ${command}: ${run.stderr}`);
      else assert.equal(run.code, 0, `qiongli ${command}: ${run.stderr}`);
    }
  });
});

// Issue 25 row 5: `claude mcp add` without a scope registers the server for one folder only.
describe('every Claude Code command the docs give works in every folder (issue 25, row 5)', () => {
  it('each `claude mcp add` in the README and docs/ says --scope user', () => {
    const files = [
      'README.md',
      ...readdirSync(join(PROJECT_ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => join('docs', name)),
    ];
    const commands = files.flatMap((file) =>
      [...readFileSync(join(PROJECT_ROOT, file), 'utf8').matchAll(/claude mcp add\b[^\n`]*/gu)].map((match) => `${file}: ${match[0]}`),
    );
    assert.ok(commands.length >= 5, commands.join('\n'));
    assert.deepEqual(
      commands.filter((command) => !/claude mcp add --scope user qiongli -- /u.test(command)),
      [],
    );
  });
});
