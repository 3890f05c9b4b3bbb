/** Builders of JSON-RPC messages for acceptance tests. */

const MODERN = '2026-07-28';

/** A legacy initialize request. */
export const initialize = (id: number | string = 0, protocolVersion = '2025-06-18') => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'acceptance', version: '1.0.0' } },
});

export const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };

/** The modern `_meta` envelope. */
export const envelope = (version = MODERN, extra: Record<string, unknown> = {}) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'acceptance', version: '1.0.0' },
  ...extra,
});

/** A modern request carrying the envelope. */
export const modern = (id: number | string, method: string, params: Record<string, unknown> = {}, version = MODERN) => ({
  jsonrpc: '2.0',
  id,
  method,
  params: { ...params, _meta: envelope(version) },
});

/** A plain request (legacy or unnegotiated). */
export const request = (id: number | string | null, method: string, params?: Record<string, unknown>) =>
  params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };

/** A tools/call request on a legacy connection. */
export const call = (id: number | string, name: string, args: Record<string, unknown> = {}) => request(id, 'tools/call', { name, arguments: args });

/**
 * The error object of an `isError` tool result: error results carry it only as text (its
 * compact JSON), never as `structuredContent` (docs/decisions.md#error-results-are-text-only).
 */
export function toolErrorOf(result: { isError?: boolean; content?: { type: string; text?: string }[]; structuredContent?: unknown }): {
  status: string;
  error_kind: string;
  reason_code: string;
  message: string;
} {
  if (result.isError !== true) throw new Error('not an error result');
  if ('structuredContent' in result) throw new Error('an error result carries structuredContent');
  const [block] = result.content ?? [];
  if (block?.type !== 'text' || typeof block.text !== 'string') throw new Error('an error result without a text block');
  return JSON.parse(block.text);
}
