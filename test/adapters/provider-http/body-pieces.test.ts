import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MockAgent } from 'undici';
import { finishNow, type Stepwise } from '../../../src/domain/shared/stepwise.js';
import { DocumentBuilder } from '../../../src/adapters/fulltext-client/document-builder.js';
import { readJatsDocument, readLatexmlDocument } from '../../../src/adapters/fulltext-client/document-readers.js';
import { fulltextFixture } from '../../support/fulltext-sources.js';
import { testHttp } from '../../support/provider-http.js';

const MIB = 1024 * 1024;

/** A body of `bytes` served once by a MockAgent, fetched under a 16 MiB bound: its pieces. */
async function piecesOf(body: Buffer, contentType: string) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agent
    .get('https://www.ebi.ac.uk')
    .intercept({ path: () => true })
    .reply(200, body, { headers: { 'content-type': contentType } });
  try {
    const http = testHttp({ dispatcher: agent });
    const result = await http.fetchPieces({
      get: { url: 'https://www.ebi.ac.uk/europepmc/webservices/rest/PMC1/fullTextXML', headers: {} },
      lane: 'europepmc',
      intervalMs: 0,
      deadline: http.deadlineFromNow(),
      signal: new AbortController().signal,
      maxBodyBytes: 16 * MIB,
    });
    assert.ok(result.ok && result.value !== undefined);
    return result.value;
  } finally {
    await agent.close();
  }
}

/** `text` cut into pieces of `size` characters (a surrogate pair kept whole, as the decoder keeps it). */
function cut(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(text.length, at + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}

describe('a document near the 16 MiB bound is never joined into one string (issue 24, row 12)', () => {
  it('hands a 16 MiB body over in the pieces it was decoded in, each from at most 256 KiB, the text unchanged', async () => {
    const text = `<r>${'é and ü, 😀 '.repeat((16 * MIB - 64 * 1024) / 16)}</r>`;
    const pieces = await piecesOf(Buffer.from(text, 'utf8'), 'application/xml; charset=utf-8');
    assert.ok(pieces.length >= 64, `${pieces.length} pieces`);
    assert.ok(
      pieces.every((piece) => piece.length <= 256 * 1024),
      'no piece comes from more than 256 KiB of bytes',
    );
    assert.equal(pieces.join(''), text);
  });

  it('reads a JATS article and an arXiv page from pieces exactly as from the whole text', () => {
    const readers: [string, (text: string | string[], builder: DocumentBuilder) => Stepwise<unknown>][] = [
      ['europepmc-fulltext-PMC12311175.xml', readJatsDocument],
      ['arxiv-html-2609.04321v1.html', readLatexmlDocument],
    ];
    for (const [name, read] of readers) {
      const text = fulltextFixture(name);
      const whole = new DocumentBuilder();
      const found = finishNow(read(text, whole));
      for (const size of [1, 997, 64 * 1024]) {
        const pieced = new DocumentBuilder();
        assert.deepEqual(finishNow(read(cut(text, size), pieced)), found, `${name} in pieces of ${size}`);
        const source = { provider: 'europepmc', url: 'u', sha256: '', bytes: 0, licence: 'unknown' } as const;
        assert.deepEqual(pieced.build(source), whole.build(source), `${name} in pieces of ${size}`);
      }
    }
  });
});
