// Frame generators of the long fuzz run (scripts/fuzz.mjs): a seeded random source and the
// sessions it builds. Everything here is deterministic for a given seed.

/** A small seeded PRNG (sfc32); `next()` is uniform in [0, 1). */
export function random(seed) {
  let a = 0x9e3779b9,
    b = 0x243f6a88,
    c = 0xb7e15162,
    d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let warm = 0; warm < 15; warm++) next();
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (list) => list[int(list.length)], chance: (p) => next() < p };
}

const ERAS = ['none', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];
const MODERN = '2026-07-28';
const envelope = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };

/** Local tools only: the literature search is never called (no test touches the network). */
const CALLS = [
  { name: 'qiongli_config_status', arguments: {} },
  { name: 'qiongli_literature_status', arguments: {} },
  { name: 'qiongli_search_plan', arguments: { query: 'soil carbon' } },
  { name: 'qiongli_zotero_status', arguments: {} },
  { name: 'qiongli_orchestrator_route', arguments: { request: 'find reviews' } },
  { name: 'qiongli_task_plan', arguments: { task: 'x' } },
  { name: 'qiongli_save_provider_config', arguments: { provider: 'crossref', field: 'email', value: 'a@b.c' } },
  { name: 'qiongli_literature_export_evidence', arguments: { query: 'q', results: [] } },
];

/** A valid request of the era, with the given id (the fuzz checks each one is answered). */
function validRequest(rng, era, id) {
  const method = rng.pick(['ping', 'tools/list', 'tools/call', 'tools/call']);
  const params = method === 'tools/call' ? structuredClone(rng.pick(CALLS)) : {};
  if (era === MODERN) return { jsonrpc: '2.0', id, method: method === 'ping' ? 'server/discover' : method, params: { ...params, _meta: envelope } };
  return method === 'tools/call' ? { jsonrpc: '2.0', id, method, params } : { jsonrpc: '2.0', id, method };
}

const SEEDS = [
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"qiongli_task_plan","arguments":{"task":"t"}}}',
  '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}',
  `{"jsonrpc":"2.0","id":"m","method":"tools/list","params":{"_meta":${JSON.stringify(envelope)}}}`,
  '[{"jsonrpc":"2.0","id":4,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"}]',
  '{"jsonrpc":"2.0","id":5,"result":{}}',
];
const ALPHABET = '{}[]":,\\ 0123456789.-+eEtrufalsnjsonrpcidmethod\u00e9\u6587\ud83d\ude00\u0000\u001f\t';

function randomJson(rng, depth) {
  switch (rng.int(depth > 4 ? 4 : 7)) {
    case 0:
      return rng.int(2) === 0 ? rng.int(1e6) - 5e5 : rng.next() * 1e12;
    case 1:
      return randomText(rng, 20);
    case 2:
      return rng.pick([true, false, null]);
    case 3:
      return rng.pick(['2.0', 'ping', 'tools/call', 'initialize', '']);
    case 4:
      return Array.from({ length: rng.int(5) }, () => randomJson(rng, depth + 1));
    default: {
      const object = {};
      for (const key of ['jsonrpc', 'id', 'method', 'params', 'result', 'error', 'x'].filter(() => rng.chance(0.4))) object[key] = randomJson(rng, depth + 1);
      return object;
    }
  }
}

const randomText = (rng, max) => Array.from({ length: rng.int(max) }, () => rng.pick([...ALPHABET])).join('');

/** One noise frame's text (may be invalid JSON, never contains a newline). */
function noise(rng, era) {
  switch (rng.int(7)) {
    case 0:
      return JSON.stringify(randomJson(rng, 0));
    case 1:
      return randomText(rng, 60);
    case 2:
      return '['.repeat(33 + rng.int(40)) + ']'.repeat(rng.int(80));
    case 3: {
      const base = rng.pick(SEEDS);
      const at = rng.int(base.length + 1);
      return base.slice(0, at) + randomText(rng, 4) + base.slice(at + rng.int(4));
    }
    case 4:
      return JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: rng.int(50) } });
    case 5:
      return JSON.stringify(Array.from({ length: rng.int(6) }, () => randomJson(rng, 2)));
    default:
      return JSON.stringify(validRequest(rng, era, rng.int(100)));
  }
}

/**
 * One session: the era's opening, `frames` frames (noise, tracked valid requests, batches,
 * now and then a frame past the 8 MiB bound or a batch past 1,024 elements), in line or
 * Content-Length framing. Returns the input bytes and the ids that must be answered.
 */
export function buildSession(rng, sessionIndex, frames) {
  const era = rng.pick(ERAS);
  const parts = [];
  const tracked = [];
  const framed = (text) => {
    if (!rng.chance(0.1)) return parts.push(Buffer.from(`${text}${rng.chance(0.1) ? '\r' : ''}\n`));
    const payload = Buffer.from(text);
    const header = rng.pick(['Content-Length: ', 'content-length:', 'CONTENT-LENGTH :  ']) + payload.length;
    parts.push(Buffer.from(`${header}\r\n${rng.chance(0.3) ? 'Content-Type: x\r\n' : ''}\r\n`), payload);
  };
  if (era !== 'none' && era !== MODERN) {
    framed(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'open',
        method: 'initialize',
        params: { protocolVersion: era, capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
      }),
    );
    tracked.push('open');
  }
  let count = 0;
  const nextId = () => `v-${sessionIndex}-${count}`;
  while (count < frames) {
    const roll = rng.next();
    if (roll < 0.3) {
      tracked.push(nextId());
      framed(JSON.stringify(validRequest(rng, era, nextId())));
    } else if (roll < 0.34 && era === '2025-03-26') {
      const size = rng.chance(0.05) ? 1025 : 1 + rng.int(20);
      const elements = Array.from({ length: size }, (_, index) => {
        if (size > 1024 || rng.chance(0.5)) return rng.pick([{ jsonrpc: '2.0', method: 'notifications/initialized' }, {}, [], 7]);
        const id = `${nextId()}-${index}`;
        tracked.push(id);
        return validRequest(rng, era, id);
      });
      framed(JSON.stringify(elements));
    } else if (roll >= 0.34 && roll < 0.3403) {
      parts.push(Buffer.from(`${'x'.repeat(8 * 1024 * 1024 + 1 + rng.int(100))}\n`));
    } else {
      framed(noise(rng, era));
    }
    count++;
  }
  const canary = `canary-${sessionIndex}`;
  framed(
    JSON.stringify(
      era === MODERN ? { jsonrpc: '2.0', id: canary, method: 'server/discover', params: { _meta: envelope } } : { jsonrpc: '2.0', id: canary, method: 'ping' },
    ),
  );
  tracked.push(canary);
  return { era, input: Buffer.concat(parts), tracked, frames: count + 1 };
}
