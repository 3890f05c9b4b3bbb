import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { PassThrough } from 'node:stream';
import { StdioTransport } from '../../../src/adapters/transport/index.js';
import type { Framing } from '../../../src/ports/transport.port.js';
import { RecordingListener, cl, decode, end, fatal, line } from './recording-listener.js';
import { FailingOutput, RecordingOutput, SlowOutput, nextTurn, settle } from './stream-doubles.js';

const started = (output: RecordingOutput | SlowOutput | FailingOutput, input = new PassThrough()) => {
  const transport = new StdioTransport(input, output);
  const listener = new RecordingListener();
  transport.start(listener);
  return { transport, listener, input };
};

describe('StdioTransport: output', () => {
  it('writes a line frame as the payload and a newline, nothing else (docs/protocol.md#framing)', async () => {
    const output = new RecordingOutput();
    const { transport } = started(output);
    transport.send('{"id":1,"t":"文献"}', 'line');
    await transport.flush();
    assert.equal(output.text(), '{"id":1,"t":"文献"}\n');
  });

  it('writes a Content-Length frame with the UTF-8 byte length of a non-ASCII payload (docs/protocol.md#framing)', async () => {
    const output = new RecordingOutput();
    const { transport } = started(output);
    const payload = '{"id":1,"t":"文献 😀"}';
    transport.send(payload, 'content-length');
    await transport.flush();
    const bytes = Buffer.concat(output.chunks);
    assert.equal(bytes.toString('latin1', 0, 22), 'Content-Length: 26\r\n\r\n');
    assert.equal(bytes.length - 22, 26);
    assert.equal(bytes.subarray(22).toString('utf8'), payload);
  });

  it('keeps many frames whole and in call order across framings (docs/protocol.md#framing)', async () => {
    const output = new RecordingOutput();
    const { transport } = started(output);
    const expected = [];
    for (let index = 0; index < 2000; index++) {
      const framing: Framing = index % 3 === 0 ? 'content-length' : 'line';
      const payload = JSON.stringify({ id: index, text: 'é'.repeat(index % 50) });
      transport.send(payload, framing);
      expected.push(framing === 'line' ? line(payload) : cl(payload));
      if (index % 97 === 0) await nextTurn();
    }
    await transport.flush();
    assert.deepEqual(decode(output.chunks), [...expected, end]);
  });

  it('joins the frames sent in one event-loop turn into one write (docs/protocol.md#framing)', async () => {
    const output = new RecordingOutput();
    const { transport } = started(output);
    for (let index = 0; index < 100; index++) transport.send(`{"id":${index}}`, 'line');
    assert.equal(output.chunks.length, 0);
    await nextTurn();
    assert.equal(output.chunks.length, 1);
    transport.send('{"id":"later"}', 'line');
    await nextTurn();
    assert.equal(output.chunks.length, 2);
    assert.equal(decode(output.chunks).length, 102);
  });

  it('resolves flush only once the output has taken every queued frame (docs/protocol.md#framing)', async () => {
    const output = new SlowOutput();
    const { transport } = started(output);
    await transport.flush();
    transport.send('{"id":1}', 'line');
    transport.send('{"id":2}', 'content-length');
    let flushed = false;
    const flushing = transport.flush().then(() => {
      flushed = true;
    });
    assert.equal(output.inFlight, 1, 'flush hands the queued frames over at once');
    await settle();
    assert.equal(flushed, false);
    output.completeWrites();
    await flushing;
    assert.equal(flushed, true);
    assert.equal(output.text(), '{"id":1}\nContent-Length: 8\r\n\r\n{"id":2}');
  });

  it('pauses input while the output is full and resumes on drain, losing nothing (docs/protocol.md#framing)', async () => {
    const output = new SlowOutput();
    const input = new PassThrough();
    const transport = new StdioTransport(input, output, undefined, 1);
    const listener = new RecordingListener((text, framing) => transport.send(text, framing));
    transport.start(listener);
    input.write('{"n":1}\n{"n":2}\n');
    await settle();
    assert.equal(output.inFlight, 1);
    assert.equal(input.isPaused(), true, 'input is paused while the output is full');
    input.write('{"n":3}\nContent-Length: 7\r\n\r\n{"n":4}');
    await settle();
    assert.equal(listener.events.length, 2, 'nothing is read while paused');
    let rounds = 0;
    while (listener.events.length < 4 || output.inFlight > 0) {
      output.completeWrites();
      await settle();
      assert.ok(++rounds < 20, 'every frame flows after drain');
    }
    assert.equal(input.isPaused(), false, 'input resumes once drained');
    input.end();
    await settle();
    await transport.flush();
    assert.equal(output.text(), '{"n":1}\n{"n":2}\n{"n":3}\nContent-Length: 7\r\n\r\n{"n":4}');
    assert.deepEqual(listener.events.at(-1), end);
  });

  it('stops delivering frames in the middle of a chunk while the output is full, then delivers the rest in order', async () => {
    const output = new SlowOutput();
    const input = new PassThrough();
    const transport = new StdioTransport(input, output, undefined, 64);
    const big = 'x'.repeat(300 * 1024);
    const listener = new RecordingListener((_text, framing) => transport.send(`"${big}"`, framing));
    transport.start(listener);
    input.write(Array.from({ length: 50 }, (_, n) => `{"n":${n}}\n`).join(''));
    await settle();
    const deliveredWhileFull = listener.events.length;
    assert.ok(deliveredWhileFull < 50, 'delivery paused inside the chunk');
    let rounds = 0;
    while (listener.events.length < 50 || output.inFlight > 0) {
      output.completeWrites();
      await settle();
      assert.ok(++rounds < 200, 'every frame flows after drain');
    }
    input.end();
    await settle();
    await transport.flush();
    assert.equal(output.text().split('\n').length - 1, 50, 'every answer written once');
    assert.deepEqual(listener.events.at(-1), end);
  });

  it('holds delivery while its owner pauses reading, even when the output has room, and resumes in order', async () => {
    const output = new RecordingOutput();
    const input = new PassThrough();
    const transport = new StdioTransport(input, output);
    let held = false;
    const listener = new RecordingListener(() => {
      if (!held && listener.events.length === 2) {
        held = true;
        transport.pauseReading();
      }
    });
    transport.start(listener);
    input.write('{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n');
    await settle();
    assert.equal(listener.events.length, 2, 'delivery stops inside the chunk');
    input.write('{"n":5}\n');
    await settle();
    assert.equal(listener.events.length, 2);
    transport.resumeReading();
    await settle();
    assert.deepEqual(
      listener.events.map((event) => (event.kind === 'frame' ? event.text : event.kind)),
      ['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}', '{"n":5}'],
    );
  });

  it('reports EPIPE on the output as stdout-closed, once (docs/command-line.md)', async () => {
    const { transport, listener } = started(new FailingOutput('EPIPE'));
    transport.send('{"id":1}', 'line');
    await transport.flush();
    await settle();
    transport.send('{"id":2}', 'line');
    await transport.flush();
    await settle();
    assert.deepEqual(listener.events, [fatal('stdout-closed')]);
  });

  it('reports a write to a destroyed output as stdout-closed (docs/command-line.md)', async () => {
    const output = new RecordingOutput();
    const { transport, listener } = started(output);
    output.destroy();
    await settle();
    transport.send('{"id":1}', 'line');
    await transport.flush();
    await settle();
    assert.deepEqual(listener.events, [fatal('stdout-closed')]);
  });

  it('reports any other output error as write-failure (docs/command-line.md)', async () => {
    const { transport, listener } = started(new FailingOutput('EIO'));
    transport.send('{"id":1}', 'content-length');
    await transport.flush();
    await settle();
    assert.deepEqual(listener.events, [fatal('write-failure')]);
  });

  it('stops reading input after an output failure (docs/command-line.md)', async () => {
    const { transport, listener, input } = started(new FailingOutput('EPIPE'));
    transport.send('{"id":1}', 'line');
    await settle();
    input.write('{"n":1}\n');
    input.end();
    await settle();
    assert.deepEqual(listener.events, [fatal('stdout-closed')]);
  });

  it('still reports an output failure after a clean end of input (docs/command-line.md)', async () => {
    const { transport, listener, input } = started(new FailingOutput('EPIPE'));
    input.end('{"n":1}\n');
    await settle();
    transport.send('{"id":1}', 'line');
    await transport.flush();
    await settle();
    assert.deepEqual(listener.events, [line('{"n":1}'), end, fatal('stdout-closed')]);
  });
});
