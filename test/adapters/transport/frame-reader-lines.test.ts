import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FrameReader } from '../../../src/adapters/transport/frame-reader.js';
import { decode, end, line } from './recording-listener.js';

describe('FrameReader: line framing', () => {
  it('delivers each newline-terminated line as one line frame (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['{"a":1}\n{"b":2}\n']), [line('{"a":1}'), line('{"b":2}'), end]);
  });

  it('strips one trailing carriage return of CRLF lines (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['{"a":1}\r\n{"b":2}\r\n']), [line('{"a":1}'), line('{"b":2}'), end]);
  });

  it('strips only the last carriage return, keeping inner ones (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['{"a":\r1}\r\r\n']), [line('{"a":\r1}\r'), end]);
  });

  it('skips blank lines between messages: empty, CR-only and whitespace-only (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['\n\r\n{"a":1}\n  \t\r\n\n{"b":2}\n\n']), [line('{"a":1}'), line('{"b":2}'), end]);
  });

  it('delivers a last line without newline at end of input, then ends (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['{"a":1}\n{"b":2}']), [line('{"a":1}'), line('{"b":2}'), end]);
  });

  it('strips a trailing carriage return of the unterminated last line (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['{"b":2}\r']), [line('{"b":2}'), end]);
  });

  it('ends cleanly on empty input and on input of blank lines only (docs/command-line.md)', () => {
    assert.deepEqual(decode([]), [end]);
    assert.deepEqual(decode(['\n\r\n \n']), [end]);
  });

  it('delivers raw bytes, not decoded text: invalid UTF-8 passes through untouched (docs/protocol.md#framing)', () => {
    const events: Uint8Array[] = [];
    const bytes = Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]);
    const reader = new FrameReader({
      onFrame: (payload) => events.push(Uint8Array.from(payload)),
      onOversize: () => assert.fail('no oversize expected'),
      onEnd: () => undefined,
      onFatal: () => assert.fail('no fatal expected'),
    });
    reader.push(bytes);
    reader.end();
    assert.deepEqual(events, [Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d])]);
  });

  it('treats lines that only resemble a header as line messages (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['Content-Length 5\nContent-Lengthy: 5\n Content-Length: 5\ncontent-length\n']), [
      line('Content-Length 5'),
      line('Content-Lengthy: 5'),
      line(' Content-Length: 5'),
      line('content-length'),
      end,
    ]);
  });
});
