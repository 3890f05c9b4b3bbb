import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cl, clFrame, decode, end, line } from './recording-listener.js';

describe('FrameReader: Content-Length framing', () => {
  it('delivers exactly N payload bytes after a CRLF header block (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['Content-Length: 7\r\n\r\n{"a":1}']), [cl('{"a":1}'), end]);
  });

  it('accepts the header name in any case and trims the value (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['cOnTeNt-LeNgTh:    7  \r\n\r\n{"a":1}', 'CONTENT-LENGTH\t :7\n\n{"b":2}']), [cl('{"a":1}'), cl('{"b":2}'), end]);
  });

  it('accepts LF-only header endings (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['Content-Length: 7\n\n{"a":1}']), [cl('{"a":1}'), end]);
  });

  it('ignores header lines after the first (docs/protocol.md#framing)', () => {
    const input = 'Content-Length: 7\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\nX-Other: 1\n\r\n{"a":1}';
    assert.deepEqual(decode([input]), [cl('{"a":1}'), end]);
  });

  it('delivers a payload containing newlines and CRLFs unchanged (docs/protocol.md#framing)', () => {
    const payload = '{\r\n  "a": "x\\ny",\n  "b": 2\n}\n';
    assert.deepEqual(decode([clFrame(payload)]), [cl(payload), end]);
  });

  it('counts the length in bytes, not characters, for non-ASCII payloads (docs/protocol.md#framing)', () => {
    const payload = '{"t":"文献 — 検索 😀"}';
    assert.deepEqual(decode([clFrame(payload) + clFrame(payload)]), [cl(payload), cl(payload), end]);
  });

  it('delivers a zero-length payload as an empty frame (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['Content-Length: 0\r\n\r\n{"a":1}\n']), [cl(''), line('{"a":1}'), end]);
  });

  it('accepts leading zeros in the length (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['Content-Length: 0007\r\n\r\n{"a":1}']), [cl('{"a":1}'), end]);
  });

  it('interleaves both framings in one stream, in order, each with its framing (docs/protocol.md#framing)', () => {
    const input = ['{"n":1}\n', clFrame('{"n":2}'), '{"n":3}\r\n', '\n', clFrame('{"n":4}'), clFrame('{"n":5}'), '{"n":6}'];
    assert.deepEqual(decode([input.join('')]), [line('{"n":1}'), cl('{"n":2}'), line('{"n":3}'), cl('{"n":4}'), cl('{"n":5}'), line('{"n":6}'), end]);
  });

  it('skips blank lines before a header block (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(['\r\n\n' + clFrame('{"a":1}') + '\r\n']), [cl('{"a":1}'), end]);
  });
});
