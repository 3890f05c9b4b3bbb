import type { TransportFailure } from '../../ports/transport.port.js';

/** Error codes that mean the peer or the stream closed stdout rather than a failed write. */
const CLOSED_CODES: ReadonlySet<string> = new Set([
  'EPIPE',
  'ECONNRESET',
  'EBADF',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

/**
 * Classifies an output error (docs/command-line.md): a closed stdout (EPIPE, connection reset, bad file
 * descriptor, destroyed or ended stream) is `stdout-closed`; anything else `write-failure`.
 */
export const classifyOutputError = (error: unknown): Extract<TransportFailure, 'stdout-closed' | 'write-failure'> => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && CLOSED_CODES.has(code) ? 'stdout-closed' : 'write-failure';
};
