import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { MockAgent } from 'undici';
import { testHttp } from '../../support/provider-http.js';
import { UndiciFullTextClient } from '../../../src/adapters/fulltext-client/index.js';
import type { FullTextSources, WorkReference } from '../../../src/ports/fulltext-client.port.js';
import { FakeClock } from '../provider-http/fake-clock.js';
import { TEST_VERSION } from '../provider-client/mock-providers.js';
import { fulltextFixture } from '../../support/fulltext-sources.js';
import { serveArxivPaper } from './documents.js';

const EUROPE = 'https://www.ebi.ac.uk';
const NCBI = 'https://eutils.ncbi.nlm.nih.gov';
const ELSEVIER = 'https://www.elsevier.com/open-access/userlicense/1.0/';
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Reads `work` with every source allowed, the sources answered by `serve` (a MockAgent: no network). */
async function read(work: WorkReference, serve: (agent: MockAgent) => void, sources: FullTextSources = { europepmc: true, pmc: {}, arxiv: true }) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  serve(agent);
  const http = testHttp({ version: TEST_VERSION, dispatcher: agent, clock: new FakeClock() });
  return new UndiciFullTextClient({ http, cacheEntries: 0 }).read({ work, sources, signal: new AbortController().signal });
}

/** A JATS article: `meta` inside article-meta, `body` as its body, one reference. */
const article = (meta: string, body: string): string =>
  `<article xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:ali="http://www.niso.org/schemas/ali/1.0/"><front><article-meta><article-id pub-id-type="pmcid">PMC12311175</article-id>${meta}<abstract><p>Why.</p></abstract></article-meta></front>${body}<back><ref-list><ref><mixed-citation>One.</mixed-citation></ref></ref-list></back></article>`;

/** PMC12311175 through Europe PMC (its real search answer: `license` `cc by`), its full text `xml`. */
const europePmc =
  (xml: string | Buffer, headers: Record<string, string> = {}) =>
  (agent: MockAgent) => {
    agent
      .get(EUROPE)
      .intercept({ path: (path) => path.includes('/search?') })
      .reply(200, fulltextFixture('europepmc-search-core-oa.json'), { headers: { 'content-type': 'application/json' } });
    agent
      .get(EUROPE)
      .intercept({ path: (path) => path.endsWith('/fullTextXML') })
      .reply(200, xml, { headers: { 'content-type': 'application/xml', ...headers } });
  };
const PMCID: WorkReference = { kind: 'pmcid', pmcid: 'PMC12311175' };

describe("a document's identity: its body bytes, its body text, its own licence (issue 29, rows 3, 5, 6)", () => {
  it('hashes the body bytes as received, a byte order mark included, also when the body came gzipped (row 6)', async () => {
    const xml = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(article('', '<body><p>Text.</p></body>'))]);
    for (const [body, headers] of [
      [xml, {}],
      [gzipSync(xml), { 'content-encoding': 'gzip' }],
    ] as const) {
      const { document } = await read(PMCID, europePmc(body, headers));
      assert.deepEqual({ bytes: document!.source.bytes, sha256: document!.source.sha256 }, { bytes: xml.length, sha256: sha256(xml) });
    }
  });

  it('answers no open full text for an empty body beside the abstract and references (row 5)', async () => {
    const restricted = `<?xml version="1.0"  ?><pmc-articleset>${article('', '<!--The publisher of this article does not allow downloading of the full text in XML form.--><body/>')}</pmc-articleset>`;
    const outcome = await read(
      PMCID,
      (agent) =>
        agent
          .get(NCBI)
          .intercept({ path: (path) => path.startsWith('/entrez/eutils/efetch.fcgi') })
          .reply(200, restricted),
      { europepmc: false, pmc: {}, arxiv: true },
    );
    assert.equal(outcome.document, undefined);
    assert.deepEqual(outcome.attempts.at(-1), { provider: 'pmc', outcome: 'no_open_full_text' });
  });

  it("reports an unknown licence URL of the article as unknown, with Europe PMC's disagreeing label beside it (row 3)", async () => {
    const meta = `<permissions><license xlink:href="${ELSEVIER}"><license-p>Elsevier user licence.</license-p></license></permissions>`;
    const { document } = await read(PMCID, europePmc(article(meta, '<body><p>Text.</p></body>')));
    assert.deepEqual(
      { ...document!.source, sha256: undefined, bytes: undefined, url: undefined, provider: undefined },
      {
        ...{ sha256: undefined, bytes: undefined, url: undefined, provider: undefined },
        licence: 'unknown',
        licenceUrl: ELSEVIER,
        licenceFrom: 'article',
        licenceConflict: { from: 'europepmc_record', licence: 'CC BY' },
      },
    );
    const silent = await read(
      PMCID,
      europePmc(article('', '<body><p>Under <ali:license_ref>https://creativecommons.org/licenses/by/4.0/</ali:license_ref>.</p></body>')),
    );
    assert.deepEqual([silent.document!.source.licence, silent.document!.source.licenceFrom], ['CC BY', 'europepmc_record']);
  });

  it("keeps an arXiv record's unknown licence URL as unknown instead of the page's label (row 3)", async () => {
    const unknown = 'http://arxiv.org/licenses/some-new-licence/2.0/';
    const record = fulltextFixture('arxiv-oai-getrecord.xml').replace(/<license>[^<]*<\/license>/u, `<license>${unknown}</license>`);
    const { document } = await read({ kind: 'arxiv', arxiv: '2609.04321' }, (agent) => serveArxivPaper(agent, record));
    const { licence, licenceUrl, licenceFrom, licenceConflict } = document!.source;
    assert.deepEqual(
      { licence, licenceUrl, licenceFrom, licenceConflict },
      { licence: 'unknown', licenceUrl: unknown, licenceFrom: 'arxiv_record', licenceConflict: { from: 'arxiv_page', licence: 'CC BY 4.0' } },
    );
  });
});
