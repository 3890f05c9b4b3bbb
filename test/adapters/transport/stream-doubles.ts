import { Buffer } from 'node:buffer';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';

/** Resolves after the current event-loop turn (after pending immediates queued before it). */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Waits a few event-loop turns, enough for stream events to settle. */
export const settle = async (turns = 5): Promise<void> => {
  for (let turn = 0; turn < turns; turn++) await nextTurn();
};

/** A Writable that records every chunk it is given and completes writes at once. */
export class RecordingOutput extends Writable {
  readonly chunks: Buffer[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    done();
  }

  /** Everything written so far, as text. */
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/**
 * A slow peer: a Writable with a tiny buffer whose writes complete only when the test calls
 * {@link completeWrites}, so `write` returns false and `drain` comes when the test decides.
 */
export class SlowOutput extends Writable {
  readonly chunks: Buffer[] = [];
  private readonly waiting: ((error?: Error | null) => void)[] = [];

  constructor() {
    super({ highWaterMark: 16 });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    this.waiting.push(done);
  }

  /** Number of writes handed to the peer and not completed yet. */
  get inFlight(): number {
    return this.waiting.length;
  }

  /** Completes every write handed over so far. */
  completeWrites(): void {
    for (const done of this.waiting.splice(0)) done();
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** A Writable whose writes fail with an error carrying `code` (EPIPE, EIO, …). */
export class FailingOutput extends Writable {
  constructor(private readonly code: string) {
    super();
  }

  override _write(_chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    done(Object.assign(new Error('write failed'), { code: this.code }));
  }
}

/**
 * A connected pair of local sockets: `input` behaves like stdin on a pipe (a `net.Socket`
 * that reports `end` and `close` even while paused), `peer` is the other end.
 */
export async function socketPair(): Promise<{ input: Socket; peer: Socket; dispose: () => void }> {
  const directory = mkdtempSync(join(tmpdir(), 'qiongli-pipe-'));
  const path = join(directory, 'socket');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(path, resolve));
  const accepted = once(server, 'connection') as Promise<[Socket]>;
  const input = connect(path);
  const [peer] = await accepted;
  await once(input, 'connect');
  const dispose = (): void => {
    input.destroy();
    peer.destroy();
    server.close();
    rmSync(directory, { recursive: true, force: true });
  };
  return { input, peer, dispose };
}
