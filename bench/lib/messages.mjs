// The JSON-RPC requests the benchmark sends, built as newline-delimited frames.

/** The legacy revision the benchmark negotiates (has `title`, `outputSchema`, `structuredContent`). */
export const LEGACY_REVISION = '2025-06-18';
/** The modern (stateless) revision. */
const MODERN_REVISION = '2026-07-28';
/** The tool every `tools/call` of the benchmark invokes. */
const ROUTE_TOOL = 'qiongli_orchestrator_route';
/** The arguments of every benchmark `tools/call`. */
export const ROUTE_ARGUMENTS = { request: 'find recent papers on graph neural networks for drug discovery', platform: 'cli' };

/** `params._meta` of a modern request (docs/protocol.md#before-an-era-is-chosen). */
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_REVISION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
};

/** The eras a scenario can speak. */
export const ERAS = /** @type {const} */ (['legacy', 'modern']);
/** The methods a throughput scenario can repeat. */
export const METHODS = /** @type {const} */ (['tools/call', 'tools/list']);

/** One encoded frame (JSON text plus `\n`). */
const frame = (message) => `${JSON.stringify(message)}\n`;

/** Legacy `initialize` request (id 0) and the `notifications/initialized` that follows it. */
export function legacyOpening(id = 0) {
  return (
    frame({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: { protocolVersion: LEGACY_REVISION, capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    }) + frame({ jsonrpc: '2.0', method: 'notifications/initialized' })
  );
}

/**
 * One request frame of a scenario.
 * @param {'tools/call'|'tools/list'} method
 * @param {'legacy'|'modern'} era
 * @param {number} id
 * @returns {string}
 */
export function requestFrame(method, era, id) {
  const params = method === 'tools/call' ? { name: ROUTE_TOOL, arguments: ROUTE_ARGUMENTS } : {};
  if (era === 'modern') params._meta = MODERN_META;
  return frame({ jsonrpc: '2.0', id, method, params });
}

/**
 * The frames of ids `first … first+count-1`, encoded into one buffer ahead of time so the timed
 * window spends nothing on building them.
 */
export function requestBatch(method, era, first, count) {
  const one = requestFrame(method, era, 0);
  const [head, tail] = one.split('"id":0');
  let text = '';
  const pieces = [];
  for (let id = first; id < first + count; id++) {
    text += `${head}"id":${id}${tail}`;
    if (text.length > 1 << 20) {
      pieces.push(Buffer.from(text, 'utf8'));
      text = '';
    }
  }
  pieces.push(Buffer.from(text, 'utf8'));
  return Buffer.concat(pieces);
}
