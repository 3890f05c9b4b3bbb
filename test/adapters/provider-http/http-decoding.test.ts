import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { fixtureText } from '../provider-client/fixtures.js';
import { ORIGINS, mockedClient, trackMockAgents } from '../provider-client/mock-providers.js';
import { searchRequest } from '../provider-client/search-request.js';

const track = trackMockAgents();
const anyPath = { path: () => true, method: 'GET' } as const;

/** A Crossref work list holding one titled item. */
const crossrefBody = (title: string): string => JSON.stringify({ message: { items: [{ title: [title], DOI: '10.1/x' }] } });

/** Searches Crossref once against a MockAgent answering `body` with `headers`; returns the outcome. */
async function crossrefAnswering(body: Buffer | string, headers: Record<string, string>) {
  const { agent, client } = track(mockedClient());
  agent.get(ORIGINS.crossref).intercept(anyPath).reply(200, body, { headers });
  return client.search(searchRequest('crossref', { credentials: { email: 'lab@example.org' } }));
}

const titleOf = (outcome: Awaited<ReturnType<typeof crossrefAnswering>>) => (outcome.ok ? outcome.value.records[0]?.title : outcome.error.kind);

describe('HTTP decoding: charset (docs/provider-data.md)', () => {
  it('honours a latin-1 charset: Café, not Caf\\uFFFD', async () => {
    const body = Buffer.from(crossrefBody('Café au lait'), 'latin1');
    assert.equal(titleOf(await crossrefAnswering(body, { 'content-type': 'application/json; charset=ISO-8859-1' })), 'Café au lait');
  });

  it('honours windows-1252 and a quoted charset parameter', async () => {
    const body = Buffer.concat([Buffer.from('{"message":{"items":[{"title":["'), Buffer.from([0x93, 0x51, 0x94]), Buffer.from('"]}]}}')]);
    assert.equal(titleOf(await crossrefAnswering(body, { 'content-type': 'application/json;charset="windows-1252"' })), '\u201cQ\u201d');
  });

  it('decodes UTF-8 when no charset is given, and when it is named', async () => {
    const body = Buffer.from(crossrefBody('治理 平台 Café'), 'utf8');
    assert.equal(titleOf(await crossrefAnswering(body, { 'content-type': 'application/json' })), '治理 平台 Café');
    assert.equal(titleOf(await crossrefAnswering(body, { 'content-type': 'application/json; charset=utf-8' })), '治理 平台 Café');
  });

  it('answers decode_error for a charset no decoder knows', async () => {
    const outcome = await crossrefAnswering(crossrefBody('T'), { 'content-type': 'application/json; charset=x-unknown-42' });
    assert.deepEqual(outcome, { ok: false, error: { kind: 'decode_error' } });
  });
});

describe('HTTP decoding: compression (docs/provider-data.md)', () => {
  it('asks for gzip and br on every request', async () => {
    const { agent, client } = track(mockedClient());
    agent
      .get(ORIGINS.arxiv)
      .intercept({ ...anyPath, headers: { 'accept-encoding': 'gzip, br' } })
      .reply(200, fixtureText('arxiv-empty-atom.xml'), { headers: { 'content-type': 'application/atom+xml' } });
    assert.deepEqual(await client.search(searchRequest('arxiv')), { ok: true, value: { records: [], cached: false } });
  });

  it('decodes gzip, x-gzip, br and deflate bodies to the same records as the plain body', async () => {
    const plain = fixtureText('crossref-works-query.json');
    const expected = await crossrefAnswering(plain, { 'content-type': 'application/json' });
    assert.ok(expected.ok && expected.value.records.length === 2);
    const encoded: [string, Buffer][] = [
      ['gzip', gzipSync(plain)],
      ['x-gzip', gzipSync(plain)],
      ['br', brotliCompressSync(plain)],
      ['deflate', deflateSync(plain)],
      ['GZIP ', gzipSync(plain)],
    ];
    for (const [coding, body] of encoded)
      assert.deepEqual(await crossrefAnswering(body, { 'content-type': 'application/json', 'content-encoding': coding }), expected, coding);
  });

  it('answers decode_error for a corrupt or truncated compressed body', async () => {
    const gzip = gzipSync(fixtureText('crossref-works-query.json'));
    for (const body of [Buffer.from('not gzip at all'), gzip.subarray(0, gzip.length - 12)])
      assert.deepEqual(await crossrefAnswering(body, { 'content-encoding': 'gzip' }), { ok: false, error: { kind: 'decode_error' } });
  });

  it('answers decode_error for a coding it does not know, or for stacked codings', async () => {
    const plain = fixtureText('crossref-works-query.json');
    for (const coding of ['compress', 'zstd', 'gzip, br'])
      assert.deepEqual(await crossrefAnswering(plain, { 'content-encoding': coding }), { ok: false, error: { kind: 'decode_error' } }, coding);
  });

  it('answers decode_error for a small gzip body that inflates past 4 MiB', async () => {
    const bomb = gzipSync(Buffer.alloc(32 * 1024 * 1024, 0x20));
    assert.ok(bomb.length < 64 * 1024);
    assert.deepEqual(await crossrefAnswering(bomb, { 'content-encoding': 'gzip' }), { ok: false, error: { kind: 'decode_error' } });
  });
});
