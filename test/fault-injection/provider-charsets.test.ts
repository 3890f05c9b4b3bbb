import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { Agent } from 'undici';
import { loopbackDispatcher, startLoopback } from '../adapters/provider-client/loopback.js';
import { searchRequest } from '../adapters/provider-client/search-request.js';
import { searchClient } from '../support/provider-http.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** Searches arXiv against a real loopback server that answers `body` with `headers`, in `chunkSize` pieces. */
async function arxivAnswering(body: Buffer, headers: Record<string, string>, chunkSize = body.length) {
  const server = await startLoopback((_request, response) => {
    response.writeHead(200, headers);
    for (let at = 0; at < body.length; at += chunkSize) response.write(body.subarray(at, at + chunkSize));
    response.end();
  });
  const { dispatcher, agent } = loopbackDispatcher(server.origin);
  cleanups.push(
    () => server.close(),
    () => (agent as Agent).destroy(),
  );
  const client = searchClient({ version: '1.0.0', dispatcher, timeouts: { connectMs: 1000, requestMs: 10_000 } });
  const outcome = await client.search(searchRequest('arxiv'));
  return outcome.ok ? outcome.value.records.map((record) => record.title) : outcome.error.kind;
}

const feed = (title: string) =>
  `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/2101.00001v1</id><title>${title}</title></entry></feed>`;

describe('charsets over a real connection (docs/provider-data.md)', { timeout: 60_000 }, () => {
  it('decodes ISO-8859-1 as declared: Café, not Caf\\uFFFD', async () => {
    assert.deepEqual(await arxivAnswering(Buffer.from(feed('Café crème'), 'latin1'), { 'content-type': 'application/atom+xml; charset=ISO-8859-1' }), [
      'Café crème',
    ]);
  });

  it('decodes UTF-8 by default even when a multi-byte character is split across network chunks', async () => {
    const body = Buffer.from(feed('治理 平台 Café 😀 '.repeat(500)), 'utf8');
    const titles = await arxivAnswering(body, { 'content-type': 'application/atom+xml' }, 1021);
    assert.deepEqual(titles, ['治理 平台 Café 😀 '.repeat(500).trim()]);
  });

  it('decodes UTF-16LE with its byte order mark', async () => {
    const body = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(feed('Ünïcödé'), 'utf16le')]);
    assert.deepEqual(await arxivAnswering(body, { 'content-type': 'application/atom+xml; charset=utf-16le' }, 333), ['Ünïcödé']);
  });

  it('applies the charset after decompression', async () => {
    const body = gzipSync(Buffer.from(feed('Garçon'), 'latin1'));
    assert.deepEqual(await arxivAnswering(body, { 'content-type': 'application/atom+xml;charset=latin1', 'content-encoding': 'gzip' }), ['Garçon']);
  });

  it('answers decode_error for an unknown charset, without reading the body as UTF-8', async () => {
    assert.equal(await arxivAnswering(Buffer.from(feed('T')), { 'content-type': 'application/atom+xml; charset=klingon' }), 'decode_error');
  });
});
