import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { encodeFrame } from '../../../src/adapters/transport/frame-encoder.js';
import { classifyOutputError } from '../../../src/adapters/transport/output-failure.js';

describe('encodeFrame', () => {
  it('writes a line frame as the payload followed by one newline (docs/protocol.md#framing)', () => {
    assert.equal(encodeFrame('{"id":1}', 'line'), '{"id":1}\n');
  });

  it('keeps a compact JSON text whose values hold newlines on one line (docs/protocol.md#framing)', () => {
    const frame = encodeFrame(JSON.stringify({ text: 'a\nb\r\nc\u2028' }), 'line');
    assert.equal(frame.indexOf('\n'), frame.length - 1);
  });

  it('prefixes a Content-Length frame with the UTF-8 byte length and a blank line (docs/protocol.md#framing)', () => {
    const payload = '{"t":"文献 é 😀"}';
    assert.equal(Buffer.byteLength(payload), 22);
    assert.equal(encodeFrame(payload, 'content-length'), `Content-Length: 22\r\n\r\n${payload}`);
  });

  it('counts a lone surrogate as the 3 bytes it is written as (docs/protocol.md#framing)', () => {
    const frame = encodeFrame('"\uD800"', 'content-length');
    const bytes = Buffer.from(frame, 'utf8');
    const headerEnd = bytes.indexOf('\r\n\r\n') + 4;
    assert.equal(frame.startsWith('Content-Length: 5\r\n\r\n'), true);
    assert.equal(bytes.length - headerEnd, 5);
  });
});

describe('classifyOutputError', () => {
  it('maps a closed stdout to stdout-closed and any other error to write-failure (docs/command-line.md)', () => {
    for (const code of ['EPIPE', 'ECONNRESET', 'EBADF', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']) {
      assert.equal(classifyOutputError(Object.assign(new Error('x'), { code })), 'stdout-closed', code);
    }
    assert.equal(classifyOutputError(Object.assign(new Error('x'), { code: 'EIO' })), 'write-failure');
    assert.equal(classifyOutputError(new Error('x')), 'write-failure');
    assert.equal(classifyOutputError('not an error'), 'write-failure');
  });
});
