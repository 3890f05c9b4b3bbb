import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import type { Agent } from 'undici';
import { BodyRefused, readBodyText } from '../../src/adapters/provider-http/body-text.js';
import { MAX_BODY_BYTES } from '../../src/adapters/provider-http/http-policy.js';
import { loopbackDispatcher, startLoopback } from '../adapters/provider-client/loopback.js';
import { searchRequest } from '../adapters/provider-client/search-request.js';
import { searchClient } from '../support/provider-http.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

type Coding = 'gzip' | 'br';
/** A fast compressor (the lowest levels: test data is made quickly, and bombs compress well anyway). */
const compressor = (coding: Coding) =>
  coding === 'gzip' ? createGzip({ level: 1 }) : createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });

/** Text that compresses about 4:1 (four letters, pseudo-random by mulberry32): `count` bytes of it, from a fixed seed. */
function letters(count: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(count);
  let state = seed;
  for (let index = 0; index < count; index += 16) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    t = (t ^ (t >>> 14)) >>> 0;
    for (let bit = 0; bit < 16 && index + bit < count; bit++) bytes[index + bit] = 0x61 + ((t >>> (2 * bit)) & 3);
  }
  return bytes;
}

/** An endless compressed stream of zeros (ratio about 1000:1), pulled only as fast as it is read. */
const endlessBomb = (coding: Coding): Readable =>
  Readable.from(
    (function* zeros() {
      for (;;) yield Buffer.alloc(64 * 1024);
    })(),
  ).pipe(compressor(coding));

/** A client aimed at a loopback server. */
async function clientAnswering(handler: Parameters<typeof startLoopback>[0]) {
  const server = await startLoopback(handler);
  const { dispatcher, agent } = loopbackDispatcher(server.origin);
  cleanups.push(
    () => server.close(),
    () => (agent as Agent).destroy(),
  );
  return { server, client: searchClient({ version: '1.0.0', dispatcher, timeouts: { connectMs: 1000, requestMs: 10_000 } }) };
}

describe('compression bombs stop at the 4 MiB bound (docs/provider-data.md)', { timeout: 60_000 }, () => {
  for (const coding of ['gzip', 'br'] as const) {
    it(`${coding}, declared: a small body with content-length that inflates to 64 MiB is decode_error`, async () => {
      const zeros = Buffer.alloc(64 * 1024 * 1024);
      const bomb = coding === 'gzip' ? gzipSync(zeros, { level: 1 }) : brotliCompressSync(zeros, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
      assert.ok(bomb.length < 512 * 1024);
      const { client, server } = await clientAnswering((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding, 'content-length': bomb.length });
        response.end(bomb);
      });
      assert.deepEqual(await client.search(searchRequest('crossref')), { ok: false, error: { kind: 'decode_error' } });
      assert.equal(server.paths.length, 1);
    });

    it(`${coding}, streamed: an endless compressed stream without content-length is cut off, decode_error`, async () => {
      let finished = false;
      const { client, server } = await clientAnswering((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/atom+xml', 'content-encoding': coding });
        const bomb = endlessBomb(coding);
        bomb.pipe(response);
        response.once('close', () => bomb.destroy());
        bomb.once('end', () => (finished = true));
      });
      assert.deepEqual(await client.search(searchRequest('arxiv')), { ok: false, error: { kind: 'decode_error' } });
      await server.firstSocketClosed;
      assert.equal(finished, false, 'the client closed the connection: the bomb never ended on its own');
    });

    it(`${coding}: decompression stops once the output passes the bound, without reading much further input`, async () => {
      // Compressible about 4:1, so the output bound (4 MiB) is reached long before the input bound.
      const source = letters(12 * 1024 * 1024);
      const compressed = await new Promise<Buffer>((resolve) => {
        const parts: Buffer[] = [];
        Readable.from([source])
          .pipe(compressor(coding))
          .on('data', (part: Buffer) => parts.push(part))
          .on('end', () => resolve(Buffer.concat(parts)));
      });
      const ratio = source.length / compressed.length;
      assert.ok(ratio > 2, `ratio ${ratio.toFixed(1)}`);
      // A byte stream that hands out 4 KiB only when asked, as a socket does.
      let pulled = 0;
      const body = new Readable({
        highWaterMark: 4096,
        read() {
          const piece = compressed.subarray(pulled, pulled + 4096);
          pulled += piece.length;
          this.push(piece.length > 0 ? piece : null);
        },
      });
      await assert.rejects(readBodyText(body, { 'content-encoding': coding }, MAX_BODY_BYTES), BodyRefused);
      // What the pulled input inflates to, at the measured ratio: the bound plus the streams' buffers.
      const inflatable = (pulled * ratio) / 1048576;
      assert.ok(inflatable < 6, `pulled ${pulled} compressed bytes (≈ ${inflatable.toFixed(1)} MiB inflated)`);
      assert.ok(pulled < compressed.length / 2, 'stopped long before the end of the input');
    });
  }

  it('counts the received bytes too: a 5 MiB identity body streamed without content-length is decode_error', async () => {
    const body = Readable.from([letters(3 * 1024 * 1024), letters(2 * 1024 * 1024)]);
    await assert.rejects(readBodyText(body, {}, MAX_BODY_BYTES), BodyRefused);
  });
});
