import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { StdioTransport } from '../../../src/adapters/transport/index.js';
import { RecordingListener, cl, clFrame, end, fatal, line } from './recording-listener.js';
import { RecordingOutput, settle } from './stream-doubles.js';

const started = () => {
  const input = new PassThrough();
  const output = new RecordingOutput();
  const transport = new StdioTransport(input, output);
  const listener = new RecordingListener();
  transport.start(listener);
  return { input, output, transport, listener };
};

describe('StdioTransport: input', () => {
  it('delivers frames of both framings in arrival order, then a clean end (docs/protocol.md#framing)', async () => {
    const { input, listener } = started();
    input.write('{"n":1}\r\nCont');
    input.write(`ent-Length: 7\r\n\r\n{"n":2}${clFrame('{"n":3}')}`);
    input.end('{"n":4}');
    await settle();
    assert.deepEqual(listener.events, [line('{"n":1}'), cl('{"n":2}'), cl('{"n":3}'), line('{"n":4}'), end]);
  });

  it('reports a read error as read-failure, and nothing after it (docs/command-line.md)', async () => {
    const { input, listener } = started();
    input.write('{"n":1}\n');
    await settle();
    input.destroy(new Error('read failed'));
    await settle();
    assert.deepEqual(listener.events, [line('{"n":1}'), fatal('read-failure')]);
  });

  it('reports input closed without end as read-failure (docs/command-line.md)', async () => {
    const { input, listener } = started();
    input.destroy();
    await settle();
    assert.deepEqual(listener.events, [fatal('read-failure')]);
  });

  it('reports end of input inside a frame as incomplete-mcp-message, once (docs/protocol.md#framing)', async () => {
    const { input, listener } = started();
    input.end('Content-Length: 10\r\n\r\n{"n"');
    await settle();
    assert.deepEqual(listener.events, [fatal('incomplete-mcp-message')]);
  });

  it('reports an invalid Content-Length and reads nothing more (docs/protocol.md#framing)', async () => {
    const { input, listener } = started();
    input.write('Content-Length: abc\r\n\r\n');
    await settle();
    input.end('{"n":1}\n');
    await settle();
    assert.deepEqual(listener.events, [fatal('invalid-mcp-message')]);
  });

  it('accepts input already decoded to strings (docs/protocol.md#framing)', async () => {
    const { input, listener } = started();
    input.setEncoding('utf8');
    input.end('{"t":"文献"}\n');
    await settle();
    assert.deepEqual(listener.events, [line('{"t":"文献"}'), end]);
  });

  it('writes nothing to the output on its own (docs/command-line.md)', async () => {
    const { input, output, listener } = started();
    input.end('{"n":1}\nnot json\n');
    await settle();
    assert.equal(listener.events.length, 3);
    assert.equal(output.chunks.length, 0);
  });

  it('refuses to start twice', () => {
    const { transport } = started();
    assert.throws(() => transport.start(new RecordingListener()), /already started/);
  });
});
