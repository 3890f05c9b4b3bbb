import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, it } from 'node:test';
import type { Agent } from 'undici';
import { MAX_BODY_BYTES } from '../../../src/adapters/provider-http/http-policy.js';
import { UndiciProviderClient } from '../../../src/adapters/provider-client/undici-provider-client.js';
import { fixtureText } from './fixtures.js';
import { loopbackDispatcher, startLoopback, type LoopbackServer } from './loopback.js';
import { searchRequest } from './search-request.js';
import { searchClient } from '../../support/provider-http.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A client aimed at a loopback server, with short limits so failures come fast. */
function clientFor(origin: string, requestMs = 5000): UndiciProviderClient {
  const { dispatcher, agent } = loopbackDispatcher(origin);
  cleanups.push(() => (agent as Agent).destroy());
  return searchClient({ version: '1.2.3', dispatcher, timeouts: { connectMs: 1000, requestMs } });
}

async function serve(handler: Parameters<typeof startLoopback>[0]): Promise<LoopbackServer> {
  const server = await startLoopback(handler);
  cleanups.push(() => server.close());
  return server;
}

// The per-suite timeout turns a regression (a request that is never aborted) into a failure, not a hang.
describe('UndiciProviderClient over a real loopback connection (docs/providers.md#requests)', { timeout: 30_000 }, () => {
  it('sends the real request with the qiongli User-Agent and maps the answer', async () => {
    let userAgent: string | undefined;
    const server = await serve((request, response) => {
      userAgent = request.headers['user-agent'];
      response.setHeader('content-type', 'application/atom+xml');
      response.end(fixtureText('arxiv-search-atom.xml'));
    });
    const outcome = await clientFor(server.origin).search(searchRequest('arxiv', { query: 'testing', limit: 10 }));
    assert.ok(outcome.ok);
    assert.equal(outcome.value.records.length, 10);
    assert.equal(userAgent, 'qiongli/1.2.3');
    assert.deepEqual(server.paths, ['/api/query?search_query=all:testing&start=0&max_results=10&sortBy=relevance&sortOrder=descending']);
  });

  it('does not follow a 302: http_error after exactly one request', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(302, { location: '/works?search=elsewhere' });
      response.end();
    });
    assert.deepEqual(await clientFor(server.origin).search(searchRequest('openalex')), { ok: false, error: { kind: 'http_error' } });
    assert.equal(server.paths.length, 1);
  });

  it('answers timeout when the server never answers within the request budget', async () => {
    const server = await serve(() => {});
    assert.deepEqual(await clientFor(server.origin, 300).search(searchRequest('crossref')), { ok: false, error: { kind: 'timeout' } });
  });

  it('answers timeout when a slow-drip body outlasts the request budget', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"message": {"items": [');
      const drip = setInterval(() => response.write(' '), 20);
      response.once('close', () => clearInterval(drip));
    });
    assert.deepEqual(await clientFor(server.origin, 400).search(searchRequest('crossref')), { ok: false, error: { kind: 'timeout' } });
    await server.firstSocketClosed;
  });

  it('answers transport_error (connection refused) when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const outcome = await clientFor(`http://127.0.0.1:${port}`).search(searchRequest('openalex'));
    assert.deepEqual(outcome, { ok: false, error: { kind: 'transport_error', cause: 'connection refused' } });
  });

  it('answers transport_error (connection reset) when the connection is reset in the middle of the body', async () => {
    const server = await serve((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"results": [', () => request.socket.resetAndDestroy());
    });
    assert.deepEqual(await clientFor(server.origin).search(searchRequest('openalex')), {
      ok: false,
      error: { kind: 'transport_error', cause: 'connection reset' },
    });
  });

  it('aborts a body streamed without content-length as soon as it passes 4 MiB (decode_error)', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const total = 64 * 1024 * 1024;
    let written = 0;
    let finished = false;
    const server = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const pump = (): void => {
        while (written < total && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        if (written >= total) {
          finished = true;
          response.end();
        }
      };
      pump();
    });
    assert.deepEqual(await clientFor(server.origin).search(searchRequest('crossref')), { ok: false, error: { kind: 'decode_error' } });
    await server.firstSocketClosed;
    assert.equal(finished, false);
    assert.ok(written < total);
    assert.ok(written > MAX_BODY_BYTES);
  });

  it('closes the connection and answers cancelled when the caller aborts (docs/providers.md#requests)', async () => {
    const server = await serve(() => {});
    const controller = new AbortController();
    const pending = clientFor(server.origin).search(searchRequest('semantic_scholar', { signal: controller.signal }));
    await server.firstRequest;
    controller.abort();
    assert.deepEqual(await pending, { ok: false, error: { kind: 'cancelled' } });
    await server.firstSocketClosed;
  });
});
