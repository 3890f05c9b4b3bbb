import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { main } from '../../src/composition/main.js';
import { terminalHint } from '../../src/composition/terminal-hint.js';
import { SERVE_ARGS } from '../support/built-program.js';
import { isolatedConfigHome } from '../support/run-program.js';

/** Runs `main` to serve over in-memory streams; stdin ends at once. Returns what each channel got. */
async function serveOnce(stdinIsTerminal: boolean) {
  const stdin = Object.assign(new PassThrough(), { isTTY: stdinIsTerminal });
  const stdout = new PassThrough();
  const written: string[] = [];
  stdout.on('data', (chunk: Buffer) => written.push(chunk.toString('utf8')));
  const stderr: string[] = [];
  const saved = process.env.QIONGLI_CONFIG_HOME;
  process.env.QIONGLI_CONFIG_HOME = isolatedConfigHome();
  try {
    const code = await new Promise<number>((resolve) => {
      main(SERVE_ARGS, {
        stdin,
        stdout,
        writeStdout: (text) => written.push(text),
        writeStderr: (text) => stderr.push(text),
        exit: resolve,
        onSignal: () => undefined,
        onUncaught: () => undefined,
      });
      stdin.end();
    });
    return { code, stdout: written.join(''), stderr: stderr.join('') };
  } finally {
    process.env.QIONGLI_CONFIG_HOME = saved;
  }
}

describe('the hint for a person who starts the server in a terminal', () => {
  it('writes one static line to stderr, none to stdout, when stdin is a terminal', async () => {
    const run = await serveOnce(true);
    assert.equal(run.stderr, terminalHint(process.platform));
    assert.equal(run.stderr.split('\n').length, 2, 'one line');
    assert.equal(run.stdout, '');
    assert.equal(run.code, 0);
  });

  it('writes nothing to stderr when stdin is not a terminal (a client started it)', async () => {
    const run = await serveOnce(false);
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
  });

  it('names the end-of-input key of the platform, and Ctrl-C', () => {
    assert.match(terminalHint('linux'), /Ctrl-D.*Ctrl-C/);
    assert.match(terminalHint('darwin'), /Ctrl-D.*Ctrl-C/);
    assert.match(terminalHint('win32'), /Ctrl-Z then Enter.*Ctrl-C/);
  });
});
