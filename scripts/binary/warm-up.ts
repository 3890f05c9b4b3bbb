// Runs two short in-memory sessions through the real composition while the binary's start-up
// snapshot is built (scripts/build-binary.mjs), so the snapshot holds every module already
// evaluated and the request path already compiled. Nothing here touches a file, the network,
// the environment or the process's own stdio; the containers are dropped afterwards.
import { Readable, Writable } from 'node:stream';
import { createContainer } from '../../src/composition/create-container.js';
import { serve } from '../../src/composition/serve.js';
import type { ConfigSource } from '../../src/ports/config-source.port.js';

const CLIENT = { name: 'qiongli-build', version: '1' };
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': CLIENT,
};
const call = (id: number, name: string, args: Record<string, unknown>, meta?: object) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: meta === undefined ? { name, arguments: args } : { name, arguments: args, _meta: meta },
});
/** Calls that read no configuration and start nothing, with arguments every tool accepts. */
const CALLS: readonly [string, Record<string, unknown>][] = [
  ['qiongli_orchestrator_route', { request: 'find recent reviews on open science', platform: 'cli' }],
  ['qiongli_task_plan', { task_id: 'T-1', paper_type: 'systematic review', topic: 'open science' }],
  ['qiongli_search_plan', { query: 'open science' }],
  ['qiongli_config_status', {}],
  ['qiongli_save_provider_config', { provider: 'openalex', field: 'email', value: 'reader@example.org' }],
];

/** A legacy session (initialize, tools/list, the calls, ping) and a modern one (the same, enveloped). */
const SESSIONS: readonly unknown[][] = [
  [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: CLIENT } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ...CALLS.map(([name, args], index) => call(10 + index, name, args)),
    { jsonrpc: '2.0', id: 3, method: 'ping' },
  ],
  [
    { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: MODERN_META } },
    ...CALLS.map(([name, args], index) => call(10 + index, name, args, MODERN_META)),
  ],
];

/** A configuration source that answers "unavailable" without reading anything. */
const NO_CONFIGURATION: ConfigSource = { read: () => Promise.resolve({ status: 'unavailable', rule: 'unreadable' }) };

/** Serves one session in memory; resolves with the responses, rejects on anything but a clean exit. */
function serveInMemory(frames: readonly unknown[]): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const output: Buffer[] = [];
    const input = Readable.from([Buffer.from(frames.map((frame) => `${JSON.stringify(frame)}\n`).join(''))]);
    const stdout = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output.push(chunk);
        done();
      },
    });
    serve(createContainer('lite', { configSource: NO_CONFIGURATION }), {
      stdin: input,
      stdout,
      writeStderr: (text) => reject(new Error(`warm-up wrote to stderr: ${text}`)),
      exit: (code) => {
        if (code !== 0) return reject(new Error(`warm-up session exited ${code}`));
        const text = Buffer.concat(output).toString('utf8');
        resolve(
          text
            .split('\n')
            .filter((line) => line !== '')
            .map((line) => JSON.parse(line) as unknown),
        );
      },
      onSignal: () => undefined,
      onUncaught: () => undefined,
    });
  });
}

/**
 * Serves the warm-up sessions; rejects unless every request was answered with a result, so a
 * binary is never built from a server that fails its own first requests.
 */
export async function warmUp(): Promise<void> {
  for (const frames of SESSIONS) {
    const expected = frames.filter((frame) => (frame as { id?: unknown }).id !== undefined).length;
    const responses = (await serveInMemory(frames)) as { result?: unknown }[];
    if (responses.length !== expected || responses.some((response) => response.result === undefined)) {
      throw new Error(`warm-up: ${responses.length}/${expected} answers, not all results`);
    }
  }
}
