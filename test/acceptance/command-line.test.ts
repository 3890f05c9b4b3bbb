import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { BUILT_BIN } from '../support/built-program.js';
import { exchange, lines, parseLines, runProgram, testEnv } from '../support/run-program.js';
import { USAGE_MESSAGES } from '../../src/adapters/cli/usage-messages.js';
import { VERSION } from '../../src/composition/version.js';
import { initialize, request } from '../support/messages.js';

const C = 'CANARY-cli-42';
const base = ['mcp', 'serve'];
const USAGE_CASES: { args: string[]; message: string }[] = [
  { args: [], message: USAGE_MESSAGES.missingSubcommand },
  { args: ['mcp'], message: USAGE_MESSAGES.missingSubcommand },
  { args: [C], message: USAGE_MESSAGES.unknownSubcommand },
  { args: [...base, '--profile', 'lite', '--transport', 'stdio', C], message: USAGE_MESSAGES.extraArgument },
  { args: [...base, '--profile', 'lite', '--transport'], message: USAGE_MESSAGES.optionWithoutValue },
  { args: [...base, '--profile', 'lite', '--transport', 'stdio', `--${C}`, 'x'], message: USAGE_MESSAGES.unknownOption },
  { args: [...base, '--profile', 'lite', '--profile=lite', '--transport', 'stdio'], message: USAGE_MESSAGES.duplicateOption },
  { args: [...base, '--profile', `lite\uFFFD${C}`, '--transport', 'stdio'], message: USAGE_MESSAGES.nonUtf8Argument },
  { args: [...base, '--profile', C, '--transport', 'stdio'], message: USAGE_MESSAGES.unsupportedProfile },
  { args: [...base, '--profile', 'full', '--transport', 'stdio'], message: USAGE_MESSAGES.fullProfileUnavailable },
  { args: [...base, '--profile', 'lite', '--transport', C], message: USAGE_MESSAGES.unsupportedTransport },
  { args: [...base, '--transport', 'stdio'], message: USAGE_MESSAGES.missingProfile },
  { args: [...base, '--profile', 'lite'], message: USAGE_MESSAGES.missingTransport },
  { args: [...base, '--profile', 'lite', '--transport', 'stdio', '--capabilities', `config,${C}`], message: USAGE_MESSAGES.unknownCapabilityGroup },
  { args: [...base, '--profile', 'lite', '--transport', 'stdio', '--capabilities='], message: USAGE_MESSAGES.emptyCapabilityList },
  { args: [...base, '--profile', 'lite', '--transport', 'stdio', '--capabilities', 'config,,zotero'], message: USAGE_MESSAGES.emptyCapabilityItem },
  { args: [...base, '--profile', 'lite', '--transport', 'stdio', '--capabilities', 'zotero,zotero'], message: USAGE_MESSAGES.repeatedCapabilityGroup },
];

describe('the built program’s command line (docs/command-line.md)', () => {
  for (const { args, message } of USAGE_CASES) {
    it(`exits 2 with "${message}" for [${args.join(' ')}], stdout empty, input not echoed`, async () => {
      // stdin carries a valid request: it must never be read when the command line is wrong
      const run = await runProgram({ args, input: lines(initialize(1)) });
      assert.equal(run.code, 2);
      assert.equal(run.stdout.length, 0);
      assert.ok(run.stderr.startsWith(`error: ${message}\n`));
      assert.match(run.stderr, /usage:/i);
      assert.ok(!run.stderr.includes(C));
    });
  }

  it('prints the version and the runtime it runs on, and exits 0', async () => {
    const run = await runProgram({ args: ['--version'] });
    assert.equal(run.code, 0);
    const os = process.platform === 'win32' ? 'win' : process.platform;
    assert.equal(run.stdout.toString('utf8'), `qiongli ${VERSION} (node ${process.version}, ${os}-${process.arch})\n`);
    assert.equal(run.stderr, '');
  });

  for (const args of [['--help'], ['mcp', '--help'], ['mcp', 'serve', '--help']]) {
    it(`prints help for ${args.join(' ')} and exits 0`, async () => {
      const run = await runProgram({ args });
      assert.equal(run.code, 0);
      assert.match(run.stdout.toString('utf8'), /qiongli mcp serve --profile lite\|standard --transport stdio/);
    });
  }

  it('accepts the marketplace-lite alias, --name=value and any option order', async () => {
    const run = await runProgram({
      args: ['mcp', 'serve', '--transport=stdio', '--profile=marketplace-lite'],
      input: lines(initialize(1)),
    });
    assert.equal(run.code, 0);
    assert.equal((parseLines(run.stdout)[0] as any).result.protocolVersion, '2025-06-18');
  });

  it('serves only the granted tools; an ungranted tool answers exactly like an unknown tool', async () => {
    const args = ['mcp', 'serve', '--profile', 'lite', '--transport', 'stdio', '--capabilities', 'zotero'];
    const messages = [
      initialize(1),
      request(2, 'tools/list'),
      request(3, 'tools/call', { name: 'qiongli_task_plan', arguments: {} }),
      request(4, 'tools/call', { name: 'qiongli_nope', arguments: {} }),
    ];
    const run = await runProgram({ args, input: lines(...messages) });
    const responses = parseLines(run.stdout) as any[];
    const names: string[] = responses[1].result.tools.map((tool: any) => tool.name);
    assert.ok(names.every((name) => name.startsWith('qiongli_zotero_')));
    assert.ok(names.includes('qiongli_zotero_status'));
    assert.deepEqual({ ...responses[2].error }, { ...responses[3].error });
  });
});

describe('stdio framing and exit codes of the built program (docs/protocol.md#framing)', () => {
  const frameCL = (message: unknown) => {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
  };

  it('answers each request in the framing it came in, both framings interleaved', async () => {
    const input = Buffer.concat([frameCL(initialize(1)), Buffer.from(lines(request(2, 'ping'))), frameCL(request(3, 'ping'))]);
    const run = await runProgram({ input });
    const text = run.stdout.toString('utf8');
    assert.match(text, /^Content-Length: \d+\r\n\r\n\{"jsonrpc":"2.0","id":1,/);
    assert.ok(text.includes('}}{"jsonrpc":"2.0","id":2,"result":{}}\nContent-Length: '));
    assert.ok(text.endsWith('{"jsonrpc":"2.0","id":3,"result":{}}'));
    assert.equal(run.code, 0);
  });

  it('exits 1 with error: invalid-mcp-message on a bad Content-Length, nothing else on stderr', async () => {
    const run = await runProgram({ input: 'Content-Length: abc\r\n\r\n{}' });
    assert.equal(run.code, 1);
    assert.equal(run.stderr, 'error: invalid-mcp-message\n');
  });

  it('exits 1 with error: incomplete-mcp-message at end of input inside a frame', async () => {
    const run = await runProgram({ input: 'Content-Length: 50\r\n\r\n{"jsonrpc"' });
    assert.equal(run.code, 1);
    assert.equal(run.stderr, 'error: incomplete-mcp-message\n');
  });

  it('answers a request sent before end of input, then exits 0 with empty stderr', async () => {
    const { responses, run } = await exchange(request(1, 'ping'));
    assert.equal(responses.length, 1);
    assert.equal(run.code, 0);
    assert.equal(run.stderr, '');
  });

  it('stops promptly with exit 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [BUILT_BIN, 'mcp', 'serve', '--profile', 'lite', '--transport', 'stdio'], { env: testEnv() });
    const firstOutput = new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdin.write(lines(request(1, 'ping')));
    await firstOutput;
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
