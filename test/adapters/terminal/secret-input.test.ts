import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough, Readable } from 'node:stream';
import { DRAIN_MS, readHiddenLine, readPipedSecret, readSecret, type RawTerminal } from '../../../src/adapters/terminal/index.js';

const LIMIT = 4096;
const piped = (...chunks: (string | Buffer)[]) =>
  readPipedSecret(Readable.from(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk))), LIMIT);

describe('a key read from a pipe (docs/command-line.md#qiongli-config)', () => {
  it('reads to the end and drops one trailing newline (LF or CRLF), no more', async () => {
    assert.deepEqual(await piped('abc', 'def\n'), { ok: true, value: 'abcdef' });
    assert.deepEqual(await piped('abc\r\n'), { ok: true, value: 'abc' });
    assert.deepEqual(await piped('abc'), { ok: true, value: 'abc' });
    assert.deepEqual(await piped('abc\n\n'), { ok: true, value: 'abc\n' }, 'a second newline stays, for the key check to refuse');
    assert.deepEqual(await piped('\n'), { ok: true, value: '' }, 'an empty line is an empty key');
  });

  it('answers no-input for empty or closed input', async () => {
    assert.deepEqual(await piped(), { ok: false, error: 'no-input' });
    const closed = new PassThrough();
    const reading = readPipedSecret(closed, LIMIT);
    closed.destroy(new Error('EBADF'));
    assert.deepEqual(await reading, { ok: false, error: 'no-input' });
  });

  it('stops reading at once past the bound: a 64 KiB key is refused, 4096 bytes are fine', async () => {
    assert.deepEqual(await piped('k'.repeat(64 * 1024)), { ok: false, error: 'too-long' });
    assert.deepEqual(await piped(`${'k'.repeat(LIMIT + 1)}\n`), { ok: false, error: 'too-long' });
    assert.deepEqual(await piped(`${'k'.repeat(LIMIT)}\r\n`), { ok: true, value: 'k'.repeat(LIMIT) });
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled += 1;
        this.push(Buffer.alloc(1024, 0x6b));
      },
    });
    assert.deepEqual(await readPipedSecret(endless, LIMIT), { ok: false, error: 'too-long' });
    // What was read: the bound, plus what the stream buffers ahead (16 KiB on Node 20, 64 KiB on 22+).
    assert.ok(pulled * 1024 <= LIMIT + endless.readableHighWaterMark + 2048, `${pulled} KiB pulled`);
    const stoppedAt = pulled;
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(pulled, stoppedAt, 'and reading stopped there');
  });

  it('refuses bytes that are not UTF-8', async () => {
    assert.deepEqual(await piped(Buffer.from([0x61, 0xff, 0x62])), { ok: false, error: 'not-utf8' });
  });
});

/** A terminal stdin stand-in: records every raw-mode switch. */
function fakeTerminal(): RawTerminal & PassThrough & { modes: boolean[]; isTTY: true } {
  const stream = new PassThrough() as PassThrough & { modes: boolean[]; isTTY: true; isRaw: boolean; setRawMode(mode: boolean): unknown };
  stream.modes = [];
  stream.isTTY = true;
  stream.isRaw = false;
  stream.setRawMode = (mode: boolean) => {
    stream.modes.push(mode);
    stream.isRaw = mode;
    return stream;
  };
  return stream;
}

const noInterrupts = () => () => undefined;

