import { Buffer } from 'node:buffer';
import type { Framing, TransportFailure, TransportListener } from '../../../src/ports/transport.port.js';
import { FrameReader } from '../../../src/adapters/transport/frame-reader.js';
import type { FrameBounds } from '../../../src/adapters/transport/frame-bounds.js';

/** One event a transport reported, with payloads decoded as UTF-8 for easy comparison. */
export type TransportEvent =
  | { readonly kind: 'frame'; readonly framing: Framing; readonly text: string }
  | { readonly kind: 'oversize'; readonly framing: Framing }
  | { readonly kind: 'end' }
  | { readonly kind: 'fatal'; readonly reason: TransportFailure };

/** A TransportListener that records every event in order. */
export class RecordingListener implements TransportListener {
  readonly events: TransportEvent[] = [];

  /** @param afterFrame called after each frame is recorded (e.g. to echo it back) */
  constructor(private readonly afterFrame?: (text: string, framing: Framing) => void) {}

  onFrame(payload: Uint8Array, framing: Framing): void {
    const text = Buffer.from(payload).toString('utf8');
    this.events.push({ kind: 'frame', framing, text });
    this.afterFrame?.(text, framing);
  }

  onOversize(framing: Framing): void {
    this.events.push({ kind: 'oversize', framing });
  }

  onEnd(): void {
    this.events.push({ kind: 'end' });
  }

  onFatal(reason: TransportFailure): void {
    this.events.push({ kind: 'fatal', reason });
  }
}

/** Expected-event builders. */
export const line = (text: string): TransportEvent => ({ kind: 'frame', framing: 'line', text });
export const cl = (text: string): TransportEvent => ({ kind: 'frame', framing: 'content-length', text });
export const oversize = (framing: Framing): TransportEvent => ({ kind: 'oversize', framing });
export const end: TransportEvent = { kind: 'end' };
export const fatal = (reason: TransportFailure): TransportEvent => ({ kind: 'fatal', reason });

/** A Content-Length frame as a peer writes it (`\r\n` header endings). */
export const clFrame = (payload: string): string => `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`;

/** Feeds the chunks to a fresh FrameReader, ends the input and returns the events. */
export const decode = (chunks: readonly (string | Uint8Array)[], bounds?: FrameBounds): TransportEvent[] => {
  const listener = new RecordingListener();
  const reader = new FrameReader(listener, bounds);
  for (const chunk of chunks) reader.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  reader.end();
  return listener.events;
};
