import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import v8 from 'node:v8';
import vm from 'node:vm';
import { FrameReader } from '../../../src/adapters/transport/frame-reader.js';
import { SPEC_FRAME_BOUNDS } from '../../../src/adapters/transport/frame-bounds.js';
import { RecordingListener, cl, decode, end, line, oversize } from './recording-listener.js';

const MiB = 1024 * 1024;
const KiB = 1024;
const CHUNK = 64 * KiB;

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** Bytes held in ArrayBuffers (where Buffers live) after a full garbage collection. */
const retainedBytes = (): number => {
  collectGarbage();
  return process.memoryUsage().arrayBuffers;
};

/** Feeds `total` bytes of `fill` in fresh 64 KiB chunks; returns the largest retained growth. */
const feedFresh = (reader: FrameReader, total: number, fill: number, baseline: number): number => {
  let peak = 0;
  for (let sent = 0, count = 0; sent < total; sent += CHUNK, count++) {
    reader.push(Buffer.alloc(Math.min(CHUNK, total - sent), fill));
    if (count % 16 === 15) peak = Math.max(peak, retainedBytes() - baseline);
  }
  return peak;
};

describe('FrameReader: size bounds', () => {
  it('uses the SPEC bounds: 8 MiB per frame, 64 KiB per header block (docs/protocol.md#framing)', () => {
    assert.deepEqual(SPEC_FRAME_BOUNDS, { maxFrameBytes: 8 * MiB, maxHeaderBytes: 64 * KiB });
  });

  it('skips a 24 MiB line without holding it, reports it once, then delivers the next line (docs/protocol.md#framing)', () => {
    const listener = new RecordingListener();
    const reader = new FrameReader(listener);
    const baseline = retainedBytes();
    const peakGrowth = feedFresh(reader, 24 * MiB, 0x61, baseline);
    reader.push(Buffer.from('\n{"next":true}\n'));
    reader.end();
    assert.deepEqual(listener.events, [oversize('line'), line('{"next":true}'), end]);
    assert.ok(peakGrowth < 16 * MiB, `retained growth ${peakGrowth} bytes`);
  });

  it('skips an oversize Content-Length payload as it arrives, then delivers the next message (docs/protocol.md#framing)', () => {
    const listener = new RecordingListener();
    const reader = new FrameReader(listener);
    const baseline = retainedBytes();
    reader.push(Buffer.from(`Content-Length: ${9 * MiB}\r\n\r\n`));
    const peakGrowth = feedFresh(reader, 9 * MiB, 0x20, baseline);
    reader.push(Buffer.from('Content-Length: 7\r\n\r\n{"a":1}{"b":2}\n'));
    reader.end();
    assert.deepEqual(listener.events, [oversize('content-length'), cl('{"a":1}'), line('{"b":2}'), end]);
    assert.ok(peakGrowth < 4 * MiB, `retained growth ${peakGrowth} bytes`);
  });

  it('delivers a line of exactly 8 MiB and skips one of 8 MiB + 1 byte (docs/protocol.md#framing)', () => {
    const max = 'x'.repeat(8 * MiB);
    const events = decode([`${max}\r\n`, `${max}y\n`, '{"ok":1}\n']);
    assert.equal(events.length, 4);
    assert.equal(events[0]?.kind === 'frame' && events[0].text.length, 8 * MiB);
    assert.deepEqual(events.slice(1), [oversize('line'), line('{"ok":1}'), end]);
  });

  it('delivers a payload of exactly 8 MiB and skips one of 8 MiB + 1 byte (docs/protocol.md#framing)', () => {
    const max = 'x'.repeat(8 * MiB);
    const events = decode([`Content-Length: ${8 * MiB}\n\n${max}`, `Content-Length: ${8 * MiB + 1}\n\n${max}y`, '{"ok":1}']);
    assert.equal(events.length, 4);
    assert.equal(events[0]?.kind === 'frame' && events[0].framing === 'content-length' && events[0].text.length, 8 * MiB);
    assert.deepEqual(events.slice(1), [oversize('content-length'), line('{"ok":1}'), end]);
  });

  it('skips a 70 KiB header block and its payload, reports it once, then goes on (docs/protocol.md#framing)', () => {
    const header = `Content-Length: 7\r\nX-Padding: ${'p'.repeat(70 * KiB)}\r\n\r\n`;
    assert.deepEqual(decode([header + '{"a":1}' + '{"b":2}\n' + 'Content-Length: 7\r\n\r\n{"c":3}']), [
      oversize('content-length'),
      line('{"b":2}'),
      cl('{"c":3}'),
      end,
    ]);
  });

  it('skips an oversize header block whose first line alone is 70 KiB long, payload included (docs/protocol.md#framing)', () => {
    const header = `Content-Length:${' '.repeat(70 * KiB)}7\r\n\r\n`;
    assert.deepEqual(decode([header + '{"a":1}' + '{"b":2}\n']), [oversize('content-length'), line('{"b":2}'), end]);
  });

  it('accepts a header block of exactly 64 KiB and skips one of 64 KiB + 1 byte (docs/protocol.md#framing)', () => {
    const block = (size: number): string => {
      const first = 'Content-Length: 2\r\n';
      const padding = size - first.length - 'X: '.length - 4;
      return `${first}X: ${'p'.repeat(padding)}\r\n\r\n`;
    };
    assert.equal(Buffer.byteLength(block(64 * KiB)), 64 * KiB);
    assert.deepEqual(decode([block(64 * KiB) + 'ok' + block(64 * KiB + 1) + 'no' + '{"b":2}']), [cl('ok'), oversize('content-length'), line('{"b":2}'), end]);
  });

  it('reports an oversize last line without newline at end of input, then ends (docs/protocol.md#framing)', () => {
    assert.deepEqual(decode([`{"a":1}\n${'z'.repeat(8 * MiB + 2)}`]), [line('{"a":1}'), oversize('line'), end]);
  });
});
