import { isUtf8 } from 'node:buffer';
import { ErrorCode, LIMITS, Message } from './protocol-constants.js';
import { exceedsDepth } from './json-depth.js';
import { isValidId, type RequestId } from './json-rpc.js';
import { utf8ByteLength } from '../../domain/shared/text-bounds.js';
import { measureJson } from '../../domain/shared/json-bounds.js';
import type { ClientAnswer } from './client-requests.js';

/** Request params: always a plain object when present. */
export type Params = Record<string, unknown>;

/** What admission (docs/protocol.md#admission) makes of one message. */
export type Admission =
  | { readonly kind: 'request'; readonly id: RequestId; readonly method: string; readonly params: Params | undefined }
  | { readonly kind: 'notification'; readonly method: string; readonly params: Params | undefined }
  | { readonly kind: 'response'; readonly id: RequestId; readonly answer: ClientAnswer }
  | { readonly kind: 'ignored' }
  | { readonly kind: 'rejected'; readonly id: RequestId | null; readonly code: number; readonly message: string };

/** A decoded frame: a single message value or a batch array, or a parse failure. */
export type DecodedFrame =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'rejected'; readonly id: null; readonly code: number; readonly message: string };

/** What the connection knows of a single message's frame before admitting it. */
export interface FrameFacts {
  /** The frame's encoded size in bytes. */
  readonly bytes: number;
  /** Its bytes were scanned and nest at most {@link LIMITS.maxDepth} containers. */
  readonly shallow: boolean;
}

const ENVELOPE_KEYS = new Set(['jsonrpc', 'method', 'id', 'params']);
const RESPONSE_KEYS = new Set(['jsonrpc', 'id', 'result', 'error']);

/**
 * A message with `result` or `error` and no `method` is a client's response to a request this
 * server sent (docs/protocol.md#requests-to-the-client). It is never answered: one with a valid
 * envelope and id goes to whoever waits for that id, anything else is ignored.
 */
function admitResponse(object: Record<string, unknown>): Admission {
  for (const key in object) if (!RESPONSE_KEYS.has(key)) return { kind: 'ignored' };
  if (object.jsonrpc !== '2.0' || !isValidId(object.id) || 'result' in object === 'error' in object) return { kind: 'ignored' };
  return { kind: 'response', id: object.id, answer: 'result' in object ? { kind: 'result', value: object.result } : { kind: 'error' } };
}

/** Step 1: UTF-8 and JSON. Anything else is `-32700` with id null. */
export function decodeFrame(payload: Uint8Array): DecodedFrame {
  if (!isUtf8(payload)) return { kind: 'rejected', id: null, code: ErrorCode.ParseError, message: Message.parseError };
  const text = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('utf8');
  try {
    return { kind: 'value', value: JSON.parse(text) };
  } catch {
    return { kind: 'rejected', id: null, code: ErrorCode.ParseError, message: Message.parseError };
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const reject = (id: RequestId | null, code: number, message: string): Admission => ({ kind: 'rejected', id, code, message });

/**
 * Steps 2–5 of admission for one message value (not a batch array).
 *
 * @param frame what is known of the message's frame when it came alone (not in a batch): its
 *   encoded size (lets small messages skip re-encoding their params for the size check), and
 *   whether its bytes were already found to nest within the depth bound (no walk needed).
 * @param paramsBudget the params budget for this message (docs/protocol.md#admission step 4): the
 *   called tool's input budget for `tools/call`, the default otherwise.
 */
export function admitMessage(value: unknown, frame: FrameFacts | undefined, paramsBudget: (message: Record<string, unknown>) => number): Admission {
  const object = isPlainObject(value) ? value : undefined;
  if (object !== undefined && !('method' in object) && ('result' in object || 'error' in object)) return admitResponse(object);
  const echoId = object !== undefined && isValidId(object.id) ? object.id : null;
  if (!frame?.shallow && exceedsDepth(value, LIMITS.maxDepth)) return reject(echoId, ErrorCode.InvalidRequest, Message.tooDeep);
  if (object === undefined) return reject(null, ErrorCode.InvalidRequest, Message.invalidRequest);
  if (!hasValidEnvelope(object)) return reject(echoId, ErrorCode.InvalidRequest, Message.invalidRequest);
  const method = object.method as string;
  const params = object.params as Params | undefined;
  const hasId = 'id' in object;
  if (params !== undefined) {
    const budget = paramsBudget(object);
    const tooLarge = frame === undefined ? utf8ByteLength(JSON.stringify(params)) > budget : frame.bytes > budget && exceedsBytes(params, budget);
    if (tooLarge) return hasId ? reject(echoId, ErrorCode.InvalidParams, Message.paramsTooLarge) : { kind: 'ignored' };
  }
  if (!hasId) return { kind: 'notification', method, params };
  if (object.id === null) return reject(null, ErrorCode.InvalidRequest, Message.nullId);
  return { kind: 'request', id: object.id as RequestId, method, params };
}

/**
 * Whether the compact encoding of `params` exceeds `budget` UTF-8 bytes, measured only as far as
 * the budget: an 8 MiB frame against a 2 MiB budget is not encoded whole again (that took
 * 20–40 ms of the time a ping behind it waited; issue 24, row 13).
 */
const exceedsBytes = (params: Params, budget: number): boolean =>
  measureJson(params, { maxDepth: Number.POSITIVE_INFINITY, maxValues: Number.POSITIVE_INFINITY, maxBytes: budget }).exceeded !== undefined;

function hasValidEnvelope(object: Record<string, unknown>): boolean {
  for (const key in object) if (!ENVELOPE_KEYS.has(key)) return false;
  if (object.jsonrpc !== '2.0') return false;
  const method = object.method;
  if (typeof method !== 'string' || method.length === 0 || utf8ByteLength(method) > LIMITS.maxMethodBytes) return false;
  if ('id' in object && object.id !== null && !isValidId(object.id)) return false;
  if ('params' in object && !isPlainObject(object.params)) return false;
  return true;
}