describe('a key read from a terminal without echo (docs/command-line.md#qiongli-config)', () => {
  it('switches to raw mode, reads the line up to Enter, and restores the mode', async () => {
    const terminal = fakeTerminal();
    const reading = readHiddenLine(terminal, noInterrupts, LIMIT);
    terminal.write('sk-');
    terminal.write('secret\r');
    assert.deepEqual(await reading, { ok: true, value: 'sk-secret' });
    assert.deepEqual(terminal.modes, [true, false]);
  });

  it('edits with Backspace and Ctrl-U', async () => {
    const terminal = fakeTerminal();
    const reading = readHiddenLine(terminal, noInterrupts, LIMIT);
    terminal.write('wrong\u0015rx\u007fig\bght\r'); // clear, r, x, delete x, i, g, delete g, ght
    assert.deepEqual(await reading, { ok: true, value: 'right' });
  });

  it('restores the mode on Ctrl-C, on Ctrl-D, on an interrupt and when the terminal closes', async () => {
    const cases: [string, (terminal: PassThrough, interrupt: () => void) => void, unknown][] = [
      ['Ctrl-C', (terminal) => terminal.write('sk-half\u0003'), { ok: false, error: 'cancelled' }],
      ['Ctrl-D on an empty line', (terminal) => terminal.write('\u0004'), { ok: false, error: 'no-input' }],
      ['Ctrl-D after the key', (terminal) => terminal.write('sk-x\u0004'), { ok: true, value: 'sk-x' }],
      ['a signal', (_terminal, interrupt) => interrupt(), { ok: false, error: 'cancelled' }],
      ['the terminal closing', (terminal) => terminal.end(), { ok: false, error: 'no-input' }],
    ];
    for (const [label, act, expected] of cases) {
      const terminal = fakeTerminal();
      let interrupt = (): void => undefined;
      let unregistered = false;
      const hook = (handler: () => void) => {
        interrupt = handler;
        return () => {
          unregistered = true;
        };
      };
      const reading = readHiddenLine(terminal, hook, LIMIT);
      act(terminal, interrupt);
      assert.deepEqual(await reading, expected, label);
      assert.deepEqual(terminal.modes, [true, false], label);
      assert.ok(unregistered, `${label}: the interrupt handler is removed`);
    }
  });

  it('drains what follows Enter, so a pasted key with a line break is refused and nothing reaches the shell', async () => {
    const terminal = fakeTerminal();
    const reading = readHiddenLine(terminal, noInterrupts, LIMIT);
    terminal.write('sk-first\rrm -rf ~\r');
    assert.deepEqual(await reading, { ok: false, error: 'line-break' });
    const late = fakeTerminal();
    const lateReading = readHiddenLine(late, noInterrupts, LIMIT);
    late.write('sk-first\r');
    setTimeout(() => late.write('second-half\r'), DRAIN_MS / 4);
    assert.deepEqual(await lateReading, { ok: false, error: 'line-break' }, 'the rest of the paste in a later chunk');
    assert.equal(late.read(), null, 'everything was consumed');
  });

  it('refuses a key over the bound after draining the paste', async () => {
    const terminal = fakeTerminal();
    const reading = readHiddenLine(terminal, noInterrupts, LIMIT);
    for (let chunk = 0; chunk < 16; chunk += 1) terminal.write('k'.repeat(4096));
    terminal.write('\r');
    assert.deepEqual(await reading, { ok: false, error: 'too-long' });
    assert.deepEqual(terminal.modes, [true, false]);
  });

  it('puts the prompt on the prompt channel, and reads a pipe without one', async () => {
    const terminal = fakeTerminal();
    const prompts: string[] = [];
    const rawWhenPrompted: boolean[] = [];
    const prompt = (text: string) => {
      prompts.push(text);
      rawWhenPrompted.push(terminal.isRaw === true);
    };
    const reading = readSecret(terminal, prompt, 'Key: ', LIMIT, noInterrupts);
    terminal.write('sk-x\r');
    assert.deepEqual(await reading, { ok: true, value: 'sk-x' });
    assert.deepEqual(prompts, ['Key: ', '\n']);
    assert.deepEqual(rawWhenPrompted, [true, false], 'raw before the prompt, restored before the final newline');
    const none: string[] = [];
    assert.deepEqual(await readSecret(Readable.from([Buffer.from('sk-y\n')]), (text) => none.push(text), 'Key: ', LIMIT, noInterrupts), {
      ok: true,
      value: 'sk-y',
    });
    assert.deepEqual(none, []);
  });
});
