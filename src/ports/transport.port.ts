import { portToken, type PortToken } from './port-token.js';
/**
 * How a message was framed on the wire. A response is always written in the framing of the
 * request it answers (docs/protocol.md#framing).
 */
export type Framing = 'line' | 'content-length';

/** Reason codes of fatal transport failures (docs/protocol.md#framing); printed as `error: <code>`. */
export type TransportFailure = 'invalid-mcp-message' | 'incomplete-mcp-message' | 'read-failure' | 'write-failure' | 'stdout-closed';

/** What a transport reports to the protocol layer that drives it. */
export interface TransportListener {
  /** One complete frame: its payload bytes (not yet decoded) and the framing it came in. */
  onFrame(payload: Uint8Array, framing: Framing): void;
  /**
   * A frame (line, payload or header block) exceeded its bound and was skipped without being
   * buffered. The protocol layer answers `-32600` with id null in that framing.
   */
  onOversize(framing: Framing): void;
  /** Clean end of input after complete messages. */
  onEnd(): void;
  /** A fatal failure: the connection cannot continue. */
  onFatal(reason: TransportFailure): void;
}

/**
 * The byte channel an MCP connection runs over (stdio in Lite). It frames and unframes
 * messages; it never parses JSON and never decides what to answer.
 *
 * Promises: frames are delivered in arrival order; payloads are written whole and in call
 * order, never interleaved, never dropped; when the peer reads slowly, reading pauses until
 * written data drains (back-pressure), so memory stays bounded.
 */
export interface Transport {
  /** Starts reading; events go to `listener` until `onEnd` or `onFatal`. */
  start(listener: TransportListener): void;
  /**
   * Queues one payload (UTF-8 JSON text, as a string or as its UTF-8 bytes, which are then
   * not copied) for writing in the given framing.
   */
  send(payload: string | Uint8Array, framing: Framing): void;
  /** Resolves when everything queued so far has been handed to the operating system. */
  flush(): Promise<void>;
  /**
   * Stops delivering frames (even from the middle of a chunk) until {@link resumeReading}; the
   * protocol layer uses it to bound the requests it has in flight. Independent of the output
   * back-pressure: reading goes on only when neither holds it.
   */
  pauseReading(): void;
  /** Lifts {@link pauseReading}. */
  resumeReading(): void;
}

/** Service identifier of the {@link Transport} port. */
export const TransportId: PortToken<Transport> = portToken('qiongli.Transport');
