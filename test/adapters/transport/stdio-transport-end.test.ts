import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { StdioTransport } from '../../../src/adapters/transport/index.js';
import { RecordingListener, end, fatal, line } from './recording-listener.js';
import { FailingOutput, RecordingOutput, SlowOutput, settle, socketPair } from './stream-doubles.js';

describe('StdioTransport: end of input while delivery is held (docs/robustness.md)', () => {
  it('keeps an end of input that comes while its owner holds delivery, and delivers every frame read before it first', async () => {
    const { input, peer, dispose } = await socketPair();
    try {
      const transport = new StdioTransport(input, new RecordingOutput());
      const listener = new RecordingListener(() => transport.pauseReading());
      transport.start(listener);
      const closed = once(input, 'close');
      peer.end('{"n":1}\n{"n":2}\n{"n":3}');
      await closed;
      await settle();
      assert.deepEqual(listener.events, [line('{"n":1}')], 'held: nothing more, and no failure');
      const resumeAll = (): void => transport.resumeReading();
      for (let round = 0; round < 5; round++) resumeAll();
      await settle();
      assert.deepEqual(listener.events, [line('{"n":1}'), line('{"n":2}'), line('{"n":3}'), end]);
    } finally {
      dispose();
    }
  });

  it('keeps an end of input that comes while the output is full, and delivers every frame read before it as the output drains', async () => {
    const { input, peer, dispose } = await socketPair();
    try {
      const output = new SlowOutput();
      const transport = new StdioTransport(input, output, undefined, 1);
      const listener = new RecordingListener((text) => transport.send(`${text}${'.'.repeat(300 * 1024)}`, 'line'));
      transport.start(listener);
      const closed = once(input, 'close');
      peer.end('{"n":1}\n{"n":2}\n{"n":3}\n');
      await closed;
      await settle();
      assert.ok(listener.events.length < 4, 'delivery was held by the full output');
      for (let round = 0; round < 20 && listener.events.length < 4; round++) {
        output.completeWrites();
        await settle();
      }
      assert.deepEqual(listener.events, [line('{"n":1}'), line('{"n":2}'), line('{"n":3}'), end]);
    } finally {
      dispose();
    }
  });

  it('delivers the complete frames read before a read error that came while delivery was held, then reports read-failure', async () => {
    const { input, peer, dispose } = await socketPair();
    try {
      const transport = new StdioTransport(input, new RecordingOutput());
      const listener = new RecordingListener(() => transport.pauseReading());
      transport.start(listener);
      peer.write('{"n":1}\n{"n":2}\n{"n":3');
      while (listener.events.length === 0) await settle();
      input.destroy(new Error('read failed'));
      await settle();
      assert.deepEqual(listener.events, [line('{"n":1}')]);
      transport.resumeReading();
      transport.resumeReading();
      await settle();
      assert.deepEqual(listener.events, [line('{"n":1}'), line('{"n":2}'), fatal('read-failure')], 'the partial frame is dropped');
    } finally {
      dispose();
    }
  });

  it('still reports an output failure after the input failed, so the caller exits with it', async () => {
    const input = new PassThrough();
    const transport = new StdioTransport(input, new FailingOutput('EPIPE'));
    const listener = new RecordingListener();
    transport.start(listener);
    input.destroy();
    await settle();
    transport.send('{}', 'line');
    await transport.flush();
    await settle();
    assert.deepEqual(listener.events, [fatal('read-failure'), fatal('stdout-closed')]);
  });
});
