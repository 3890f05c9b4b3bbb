import { Buffer } from 'node:buffer';
import type { Framing, Transport, TransportFailure, TransportListener } from '../../src/ports/transport.port.js';

/** An in-memory Transport: tests push frames in and read what the server sent. */
export class FakeTransport implements Transport {
  private listener: TransportListener | undefined;
  readonly sent: { payload: string; framing: Framing }[] = [];

  start(listener: TransportListener): void {
    this.listener = listener;
  }

  /** Bytes (a batch's answer array) are kept decoded, so tests read every payload as text. */
  send(payload: string | Uint8Array, framing: Framing): void {
    this.sent.push({ payload: typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8'), framing });
  }

  flush(): Promise<void> {
    return Promise.resolve();
  }

  /** Pause/resume requests from the connection, in order. */
  readonly readingCalls: ('pause' | 'resume')[] = [];

  pauseReading(): void {
    this.readingCalls.push('pause');
  }

  resumeReading(): void {
    this.readingCalls.push('resume');
  }

  /** Delivers one message as the peer would send it. */
  receive(message: unknown, framing: Framing = 'line'): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    this.listener?.onFrame(Buffer.from(text, 'utf8'), framing);
  }

  oversize(framing: Framing = 'line'): void {
    this.listener?.onOversize(framing);
  }

  end(): void {
    this.listener?.onEnd();
  }

  fail(reason: TransportFailure): void {
    this.listener?.onFatal(reason);
  }

  /** Everything sent so far, parsed. */
  messages(): any[] {
    return this.sent.map((frame) => JSON.parse(frame.payload));
  }

  /** The response with a given id, if sent. */
  responseTo(id: string | number): any {
    return this.messages().find((message) => message.id === id && !('method' in message));
  }
}
