import type { TransportCause } from '../../ports/provider-client.port.js';

const NAME_RESOLUTION = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME']);
const REFUSED = new Set(['ECONNREFUSED']);
const UNREACHABLE = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ENETDOWN', 'EHOSTDOWN']);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const TIMED_OUT = new Set(['ETIMEDOUT']);
const TLS = /^(?:ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|ERR_OSSL_)/u;

/** Every `code` of an error, its `cause` chain and the errors an `AggregateError` holds (Happy Eyeballs tries every address). */
function codesOf(error: unknown, depth = 0): string[] {
  if (error === null || typeof error !== 'object' || depth > 4) return [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  return [
    ...(typeof code === 'string' ? [code] : []),
    ...codesOf(cause, depth + 1),
    ...(Array.isArray(errors) ? errors.flatMap((inner) => codesOf(inner, depth + 1)) : []),
  ];
}

/** Whether undici refused the proxy's answer to CONNECT (its message names the proxy; nothing of it is echoed). */
const isProxyFailure = (error: unknown): boolean => error instanceof Error && (/^Proxy /u.test(error.message) || codesOf(error).includes('UND_ERR_PRX_TLS'));

/** What a transport failure was, as far as a static class tells, and whether the request can have reached the provider. */
export interface TransportFailure {
  readonly cause: TransportCause | undefined;
  /** `false` when the request never left this machine's side (name, connection, TLS or proxy): it does not count for pacing. */
  readonly reachedProvider: boolean;
}

/**
 * Classifies a connection error by its codes only (docs/providers.md#requests): never a host,
 * address, path or message goes into the result.
 */
export function transportFailure(error: unknown): TransportFailure {
  if (isProxyFailure(error)) return { cause: 'proxy', reachedProvider: false };
  const codes = codesOf(error);
  const has = (set: ReadonlySet<string>): boolean => codes.some((code) => set.has(code));
  if (has(NAME_RESOLUTION)) return { cause: 'name resolution', reachedProvider: false };
  if (has(REFUSED)) return { cause: 'connection refused', reachedProvider: false };
  if (has(UNREACHABLE)) return { cause: 'network unreachable', reachedProvider: false };
  if (codes.some((code) => TLS.test(code))) return { cause: 'TLS', reachedProvider: false };
  if (has(TIMED_OUT)) return { cause: 'timeout', reachedProvider: false };
  if (has(RESET)) return { cause: 'connection reset', reachedProvider: true };
  return { cause: undefined, reachedProvider: true };
}
