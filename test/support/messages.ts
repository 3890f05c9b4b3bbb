/** Builders of JSON-RPC messages for acceptance tests. */

export const MODERN = '2026-07-28';

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
export const call = (id: number | string, name: string, args: Record<string, unknown> = {}) =>
  request(id, 'tools/call', { name, arguments: args });
