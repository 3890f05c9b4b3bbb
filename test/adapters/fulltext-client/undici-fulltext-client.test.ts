import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MockAgent } from 'undici';
import { UndiciFullTextClient } from '../../../src/adapters/fulltext-client/index.js';
import type { FullTextRequest, FullTextSources, WorkReference } from '../../../src/ports/fulltext-client.port.js';
import { FakeClock } from '../provider-http/fake-clock.js';
import { TEST_VERSION } from '../provider-client/mock-providers.js';
import { fulltextFixture } from '../../support/fulltext-sources.js';
import { serveArxivPaper } from './documents.js';
import { testHttp } from '../../support/provider-http.js';

const EUROPE = 'https://www.ebi.ac.uk';
const NCBI = 'https://eutils.ncbi.nlm.nih.gov';
const ARXIV = 'https://arxiv.org';
const OAI = 'https://oaipmh.arxiv.org';
const XML = { headers: { 'content-type': 'application/xml' } };
const JSON_TYPE = { headers: { 'content-type': 'application/json' } };
const ALL: FullTextSources = { europepmc: true, pmc: {}, arxiv: true };

function client() {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const clock = new FakeClock();
  const http = testHttp({ version: TEST_VERSION, dispatcher: agent, clock });
  return { agent, clock, client: new UndiciFullTextClient({ http }) };
}

const request = (work: WorkReference, sources: FullTextSources = ALL, signal = new AbortController().signal): FullTextRequest => ({ work, sources, signal });

