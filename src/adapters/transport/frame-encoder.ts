import { Buffer } from 'node:buffer';
import type { Framing } from '../../ports/transport.port.js';

/**
 * Encodes one payload (UTF-8 JSON text) as a frame (docs/protocol.md#framing):
 * - `line`: the payload followed by `\n`. Payloads are compact JSON texts (`JSON.stringify`
 *   output), which never hold a raw newline, so the frame is one line without scanning it
 *   (scanning cost a full copy of every 43 KB tools/list answer).
 * - `content-length`: `Content-Length: N\r\n\r\n` then the payload, N its UTF-8 byte length
 *   (a lone surrogate counts as the 3 bytes of U+FFFD it is written as).
 *
 * Returns the frame as a string, to be written with UTF-8 encoding.
 */
export const encodeFrame = (payload: string, framing: Framing): string => {
  if (framing === 'content-length') {
    return `Content-Length: ${Buffer.byteLength(payload, 'utf8')}\r\n\r\n${payload}`;
  }
  return `${payload}\n`;
};
