import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { FrameReader } from '../../../src/adapters/transport/frame-reader.js';
import type { Framing, TransportFailure, TransportListener } from '../../../src/ports/transport.port.js';

/** A listener that records events and can pause the reader from inside a delivery. */
function pausingListener(pauseAfter: number) {
  const events: string[] = [];
  let reader!: FrameReader;
  const listener: TransportListener = {
    onFrame: (payload: Uint8Array, framing: Framing) => {
      events.push(`${framing}:${Buffer.from(payload).toString('utf8')}`);
      if (events.length === pauseAfter) reader.pause();
    },
    onOversize: (framing: Framing) => events.push(`oversize:${framing}`),
    onEnd: () => events.push('end'),
    onFatal: (reason: TransportFailure) => events.push(`fatal:${reason}`),
  };
  reader = new FrameReader(listener);
  return { events, reader };
}

describe('FrameReader pause and resume (back-pressure, docs/protocol.md#framing)', () => {
  it('stops delivering inside a chunk and keeps the rest, in order, for resume', () => {
    const { events, reader } = pausingListener(2);
    reader.push(Buffer.from('{"a":1}\n{"a":2}\n{"a":3}\nContent-Length: 7\r\n\r\n{"a":4}'));
    assert.deepEqual(events, ['line:{"a":1}', 'line:{"a":2}']);
    reader.push(Buffer.from('{"a":5}\n'));
    assert.equal(events.length, 2, 'input pushed while paused is held too');
    reader.resume();
    assert.deepEqual(events.slice(2), ['line:{"a":3}', 'content-length:{"a":4}', 'line:{"a":5}']);
  });

  it('defers end of input until everything held back was delivered', () => {
    const { events, reader } = pausingListener(1);
    reader.push(Buffer.from('{"b":1}\n{"b":2}'));
    reader.end();
    assert.deepEqual(events, ['line:{"b":1}']);
    reader.resume();
    assert.deepEqual(events, ['line:{"b":1}', 'line:{"b":2}', 'end']);
  });

  it('still reports a fatal framing error found after a resume', () => {
    const { events, reader } = pausingListener(1);
    reader.push(Buffer.from('{"c":1}\nContent-Length: x\r\n\r\n'));
    reader.resume();
    assert.deepEqual(events, ['line:{"c":1}', 'fatal:invalid-mcp-message']);
  });
});
