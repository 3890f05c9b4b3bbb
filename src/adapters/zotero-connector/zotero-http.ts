import { Client, request, type Dispatcher } from 'undici';
import { failure, success, type Result } from '../../domain/shared/result.js';
import type { ZoteroFailure } from '../../ports/zotero-connector.port.js';
import { withDeadline } from '../../domain/shared/deadline.js';

/**
 * Zotero's connector server: a constant, never configurable (docs/zotero.md). Zotero binds it to
 * the loopback address only.
 */
const ZOTERO_ORIGIN = 'http://127.0.0.1:23119';

/** The connector protocol version Zotero's own connector sends and Zotero answers with (server_connector.js). */
const CONNECTOR_API_VERSION = '3';

/** Longest wait for the TCP connection (Zotero listens on the loopback: a connection is immediate or refused). */
const CONNECT_TIMEOUT_MS = 1_000;

/**
 * The one dispatcher of the Zotero connector: an undici `Client` bound to {@link ZOTERO_ORIGIN}.
 * It is not the global dispatcher and reads no proxy variable, so `HTTPS_PROXY`/`HTTP_PROXY`
 * never route a call to the person's Zotero through a proxy, and it can reach no other origin.
 */
export const zoteroClient = (): Client => new Client(ZOTERO_ORIGIN, { connect: { timeout: CONNECT_TIMEOUT_MS }, pipelining: 1 });

/** One call to Zotero. */
export interface ZoteroCall {
  readonly method: 'GET' | 'POST';
  /** Path and query, e.g. `/connector/ping`. */
  readonly path: string;
  readonly contentType?: string;
  readonly body?: string;
  /** Time for the whole call, answer body included. */
  readonly timeoutMs: number;
  /** Largest answer body read for a 2xx answer; a longer one ends the call (`zotero-bad-answer`, or `truncated` when `keepPartial`). */
  readonly maxAnswerBytes: number;
}

/** What Zotero answered: status, `X-Zotero-Version`, the body text (`truncated` when it passed the bound). */
export interface ZoteroAnswer {
  readonly status: number;
  readonly version?: string;
  readonly text: string;
  readonly truncated: boolean;
}

/** Largest error-answer body read (Zotero's error bodies are a few bytes of JSON or text). */
const MAX_ERROR_BYTES = 16 * 1024;

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_ABORTED']);
const NOT_RUNNING_CODES = new Set(['ECONNREFUSED', 'EADDRNOTAVAIL', 'ENETUNREACH', 'EHOSTUNREACH']);

/**
 * Sends one call and never throws. Headers: `X-Zotero-Connector-API-Version: 3` (what Zotero's
 * server looks for in a client that is not a web page), a plain `User-Agent` (never a browser's
 * `Mozilla/…`), no `Origin`; undici adds `Host: 127.0.0.1:23119`, the only host Zotero accepts.
 * A refused connection → `zotero-not-running`; no full answer within `timeoutMs` (or `signal`
 * aborted) → `zotero-timeout`; the connection closed unanswered → `zotero-bad-answer`.
 */
export function callZotero(call: ZoteroCall, dispatcher: Dispatcher, signal: AbortSignal): Promise<Result<ZoteroAnswer, ZoteroFailure>> {
  // A whole-call deadline: undici's body timeout counts only the pause between two chunks, so a
  // dripping answer would otherwise never end.
  return withDeadline(signal, call.timeoutMs, (both) => sendCall(call, dispatcher, both));
}

async function sendCall(call: ZoteroCall, dispatcher: Dispatcher, both: AbortSignal): Promise<Result<ZoteroAnswer, ZoteroFailure>> {
  try {
    const response = await request(`${ZOTERO_ORIGIN}${call.path}`, {
      dispatcher,
      method: call.method,
      headers: {
        'x-zotero-connector-api-version': CONNECTOR_API_VERSION,
        'zotero-api-version': '3',
        'user-agent': 'Qiongli',
        accept: 'application/json, text/html;q=0.5',
        ...(call.contentType === undefined ? {} : { 'content-type': call.contentType }),
      },
      ...(call.body === undefined ? {} : { body: call.body }),
      signal: both,
      headersTimeout: call.timeoutMs,
      bodyTimeout: call.timeoutMs,
    });
    const ok = response.statusCode >= 200 && response.statusCode <= 299;
    const read = await readBounded(response.body, ok ? call.maxAnswerBytes : MAX_ERROR_BYTES);
    const version = response.headers['x-zotero-version'];
    return success({
      status: response.statusCode,
      ...(typeof version === 'string' && /^[0-9A-Za-z.+-]{1,40}$/.test(version) ? { version } : {}),
      text: read.text,
      truncated: read.truncated,
    });
  } catch (error) {
    return failure(transportFailure(error, both));
  }
}

/** The body's text up to `maxBytes`; past that the body is dropped and the text marked truncated. */
async function readBounded(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      body.on('error', () => {});
      body.destroy();
      return { text: '', truncated: true };
    }
    chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
}

/** The static failure of a call that threw. */
function transportFailure(error: unknown, signal: AbortSignal): ZoteroFailure {
  if (signal.aborted) return 'zotero-timeout';
  const code = errorCode(error);
  if (code !== undefined && TIMEOUT_CODES.has(code)) return 'zotero-timeout';
  if (code !== undefined && NOT_RUNNING_CODES.has(code)) return 'zotero-not-running';
  return 'zotero-bad-answer';
}

/** The error code of an error or of its cause (undici wraps a socket error). */
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current !== null && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NOT_RUNNING_CODES.has(code) || TIMEOUT_CODES.has(code))) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The static failure of a non-2xx connector answer (server_connector.js): 409 → conflict; 400
 * `COLLECTION_NOT_FOUND` → collection not found; 500 `libraryEditable: false` → read only;
 * another 4xx → refused; 5xx → failed; anything else → bad answer.
 */
export function statusFailure(answer: ZoteroAnswer): ZoteroFailure {
  if (answer.status === 409) return 'zotero-conflict';
  if (answer.status === 400 && /"error"\s*:\s*"COLLECTION_NOT_FOUND"/.test(answer.text)) return 'zotero-collection-not-found';
  if (answer.status === 500 && /"libraryEditable"\s*:\s*false/.test(answer.text)) return 'zotero-read-only';
  if (answer.status >= 400 && answer.status <= 499) return 'zotero-refused';
  if (answer.status >= 500 && answer.status <= 599) return 'zotero-failed';
  return 'zotero-bad-answer';
}
