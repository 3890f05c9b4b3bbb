import { request, type Dispatcher } from 'undici';
import type { ProviderFailureKind, TransportCause } from '../../ports/provider-client.port.js';
import { ACCEPT_ENCODING, BodyRefused, readBodyText, type TextPieces } from './body-text.js';
import { MAX_BODY_BYTES } from './http-policy.js';
import { transportFailure } from './transport-cause.js';

/** One HTTP GET a provider module wants sent: an absolute URL and its request headers. */
export interface ProviderGet {
  readonly url: string;
  /** Lower-case header names; `user-agent` is added by the client. */
  readonly headers: Readonly<Record<string, string>>;
  /** A single-work lookup: HTTP 404 means "no such record" (an empty answer), not a failure. */
  readonly notFoundIsEmpty?: boolean;
}

/** What one GET produced: a 2xx body's text (in pieces), a non-2xx status, or a failure kind. */
export type GetReply =
  | { readonly kind: 'body'; readonly pieces: TextPieces }
  | { readonly kind: 'status'; readonly status: number; readonly retryAfter: string | string[] | undefined }
  | {
      readonly kind: 'failed';
      readonly failure: ProviderFailureKind;
      /** The static class of a connection failure, when one is known. */
      readonly cause?: TransportCause;
      /** `false`: the request never reached the provider (it does not count for pacing). */
      readonly reachedProvider: boolean;
    };

/** How one GET is sent. */
export interface GetSettings {
  readonly dispatcher: Dispatcher;
  readonly userAgent: string;
  /** The caller's signal: its abort means `cancelled`. */
  readonly callerSignal: AbortSignal;
  /** Time left for this GET, headers and body included. */
  readonly budgetMs: number;
  /** Largest body accepted, declared, read or decompressed (default {@link MAX_BODY_BYTES}). */
  readonly maxBodyBytes?: number;
  /** Sees every piece of a 2xx body, content coding undone, before decoding. */
  readonly onBody?: (bytes: Uint8Array) => void;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const OVERSIZE_CODES = new Set(['UND_ERR_RES_EXCEEDED_MAX_SIZE']);

/**
 * Sends one GET and never throws. The request is aborted when the caller's signal aborts
 * (→ `cancelled`) or the budget runs out (→ `timeout`). Non-2xx bodies are discarded unread.
 * Asks for `gzip, br`; a 2xx body is read by {@link readBodyText}: over its bound ({@link MAX_BODY_BYTES} unless the caller
 * gives another) — declared by `content-length`, counted while reading, or counted after decompression —
 * the response is aborted at once (→ `decode_error`), as it is for a bad compressed stream, an
 * unknown coding or an unknown charset. Connection failures → `transport_error`. Redirects
 * are not followed (a 3xx comes back as a status).
 */
export async function sendGet(get: ProviderGet, settings: GetSettings): Promise<GetReply> {
  const budgetSignal = AbortSignal.timeout(Math.max(1, settings.budgetMs));
  const signal = AbortSignal.any([settings.callerSignal, budgetSignal]);
  try {
    const sent = request(get.url, {
      dispatcher: settings.dispatcher,
      method: 'GET',
      headers: { ...get.headers, 'accept-encoding': ACCEPT_ENCODING, 'user-agent': settings.userAgent },
      signal,
      headersTimeout: settings.budgetMs,
      bodyTimeout: settings.budgetMs,
    });
    const response = await untilAborted(sent, signal);
    const { statusCode, headers, body } = response;
    if (statusCode < 200 || statusCode > 299) {
      discard(body);
      return { kind: 'status', status: statusCode, retryAfter: headers['retry-after'] };
    }
    const maxBodyBytes = settings.maxBodyBytes ?? MAX_BODY_BYTES;
    if (Number(headers['content-length'] ?? 0) > maxBodyBytes) {
      discard(body);
      return { kind: 'failed', failure: 'decode_error', reachedProvider: true };
    }
    return { kind: 'body', pieces: await readBodyText(body, headers, maxBodyBytes, settings.onBody) };
  } catch (error) {
    return failedReply(error, settings.callerSignal, budgetSignal);
  }
}

/**
 * The response of `sent`, or a rejection as soon as `signal` aborts. undici aborts a request at
 * once only when it already has a socket; one still waiting for its connection (a proxy that
 * never answers `CONNECT`) only records the abort, so the budget is held here. A response that
 * arrives after the abort is dropped unread.
 */
function untilAborted(sent: Promise<Dispatcher.ResponseData>, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
  return new Promise((resolve, reject) => {
    const abandon = (): void => {
      reject(signal.reason);
      sent.then(
        (late) => discard(late.body),
        () => undefined,
      );
    };
    if (signal.aborted) return abandon();
    signal.addEventListener('abort', abandon, { once: true });
    sent.then(
      (response) => {
        signal.removeEventListener('abort', abandon);
        resolve(response);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abandon);
        reject(error);
      },
    );
  });
}

/**
 * Drops a body unread. undici reports destroying an unfinished body as an `error` event, so a
 * listener is attached first: the abort is intended, not a crash.
 */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => {});
  body.destroy();
}

/**
 * Maps a thrown request error to its public kind; which signal aborted decides first. A
 * connection failure also gets its static cause ({@link transportFailure}): a connect timeout
 * and a failure to resolve, connect, or pass TLS or the proxy never reached the provider.
 */
function failedReply(error: unknown, callerSignal: AbortSignal, budgetSignal: AbortSignal): GetReply {
  if (callerSignal.aborted) return { kind: 'failed', failure: 'cancelled', reachedProvider: true };
  if (budgetSignal.aborted) return { kind: 'failed', failure: 'timeout', reachedProvider: true };
  if (error instanceof BodyRefused) return { kind: 'failed', failure: 'decode_error', reachedProvider: true };
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return { kind: 'failed', failure: 'timeout', reachedProvider: false };
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return { kind: 'failed', failure: 'timeout', reachedProvider: true };
  if (typeof code === 'string' && OVERSIZE_CODES.has(code)) return { kind: 'failed', failure: 'decode_error', reachedProvider: true };
  const { cause, reachedProvider } = transportFailure(error);
  return cause === undefined
    ? { kind: 'failed', failure: 'transport_error', reachedProvider }
    : { kind: 'failed', failure: 'transport_error', cause, reachedProvider };
}
