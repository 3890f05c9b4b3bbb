import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough, Writable } from 'node:stream';
import { createContainer, serveStreams } from '../../src/index.js';
import { FROZEN_TOOL_ORDER } from '../../src/composition/tool-catalogue.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { call, initialize, modern, request } from '../support/messages.js';

const line = (message: unknown): string => `${JSON.stringify(message)}\n`;

/** A session over PassThrough streams: what was written to output, and the diagnostics. */
function session(signal?: AbortSignal) {
  const input = new PassThrough();
  const output = new PassThrough();
  const written: Buffer[] = [];
  output.on('data', (chunk: Buffer) => written.push(chunk));
  const diagnostics: string[] = [];
  const container = createContainer('lite', { configSource: FakeConfigSource.defaults() });
  const done = serveStreams(container, { input, output, writeDiagnostics: (text) => diagnostics.push(text), ...(signal ? { signal } : {}) });
  const responses = () =>
    Buffer.concat(written)
      .toString('utf8')
      .split('\n')
      .filter((text) => text.length > 0)
      .map((text) => JSON.parse(text));
  return { input, done, responses, diagnostics };
}

describe('serveStreams: MCP over any readable/writable pair (package export)', () => {
  it('answers every request read before end of input, then resolves with exit code 0', async () => {
    const { input, done, responses, diagnostics } = session();
    input.end(line(initialize(0, '2025-11-25')) + line(request(1, 'tools/list')) + line(call(2, 'qiongli_zotero_status')));
    assert.equal(await done, 0);
    const answers = responses();
    assert.deepEqual(
      answers.map((answer) => answer.id),
      [0, 1, 2],
    );
    assert.deepEqual(
      answers[1].result.tools.map((tool: { name: string }) => tool.name),
      [...FROZEN_TOOL_ORDER],
    );
    assert.equal(answers[2].result.isError, undefined);
    assert.deepEqual(diagnostics, []);
  });

  it('serves the modern revision without initialize', async () => {
    const { input, done, responses } = session();
    input.end(line(modern(7, 'server/discover')));
    assert.equal(await done, 0);
    assert.deepEqual(responses()[0].result.supportedVersions, ['2026-07-28']);
  });

  it('resolves with 1 and a static reason code when the input breaks off inside a frame', async () => {
    const { input, done, responses, diagnostics } = session();
    input.end(`${line(request(1, 'ping'))}Content-Length: 40\r\n\r\n{"jsonrpc"`);
    assert.equal(await done, 1);
    assert.deepEqual(responses()[0], { jsonrpc: '2.0', id: 1, result: {} });
    assert.deepEqual(diagnostics, ['error: incomplete-mcp-message\n']);
  });

  it('resolves with 1 at once when the output fails', async () => {
    const input = new PassThrough();
    const output = new Writable({ write: (_chunk, _encoding, callback) => callback(new Error('broken pipe')) });
    const diagnostics: string[] = [];
    const done = serveStreams(createContainer('lite'), { input, output, writeDiagnostics: (text) => diagnostics.push(text) });
    input.write(line(request(1, 'ping')));
    assert.equal(await done, 1);
    assert.equal(diagnostics.length, 1);
    assert.match(diagnostics[0]!, /^error: [a-z-]+\n$/);
  });

  it('resolves with 0 when its signal aborts, while input is still open', async () => {
    const stop = new AbortController();
    const { input, done, responses } = session(stop.signal);
    input.write(line(request(1, 'ping')));
    await new Promise((resolve) => setImmediate(resolve));
    stop.abort();
    assert.equal(await done, 0);
    assert.deepEqual(responses()[0], { jsonrpc: '2.0', id: 1, result: {} });
  });
});
