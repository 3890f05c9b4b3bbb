// The floor: the least a Node stdio JSON-RPC server can do. It splits input lines, JSON.parses
// each, builds a result of the same shape and size as Qiongli's (from the fixture captured from
// Qiongli itself), JSON.stringifies it and writes. Responses are joined into writes of up to
// 256 KiB; while stdout is full, answering stops and input pauses. No validation of any kind.
//
// Usage: node bench/servers/floor-server.mjs <fixture.json>

import { readFileSync } from 'node:fs';

const fixture = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const PROTOCOL_KEY = 'io.modelcontextprotocol/protocolVersion';
// The fixed part of a route preview, taken from Qiongli's own answer.
const { request: _request, platform: _platform, ...previewFlags } = fixture.legacyCallResult.structuredContent;

const isModern = (params) => params?._meta?.[PROTOCOL_KEY] !== undefined;

function resultOf(message) {
  const modern = isModern(message.params);
  switch (message.method) {
    case 'initialize':
      return fixture.initializeResult;
    case 'tools/list':
      return modern ? fixture.modernListResult : fixture.legacyListResult;
    case 'tools/call': {
      const args = message.params.arguments ?? {};
      const preview = { ...previewFlags, request: args.request, platform: args.platform ?? 'unknown' };
      const result = { content: [{ type: 'text', text: JSON.stringify(preview) }], structuredContent: preview };
      if (modern) {
        result.resultType = 'complete';
        result._meta = fixture.serverMeta;
      }
      return result;
    }
    default:
      return {};
  }
}

// Lines waiting to be answered; answering stops while stdout is full (back-pressure per response,
// so memory stays bounded even when one input chunk asks for megabytes of output).
const BATCH = 256 * 1024;
let rest = '';
let queue = [];
let next = 0;
let blocked = false;

function pump() {
  let out = '';
  while (next < queue.length) {
    const line = queue[next++];
    if (line.length === 0) continue;
    const message = JSON.parse(line);
    if (message.id === undefined) continue;
    out += JSON.stringify({ jsonrpc: '2.0', id: message.id, result: resultOf(message) }) + '\n';
    if (out.length >= BATCH) {
      const accepted = process.stdout.write(out);
      out = '';
      if (!accepted) return block();
    }
  }
  queue = [];
  next = 0;
  if (out.length > 0 && !process.stdout.write(out)) block();
}

function block() {
  blocked = true;
  process.stdin.pause();
  process.stdout.once('drain', () => {
    blocked = false;
    pump();
    if (!blocked) process.stdin.resume();
  });
}

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (rest + chunk).split('\n');
  rest = lines.pop();
  queue = next < queue.length ? queue.slice(next).concat(lines) : lines;
  next = 0;
  if (!blocked) pump();
});
