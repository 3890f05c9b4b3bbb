import { describe, it } from 'node:test';
import { inlineFiles } from '../support/delivered-files.js';
import assert from 'node:assert/strict';
import { createContainer } from '../../src/composition/create-container.js';
import { ALL_CAPABILITY_GROUPS, type CapabilityGroup } from '../../src/domain/shared/capability-groups.js';
import { DEFAULT_SETTINGS } from '../../src/domain/provider-readiness/provider-readiness.js';
import { PASSAGE_ID } from '../../src/domain/fulltext/passage-ids.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { FakeConfigSource, settingsWith } from '../fakes/config-source.fake.js';
import { FakeSecretStore } from '../fakes/secret-store.fake.js';
import { FIXTURE_WORKS, startFullTextSources, type FullTextSources } from '../support/fulltext-sources.js';
import { call, initialize, toolErrorOf } from '../support/messages.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';

const TOOL = 'qiongli_literature_read_fulltext';
const HOSTS = new Set(['www.ebi.ac.uk', 'eutils.ncbi.nlm.nih.gov', 'arxiv.org', 'oaipmh.arxiv.org']);
const PREFIXES = ['/europepmc/webservices/rest/', '/entrez/eutils/efetch.fcgi?db=pmc&', '/html/', '/oai?verb=GetRecord&'];

/** The composed server over a loopback holding the full-text fixtures, PubMed enabled (PubMed Central's entry). */
function serveOver(sources: FullTextSources, options: { europepmc?: boolean; grants?: readonly CapabilityGroup[] } = {}) {
  const settings = settingsWith({ pubmed: { enabled: true } });
  const config = FakeConfigSource.available({ ...settings, sources: { ...DEFAULT_SETTINGS.sources, europepmc: { enabled: options.europepmc ?? true } } });
  const container = createContainer('lite', {
    configSource: config,
    secretStore: FakeSecretStore.unavailable(),
    dispatcher: sources.dispatcher,
    grants: new Set(options.grants ?? ALL_CAPABILITY_GROUPS),
  });
  const transport = new FakeTransport();
  mcpConnection(container, transport, { finished: () => undefined, failed: () => undefined }).start();
  transport.receive(initialize(0, '2025-06-18'));
  let next = 1;
  const read = async (args: Record<string, unknown>) => {
    const id = next++;
    transport.receive(call(id, TOOL, args));
    await until(() => transport.responseTo(id) !== undefined);
    return transport.responseTo(id);
  };
  return { transport, read };
}

