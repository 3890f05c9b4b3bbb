import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { InvalidProxySetting, proxySettings } from '../../../src/adapters/provider-http/proxy-dispatcher.js';
import { searchRequest } from '../provider-client/search-request.js';
import { listenOnLoopback, startLoopback } from '../provider-client/loopback.js';
import { searchClient, testHttp } from '../../support/provider-http.js';

/** A loopback proxy: records each CONNECT (target and Proxy-Authorization) and each forwarded request, then refuses it. */
interface LoopbackProxy {
  readonly url: string;
  readonly port: number;
  readonly connects: { target: string; authorization: string | undefined }[];
  readonly requests: string[];
  close(): Promise<void>;
}

async function startProxy(): Promise<LoopbackProxy> {
  const connects: LoopbackProxy['connects'] = [];
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(403).end();
  });
  server.on('connect', (request: IncomingMessage, socket: Socket) => {
    connects.push({ target: request.url ?? '', authorization: request.headers['proxy-authorization'] });
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  });
  const { port, close } = await listenOnLoopback(server);
  return { url: `http://127.0.0.1:${port}`, port, connects, requests, close };
}

const clientWith = (environment: Record<string, string>) => searchClient({ cacheEntries: 0, environment });

describe('proxies through HTTPS_PROXY / NO_PROXY (docs/configuration.md#proxies)', () => {
  it('opens a CONNECT tunnel to api.openalex.org:443 through HTTPS_PROXY, and a refused tunnel is a static proxy cause', async () => {
    const proxy = await startProxy();
    try {
      const withCredentials = `http://qiongli-user:proxy-canary-secret@127.0.0.1:${proxy.port}`;
      const outcome = await clientWith({ HTTPS_PROXY: withCredentials }).search(searchRequest('openalex', { credentials: { apiKey: 'key-canary-1234' } }));
      assert.deepEqual(outcome, { ok: false, error: { kind: 'transport_error', cause: 'proxy' } });
      assert.equal(proxy.connects.length, 1);
      assert.equal(proxy.connects[0]?.target, 'api.openalex.org:443');
      assert.equal(proxy.connects[0]?.authorization, `Basic ${Buffer.from('qiongli-user:proxy-canary-secret').toString('base64')}`);
      const shown = JSON.stringify(outcome);
      for (const canary of ['proxy-canary-secret', 'qiongli-user', '127.0.0.1', String(proxy.port), 'key-canary-1234'])
        assert.ok(!shown.includes(canary), canary);
    } finally {
      await proxy.close();
    }
  });

  it('reads https_proxy (lower case first), and HTTP_PROXY alone for https requests too', async () => {
    const proxy = await startProxy();
    try {
      const lower = await clientWith({ https_proxy: proxy.url, HTTPS_PROXY: 'http://[not-a-proxy' }).search(searchRequest('crossref'));
      const httpOnly = await clientWith({ HTTP_PROXY: proxy.url }).search(searchRequest('pubmed'));
      assert.deepEqual(
        [lower, httpOnly],
        [
          { ok: false, error: { kind: 'transport_error', cause: 'proxy' } },
          { ok: false, error: { kind: 'transport_error', cause: 'proxy' } },
        ],
      );
      assert.deepEqual(
        proxy.connects.map((connect) => connect.target),
        ['api.crossref.org:443', 'eutils.ncbi.nlm.nih.gov:443'],
      );
    } finally {
      await proxy.close();
    }
  });

  it('goes around the proxy for a NO_PROXY host, and through it otherwise', async () => {
    const proxy = await startProxy();
    const origin = await startLoopback((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    try {
      const get = { url: `${origin.origin}/direct`, headers: {} };
      const fetchWith = (environment: Record<string, string>) =>
        testHttp({ version: '0.0.0-test', environment }).fetchText({
          get,
          lane: 'x',
          intervalMs: 0,
          deadline: Date.now() + 5000,
          signal: new AbortController().signal,
        });
      const direct = await fetchWith({ HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' });
      assert.deepEqual(direct, { ok: true, value: '{}' });
      assert.deepEqual(origin.paths, ['/direct']);
      assert.deepEqual([proxy.connects.length, proxy.requests.length], [0, 0]);
      const proxied = await fetchWith({ HTTP_PROXY: proxy.url });
      assert.equal(proxied.ok, false);
      assert.equal(proxy.connects.length + proxy.requests.length, 1, 'the proxy saw the request');
      assert.deepEqual(origin.paths, ['/direct'], 'the origin was not reached directly');
    } finally {
      await origin.close();
      await proxy.close();
    }
  });

  it('answers an unusable proxy variable with a static proxy cause and sends nothing', async () => {
    for (const value of ['http://[not-a-proxy', 'ftp://proxy.example:21', 'socks5://127.0.0.1:1080']) {
      const outcome = await clientWith({ HTTPS_PROXY: value }).search(searchRequest('arxiv'));
      assert.deepEqual(outcome, { ok: false, error: { kind: 'transport_error', cause: 'proxy' } }, value);
    }
  });

  it('reads a proxy without a scheme as http://, and NO_PROXY as given', () => {
    assert.deepEqual(proxySettings({ https_proxy: ' proxy.example.edu:3128 ', no_proxy: '.example.edu' }), {
      httpsProxy: 'http://proxy.example.edu:3128',
      httpProxy: '',
      noProxy: '.example.edu',
    });
    assert.deepEqual(proxySettings({}), { httpsProxy: '', httpProxy: '', noProxy: '' });
    assert.throws(
      () => proxySettings({ HTTPS_PROXY: 'socks5://user:secret@host:1080' }),
      (error: unknown) => error instanceof InvalidProxySetting && !String(error).includes('secret'),
    );
  });
});
