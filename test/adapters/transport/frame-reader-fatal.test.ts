import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FrameReader } from '../../../src/adapters/transport/frame-reader.js';
import { RecordingListener, decode, end, fatal, line } from './recording-listener.js';

describe('FrameReader: fatal framing errors', () => {
  for (const value of ['abc', '', '   ', '-1', '+1', '1e3', '1.5', '0x10', '1 2', '٣', '9007199254740992', '99999999999999999999']) {
    it(`rejects the Content-Length value ${JSON.stringify(value)} as invalid-mcp-message (docs/protocol.md#framing)`, () => {
      assert.deepEqual(decode([`{"n":1}\nContent-Length: ${value}\r\n\r\n{"n":2}\n`]), [line('{"n":1}'), fatal('invalid-mcp-message')]);
    });
  }

  it('rejects a Content-Length line with nothing after the colon as invalid-mcp-message (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['Content-Length:\n\n']), [fatal('invalid-mcp-message')]);
    assert.deepEqual(decode(['Content-Length:\r\n\r\n']), [fatal('invalid-mcp-message')]);
  });

  it('accepts Number.MAX_SAFE_INTEGER as a valid (oversize) length, not an invalid one (docs/protocol.md#framing)', () => {
    const events = decode([`Content-Length: ${Number.MAX_SAFE_INTEGER}\r\n\r\nabc`]);
    assert.deepEqual(events, [fatal('incomplete-mcp-message')]);
  });

  it('reports an invalid value as soon as its line ends, before the header block ends (docs/protocol.md#framing)', () => {
    const listener = new RecordingListener();
    const reader = new FrameReader(listener);
    reader.push(Buffer.from('Content-Length: x\r\n'));
    assert.deepEqual(listener.events, [fatal('invalid-mcp-message')]);
  });

  it('reports nothing after a fatal event, whatever follows (docs/protocol.md#framing)', () => {
    const listener = new RecordingListener();
    const reader = new FrameReader(listener);
    reader.push(Buffer.from('Content-Length: x\r\n\r\n{"a":1}\n'));
    reader.push(Buffer.from('{"b":2}\n'));
    reader.end();
    assert.deepEqual(listener.events, [fatal('invalid-mcp-message')]);
    assert.equal(reader.closed, true);
  });

  it('reports end of input inside the first header line as incomplete-mcp-message (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['{"n":1}\nContent-Length: 12']), [line('{"n":1}'), fatal('incomplete-mcp-message')]);
  });

  it('reports end of input inside the header block as incomplete-mcp-message (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['Content-Length: 7\r\nX-Other: 1\r\n']), [fatal('incomplete-mcp-message')]);
  });

  it('reports end of input inside a payload as incomplete-mcp-message (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['Content-Length: 7\r\n\r\n{"a"']), [fatal('incomplete-mcp-message')]);
    assert.deepEqual(decode(['Content-Length: 7\r\n\r\n']), [fatal('incomplete-mcp-message')]);
  });

  it('reports end of input inside a skipped oversize payload as incomplete-mcp-message (docs/protocol.md#framing)', () => {
    const bounds = { maxFrameBytes: 24, maxHeaderBytes: 64 };
    assert.deepEqual(decode(['Content-Length: 30\r\n\r\n12345'], bounds), [fatal('incomplete-mcp-message')]);
  });

  it('reports a clean end exactly once, and nothing after it (docs/command-line.md)', () => {
    const listener = new RecordingListener();
    const reader = new FrameReader(listener);
    reader.push(Buffer.from('{"a":1}\n'));
    reader.end();
    reader.end();
    reader.push(Buffer.from('{"b":2}\n'));
    assert.deepEqual(listener.events, [line('{"a":1}'), end]);
  });
});