describe('the undici full-text client (docs/providers.md#full-text-sources)', () => {
  it('resolves a DOI through Europe PMC search, then reads its fullTextXML as JATS', async () => {
    const { agent, client: reader } = client();
    const paths: string[] = [];
    agent
      .get(EUROPE)
      .intercept({
        path: (path) => (paths.push(path), path.startsWith('/europepmc/webservices/rest/search?')),
        headers: { 'user-agent': `qiongli/${TEST_VERSION}` },
      })
      .reply(200, fulltextFixture('europepmc-search-core-oa.json'), JSON_TYPE);
    agent
      .get(EUROPE)
      .intercept({ path: '/europepmc/webservices/rest/PMC12311175/fullTextXML' })
      .reply(200, fulltextFixture('europepmc-fulltext-PMC12311175.xml'), XML);
    const outcome = await reader.read(request({ kind: 'doi', doi: '10.1038/s41392-025-02280-1' }));
    assert.deepEqual(outcome.attempts, [{ provider: 'europepmc', outcome: 'full_text' }]);
    assert.deepEqual(outcome.work, { pmcid: 'PMC12311175', pmid: '40739089', doi: '10.1038/s41392-025-02280-1' });
    assert.equal(outcome.openAccessUrl, 'https://europepmc.org/articles/PMC12311175');
    const source = outcome.document!.source;
    assert.equal(source.url, 'https://www.ebi.ac.uk/europepmc/webservices/rest/PMC12311175/fullTextXML');
    assert.equal(source.licence, 'CC BY 4.0');
    assert.equal(source.licenceUrl, 'https://creativecommons.org/licenses/by/4.0/');
    assert.equal(source.bytes, Buffer.byteLength(fulltextFixture('europepmc-fulltext-PMC12311175.xml')));
    assert.match(source.sha256, /^[0-9a-f]{64}$/u);
    assert.ok(outcome.document!.blocks.length > 800);
    assert.ok(paths[0]?.includes('query=DOI%3A%2210.1038%2Fs41392-025-02280-1%22') && paths[0].includes('resultType=core'));
    agent.assertNoPendingInterceptors();
  });

  it('reads PubMed Central alone with the key in the request but never in the document URL', async () => {
    const { agent, client: reader } = client();
    agent
      .get(NCBI)
      .intercept({ path: '/entrez/eutils/efetch.fcgi?db=pmc&id=3258128&retmode=xml&api_key=KEY-5150' })
      .reply(200, fulltextFixture('pmc-efetch-PMC3258128.xml'), XML);
    const outcome = await reader.read(request({ kind: 'pmcid', pmcid: 'PMC3258128' }, { europepmc: false, pmc: { apiKey: 'KEY-5150' }, arxiv: true }));
    assert.deepEqual(outcome.attempts, [
      { provider: 'europepmc', outcome: 'disabled' },
      { provider: 'pmc', outcome: 'full_text' },
    ]);
    assert.equal(outcome.document!.source.url, 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/efetch.fcgi?db=pmc&id=3258128&retmode=xml');
    assert.equal(outcome.document!.source.licence, 'CC BY-NC 3.0');
    assert.ok(!JSON.stringify(outcome).includes('KEY-5150'));
  });

  it('says no open full text when Europe PMC has none and PubMed Central answers 200 with metadata only', async () => {
    const { agent, client: reader } = client();
    agent
      .get(EUROPE)
      .intercept({ path: (path) => path.startsWith('/europepmc/webservices/rest/search?') })
      .reply(200, fulltextFixture('europepmc-search-core-cancer.json'), JSON_TYPE);
    agent.get(EUROPE).intercept({ path: '/europepmc/webservices/rest/PMC12124214/fullTextXML' }).reply(404, '');
    agent
      .get(NCBI)
      .intercept({ path: '/entrez/eutils/efetch.fcgi?db=pmc&id=12124214&retmode=xml' })
      .reply(200, fulltextFixture('pmc-efetch-metadata-only.xml'), XML);
    const outcome = await reader.read(request({ kind: 'doi', doi: '10.1016/s0140-6736(24)02716-8' }));
    assert.equal(outcome.document, undefined);
    assert.deepEqual(outcome.attempts, [
      { provider: 'europepmc', outcome: 'no_open_full_text' },
      { provider: 'pmc', outcome: 'no_open_full_text' },
    ]);
    assert.deepEqual(outcome.work, { doi: '10.1016/s0140-6736(24)02716-8', pmcid: 'PMC12124214', pmid: '39709208' });
    assert.equal(outcome.openAccessUrl, 'https://europepmc.org/articles/PMC12124214');
  });

  it('reads an arXiv HTML paper and its licence from the OAI-PMH record, one request every 3 s', async () => {
    const { agent, clock, client: reader } = client();
    serveArxivPaper(agent);
    const outcome = await reader.read(request({ kind: 'arxiv', arxiv: '2609.04321' }));
    assert.deepEqual(outcome.attempts, [{ provider: 'arxiv', outcome: 'full_text' }]);
    assert.deepEqual(outcome.work, { arxiv: '2609.04321', doi: '10.5555/anchored.2026.7' });
    assert.deepEqual(
      { licence: outcome.document!.source.licence, url: outcome.document!.source.licenceUrl },
      { licence: 'CC BY 4.0', url: 'http://creativecommons.org/licenses/by/4.0/' },
    );
    assert.equal(outcome.openAccessUrl, 'https://arxiv.org/pdf/2609.04321');
    assert.deepEqual(clock.sleeps, [3000]);
  });

  it('tells an arXiv paper without HTML (no open full text) from an unknown id (not found)', async () => {
    const { agent, client: reader } = client();
    agent.get(ARXIV).intercept({ path: '/html/2609.04321' }).reply(404, 'No HTML for this paper');
    agent
      .get(OAI)
      .intercept({ path: (path) => path.includes('2609.04321') })
      .reply(200, fulltextFixture('arxiv-oai-getrecord.xml'));
    agent.get(ARXIV).intercept({ path: '/html/2609.99999' }).reply(404, '');
    agent
      .get(OAI)
      .intercept({ path: (path) => path.includes('2609.99999') })
      .reply(200, fulltextFixture('arxiv-oai-iddoesnotexist.xml'));
    const noHtml = await reader.read(request({ kind: 'arxiv', arxiv: '2609.04321' }));
    assert.deepEqual([noHtml.attempts, noHtml.openAccessUrl], [[{ provider: 'arxiv', outcome: 'no_open_full_text' }], 'https://arxiv.org/pdf/2609.04321']);
    const unknown = await reader.read(request({ kind: 'arxiv', arxiv: '2609.99999' }));
    assert.deepEqual([unknown.attempts, unknown.openAccessUrl], [[{ provider: 'arxiv', outcome: 'not_found' }], undefined]);
  });

  it('reports each failure by its kind and keeps failed reads out of the cache', async () => {
    const { agent, client: reader } = client();
    agent
      .get(EUROPE)
      .intercept({ path: (path) => path.startsWith('/europepmc/webservices/rest/search?') })
      .reply(500, 'boom')
      .times(2);
    const work: WorkReference = { kind: 'pmid', pmid: '40739089' };
    assert.deepEqual((await reader.read(request(work, { europepmc: true, pmc: undefined, arxiv: true }))).attempts, [
      { provider: 'europepmc', outcome: 'failed', errorKind: 'http_error' },
      { provider: 'pmc', outcome: 'disabled' },
    ]);
    assert.equal((await reader.read(request(work, { europepmc: true, pmc: undefined, arxiv: true }))).attempts[0]?.errorKind, 'http_error');
    agent
      .get(ARXIV)
      .intercept({ path: '/html/2609.04321' })
      .reply(200, 'x', { headers: { 'content-length': String(17 * 1024 * 1024) } });
    assert.deepEqual((await reader.read(request({ kind: 'arxiv', arxiv: '2609.04321' }))).attempts, [
      { provider: 'arxiv', outcome: 'failed', errorKind: 'decode_error' },
    ]);
  });

  it('keeps a successful read for paging: the second read sends nothing', async () => {
    const { agent, client: reader } = client();
    agent
      .get(NCBI)
      .intercept({ path: (path) => path.startsWith('/entrez/eutils/efetch.fcgi?db=pmc&id=3258128') })
      .reply(200, fulltextFixture('pmc-efetch-PMC3258128.xml'), XML);
    const sources: FullTextSources = { europepmc: false, pmc: {}, arxiv: true };
    const first = await reader.read(request({ kind: 'pmcid', pmcid: 'PMC3258128' }, sources));
    const second = await reader.read(request({ kind: 'pmcid', pmcid: 'PMC3258128' }, sources));
    assert.equal(second, first);
  });

  it('answers cancelled, without reading further, when the call is cancelled', async () => {
    const { agent, client: reader } = client();
    const controller = new AbortController();
    controller.abort();
    const outcome = await reader.read(request({ kind: 'pmcid', pmcid: 'PMC3258128' }, { europepmc: true, pmc: {}, arxiv: true }, controller.signal));
    assert.deepEqual(outcome.attempts, [{ provider: 'europepmc', outcome: 'failed', errorKind: 'cancelled' }]);
    agent.assertNoPendingInterceptors();
  });
});
