import { ErrorCode, LIMITS, Message } from './protocol-constants.js';
import { utf8ByteLength } from '../../domain/shared/text-bounds.js';

/** A JSON-RPC id this server accepts: a string of at most 128 bytes or a safe integer. */
export type RequestId = string | number;

/** Whether a value is a valid request id (null is handled separately). */
export function isValidId(id: unknown): id is RequestId {
  if (typeof id === 'string') return id.length <= LIMITS.maxIdBytes && utf8ByteLength(id) <= LIMITS.maxIdBytes;
  return typeof id === 'number' && Number.isSafeInteger(id);
}

const encodeId = (id: RequestId | null): string => (id === null ? 'null' : JSON.stringify(id));

/** A success response around an already-encoded result. */
export const resultFrame = (id: RequestId | null, resultJson: string): string => `{"jsonrpc":"2.0","id":${encodeId(id)},"result":${resultJson}}`;

/** An error response; `message` is always static text and `data` never holds peer input. */
export function errorFrame(id: RequestId | null, code: number, message: string, data?: unknown): string {
  const error = data === undefined ? { code, message } : { code, message, data };
  return `{"jsonrpc":"2.0","id":${encodeId(id)},"error":${JSON.stringify(error)}}`;
}

/** A server notification. */
export const notificationFrame = (method: string, params: unknown): string => JSON.stringify({ jsonrpc: '2.0', method, params });

/** The `-32603` answer that replaces one too large to send: `data: {reason_code: "tool-output-too-large"}`. */
export const tooLargeFrame = (id: RequestId | null): string =>
  errorFrame(id, ErrorCode.InternalError, Message.outputTooLarge, { reason_code: 'tool-output-too-large' });

/**
 * Replaces a response larger than 8 MiB encoded by {@link tooLargeFrame}; smaller ones pass
 * unchanged.
 */
export function guardResponseSize(frame: string, id: RequestId | null): string {
  // A UTF-16 code unit never encodes to more than 3 UTF-8 bytes.
  if (frame.length * 3 <= LIMITS.maxResponseBytes) return frame;
  if (frame.length > LIMITS.maxResponseBytes) return tooLargeFrame(id);
  if (Buffer.byteLength(frame, 'utf8') <= LIMITS.maxResponseBytes) return frame;
  return tooLargeFrame(id);
}