async function until(condition: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function withSources<T>(run: (sources: FullTextSources) => Promise<T>, options?: Parameters<typeof startFullTextSources>[0]): Promise<T> {
  const sources = await startFullTextSources(options);
  try {
    return await run(sources);
  } finally {
    await sources.close();
  }
}

describe('reading a paper through tools/call with the real undici adapter (docs/tools.md#qiongli_literature_read_fulltext)', () => {
  it('follows a DOI through Europe PMC search to its JATS full text', () =>
    withSources(async (sources) => {
      const { read } = serveOver(sources);
      const result = (await read({ work: `https://doi.org/${FIXTURE_WORKS.europePmcDoi}` })).result.structuredContent;
      assert.equal(result.status, 'ok');
      assert.deepEqual(result.work, { doi: FIXTURE_WORKS.europePmcDoi, pmcid: 'PMC12311175', pmid: '40739089' });
      assert.deepEqual(
        { ...result.source, sha256: undefined },
        {
          provider: 'europepmc',
          url: 'https://www.ebi.ac.uk/europepmc/webservices/rest/PMC12311175/fullTextXML',
          sha256: undefined,
          bytes: 795_100,
          licence: 'CC BY 4.0',
          licence_url: 'https://creativecommons.org/licenses/by/4.0/',
          licence_from: 'article',
        },
      );
      assert.equal(result.sections[0].id, 'abstract');
      assert.ok(result.passages.every((passage: { id: string }) => PASSAGE_ID.test(passage.id)));
      assert.equal(result.truncated, true);
      assert.deepEqual(
        sources.requests.map((seen) => seen.source),
        ['europepmc', 'europepmc'],
      );
    }));

  it('reads PubMed Central alone when Europe PMC is disabled', () =>
    withSources(async (sources) => {
      const { read } = serveOver(sources, { europepmc: false });
      const result = (await read({ work: `PMCID:${FIXTURE_WORKS.pmcPmcid}`, section: 'Introduction' })).result.structuredContent;
      assert.equal(result.status, 'ok');
      assert.equal(result.source.provider, 'pmc');
      assert.equal(result.source.licence, 'CC BY-NC 3.0');
      assert.deepEqual(result.attempts, [
        { provider: 'europepmc', outcome: 'disabled' },
        { provider: 'pmc', outcome: 'full_text' },
      ]);
      assert.ok(result.passages.length === 3 && result.passages.every((passage: { section_id: string }) => passage.section_id === 's1'));
      assert.deepEqual(
        sources.requests.map((seen) => seen.source),
        ['pmc'],
      );
    }));

  it('detects PubMed Central metadata-only 200 and answers no open full text, per source, with the free link', () =>
    withSources(async (sources) => {
      const { read } = serveOver(sources);
      const result = (await read({ work: FIXTURE_WORKS.restrictedDoi })).result.structuredContent;
      assert.equal(result.status, 'no_open_full_text');
      assert.deepEqual(result.attempts, [
        { provider: 'europepmc', outcome: 'no_open_full_text' },
        { provider: 'pmc', outcome: 'no_open_full_text' },
      ]);
      assert.equal(result.open_access_url, 'https://europepmc.org/articles/PMC12124214');
      assert.deepEqual(result.passages, []);
      assert.deepEqual(
        sources.requests.map((seen) => seen.source),
        ['europepmc', 'europepmc', 'pmc'],
      );
    }));

  it('reads an arXiv HTML paper with its sections, a figure caption and an equation', () =>
    withSources(async (sources) => {
      const { read } = serveOver(sources);
      const result = (await read({ work: `arXiv:${FIXTURE_WORKS.arxivId}` })).result.structuredContent;
      assert.equal(result.status, 'ok');
      assert.deepEqual(
        result.sections.map((section: { id: string }) => section.id),
        ['abstract', 's1', 's2', 's2.1', 's3', 'refs'],
      );
      const texts: string[] = result.passages.map((passage: { text: string }) => passage.text);
      assert.ok(texts.includes('Figure 1: Anchors of one paragraph across three versions of a paper: the anchor changes only where the text does.'));
      assert.ok(texts.includes('P=2^{-32}\\approx 2.3\\times 10^{-10}, (1)'));
      assert.equal(result.source.licence, 'CC BY 4.0');
      assert.deepEqual(
        sources.requests.map((seen) => seen.source),
        ['arxiv-html', 'arxiv-oai'],
      );
    }));

  it('returns with find the passages holding the terms, marked, each with its neighbours', () =>
    withSources(async (sources) => {
      const { read } = serveOver(sources, { europepmc: false });
      const result = (await read({ work: FIXTURE_WORKS.pmcPmcid, find: 'PRKRA "dicer"' })).result.structuredContent;
      const matched = result.passages.filter((passage: { match?: true }) => passage.match === true);
      assert.ok(matched.length > 3);
      assert.ok(matched.every((passage: { text: string }) => /prkra|dicer/iu.test(passage.text)));
      assert.ok(
        result.passages.some((passage: { match?: true }) => passage.match === undefined),
        'neighbours come too',
      );
      assert.match(matched[0].text, /PRKRA/u);
      assert.match(matched[0].text, /Dicer/iu);
    }));

  it('pages through a long paper returning every passage once, and gives the same ids on a second read', async () => {
    const ids = await withSources(async (sources) => {
      const { read } = serveOver(sources);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const result = (await read({ work: FIXTURE_WORKS.europePmcPmcid, max_chars: 64_000, ...(cursor === undefined ? {} : { cursor }) })).result
          .structuredContent;
        seen.push(...result.passages.map((passage: { id: string }) => passage.id));
        cursor = result.next_cursor;
        pages++;
      } while (cursor !== undefined);
      assert.ok(pages > 5);
      assert.equal(sources.requests.filter((request) => request.path.endsWith('/fullTextXML')).length, 1, 'pages come from the read kept');
      return seen;
    });
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(ids.length > 800);
    const again = await withSources(
      async (sources) => (await serveOver(sources).read({ work: FIXTURE_WORKS.europePmcPmcid, max_chars: 64_000 })).result.structuredContent,
    );
    assert.deepEqual(
      again.passages.map((passage: { id: string }) => passage.id),
      ids.slice(0, again.passages.length),
    );
  });

  it('keeps every request on a constant host and path, whatever the work', () =>
    withSources(async (sources) => {
      const { read } = serveOver(sources);
      for (const work of ['10.1000/../../admin?x=1#frag', '10.1000/a%2F..%2Fb', 'PMID:1', 'doi:10.1000/@evil.example:80/x', '10.1000/x&query=DOI:y'])
        assert.equal((await read({ work })).result.isError, undefined, work);
      for (const work of ['https://evil.example/x', 'PMC1/../x', 'arXiv:../../etc/passwd', 'arXiv:2609.04321?x=1', '10.1000/x"y']) {
        const response = await read({ work });
        assert.equal(toolErrorOf(response.result).message, 'work must be a DOI, PMCID:PMC<digits>, PMID:<digits> or arXiv:<id>', work);
      }
      assert.ok(sources.requests.length >= 5);
      for (const seen of sources.requests) {
        assert.ok(HOSTS.has(seen.host), seen.host);
        assert.ok(
          PREFIXES.some((prefix) => seen.path.startsWith(prefix)),
          seen.path,
        );
        assert.equal(seen.source, 'europepmc', seen.path);
        assert.ok(seen.path.startsWith('/europepmc/webservices/rest/search?query='), seen.path);
      }
    }));

  it('hands passages to the evidence snapshot, which records them and flags an edited text', () =>
    withSources(async (sources) => {
      const { read, transport } = serveOver(sources, { europepmc: false });
      const result = (await read({ work: FIXTURE_WORKS.pmcPmcid, max_chars: 2000 })).result.structuredContent;
      const [first] = result.passages;
      const evidence = { ...first, source_sha256: result.source.sha256, licence: result.source.licence };
      transport.receive(
        call(90, 'qiongli_literature_export_evidence', {
          query: 'miR-122',
          results: [evidence, { ...evidence, text: `${first.text} (edited)` }],
          delivery: 'inline',
        }),
      );
      await until(() => transport.responseTo(90) !== undefined);
      const [kept, edited] = JSON.parse(inlineFiles(transport.responseTo(90).result.structuredContent)['evidence-snapshot.json']!).results;
      assert.equal(kept.passage_check.status, 'text_matches_id');
      assert.equal(kept.id, first.id);
      assert.equal(kept.licence, 'CC BY-NC 3.0');
      assert.equal(edited.passage_check.status, 'text_differs_from_id');
    }));

  it('answers a tampered cursor with the static invalid-arguments error', () =>
    withSources(async (sources) => {
      const { read } = serveOver(sources, { europepmc: false });
      const first = (await read({ work: FIXTURE_WORKS.pmcPmcid, max_chars: 2000 })).result.structuredContent;
      const tampered = `${first.next_cursor.slice(0, 10)}${first.next_cursor[10] === 'A' ? 'B' : 'A'}${first.next_cursor.slice(11)}`;
      const response = await read({ work: FIXTURE_WORKS.pmcPmcid, max_chars: 2000, cursor: tampered });
      assert.deepEqual(toolErrorOf(response.result), {
        status: 'error',
        error_kind: 'invalid_arguments',
        reason_code: 'invalid-arguments',
        message: 'cursor is invalid or expired',
      });
    }));

  it('aborts the fetch when the call is cancelled, and answers nothing', () =>
    withSources(
      async (sources) => {
        const { transport } = serveOver(sources);
        const closed = sources.socketClosed('europepmc');
        transport.receive(call(7, TOOL, { work: FIXTURE_WORKS.europePmcDoi }));
        await until(() => sources.requests.length > 0);
        transport.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } });
        await closed;
        await new Promise((resolve) => setTimeout(resolve, 50));
        assert.equal(transport.responseTo(7), undefined);
      },
      { hang: ['europepmc'] },
    ));

  it('is not served, and answers like an unknown tool, when fulltext is not granted (Lite default)', () =>
    withSources(async (sources) => {
      const { transport } = serveOver(sources, { grants: ['config', 'literature', 'evidence', 'zotero', 'orchestration'] });
      transport.receive(call(9, TOOL, { work: FIXTURE_WORKS.europePmcDoi }));
      await until(() => transport.responseTo(9) !== undefined);
      assert.equal(transport.responseTo(9).error.code, -32602);
      assert.equal(sources.requests.length, 0);
    }));
});
