import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import type { FrameBounds } from '../../../src/adapters/transport/frame-bounds.js';
import { type TransportEvent, cl, clFrame, decode, end, line, oversize } from './recording-listener.js';

/** A multi-message input exercising every framing path, and what it must decode to. */
const INPUT = Buffer.from(
  [
    '{"n":1}\n',
    '\r\n',
    '{"n":2,"t":"文献😀"}\r\n',
    '  \n',
    'Content-Length: 7\r\n\r\n{"n":3}',
    'content-length :8\nX-Extra: yes\n\n{"n":4}\n',
    'Content-Length: 0\r\n\r\n',
    'Content-Length 5\n',
    clFrame('{"n":"6\r\n😀"}'),
    '{"n":7}',
  ].join(''),
);
const EXPECTED: TransportEvent[] = [
  line('{"n":1}'),
  line('{"n":2,"t":"文献😀"}'),
  cl('{"n":3}'),
  cl('{"n":4}\n'),
  cl(''),
  line('Content-Length 5'),
  cl('{"n":"6\r\n😀"}'),
  line('{"n":7}'),
  end,
];

/**
 * An input crossing every bound, decoded with small bounds (frame 24 bytes, header block 48).
 * The frame bound must exceed a header's first line: a line is only recognised as a header
 * line when its colon comes within the frame bound.
 */
const SMALL: FrameBounds = { maxFrameBytes: 24, maxHeaderBytes: 48 };
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
const BOUNDED_INPUT = Buffer.from(
  [
    `${ALPHABET.slice(0, 24)}\r\n`, // exactly 24 bytes once the CR is stripped: delivered
    `${ALPHABET.slice(0, 25)}\n`, // 25 bytes: oversize
    `${ALPHABET.slice(0, 25)}\r\n`, // 25 bytes after stripping: oversize
    `Content-Length: 24\r\n\r\n${ALPHABET.slice(0, 24)}`,
    `Content-Length: 25\r\n\r\n${ALPHABET.slice(0, 25)}`, // oversize payload, skipped
    'Content-Length: 2\r\nX-Padding: 01234567890123456789\r\n\r\nab', // 54-byte header block
    'Content-Length: 1\r\nX-Padding: 12345678901234\r\n\r\nc', // exactly 48 bytes
    'Content-Length       :2\n\nde',
    ALPHABET, // unterminated oversize last line
  ].join(''),
);
const BOUNDED_EXPECTED: TransportEvent[] = [
  line(ALPHABET.slice(0, 24)),
  oversize('line'),
  oversize('line'),
  cl(ALPHABET.slice(0, 24)),
  oversize('content-length'),
  oversize('content-length'),
  cl('c'),
  cl('de'),
  oversize('line'),
  end,
];

const everySplit = (input: Buffer, bounds: FrameBounds | undefined, expected: TransportEvent[]): void => {
  for (let split = 0; split <= input.length; split++) {
    const events = decode([input.subarray(0, split), input.subarray(split)], bounds);
    assert.deepEqual(events, expected, `split at byte ${split}`);
  }
};

const byteByByte = (input: Buffer): Buffer[] => Array.from(input, (byte) => Buffer.of(byte));

describe('FrameReader: chunk boundaries', () => {
  it('decodes the reference input in one chunk (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode([INPUT]), EXPECTED);
    assert.deepEqual(decode([BOUNDED_INPUT], SMALL), BOUNDED_EXPECTED);
  });

  it('gives the same frames when the input is split in two at every byte position (docs/protocol.md#framing)', () => {
    everySplit(INPUT, undefined, EXPECTED);
  });

  it('gives the same frames when the input arrives byte by byte (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode(byteByByte(INPUT)), EXPECTED);
  });

  it('applies the bounds identically at every split position and byte by byte (docs/protocol.md#framing)', () => {
    everySplit(BOUNDED_INPUT, SMALL, BOUNDED_EXPECTED);
    assert.deepEqual(decode(byteByByte(BOUNDED_INPUT), SMALL), BOUNDED_EXPECTED);
  });

  it('decodes any sequence of messages under any chunking to the messages sent (docs/protocol.md#framing)', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 12 });
    const message = fc.oneof(
      text.map((body) => {
        const payload = `{${body.replaceAll('\n', ' ').replaceAll('\r', ' ')}}`;
        return { wire: `${payload}\n`, event: line(payload) };
      }),
      text.map((body) => {
        const payload = `{${body}}`;
        return { wire: clFrame(payload), event: cl(payload) };
      }),
      fc.constantFrom('\n', '\r\n', ' \t\n').map((wire) => ({ wire, event: undefined })),
    );
    fc.assert(
      fc.property(fc.array(message, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), (messages, cuts) => {
        const input = Buffer.from(messages.map((m) => m.wire).join(''));
        const points = [...new Set(cuts.map((cut) => cut % (input.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points].map((from, index) => input.subarray(from, points[index] ?? input.length));
        const expected = [...messages.flatMap((m) => (m.event === undefined ? [] : [m.event])), end];
        assert.deepEqual(decode(chunks), expected);
      }),
    );
  });
});
