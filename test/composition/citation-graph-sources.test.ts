import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { REAL, SEED, SyntheticWorld, realGraphRoute, worldWork } from '../support/graph-world.js';
import { graphResult, startGraphServer, until, type GraphServer } from '../support/graph-server.js';
import { settingsWith } from '../fakes/config-source.fake.js';
import { FakeSecretStore, secretReference } from '../fakes/secret-store.fake.js';

const REFERENCES = 'qiongli_literature_references';
const CITATIONS = 'qiongli_literature_citations';

describe('the citation graph, each source alone, on its recorded bodies (through tools/call and the real undici adapters)', () => {
  let server: GraphServer;
  before(async () => {
    server = await startGraphServer(realGraphRoute());
  });
  after(() => server.close());

  it('OpenAlex references: referenced_works resolved with one filter=openalex: call, in the work’s order', async () => {
    const result = graphResult(await server.call(REFERENCES, { work: REAL.openalexWork, providers: ['openalex'] }));
    assert.equal(result.status, 'ok');
    assert.equal(result.work.doi, REAL.openalexDoi);
    assert.deepEqual(result.work.providers, ['openalex']);
    // The work cites 6; OpenAlex's recorded batch answer resolves 5 of them.
    assert.equal(result.edges.length, 5);
    assert.ok(result.edges.every((edge: any) => edge.providers.join() === 'openalex' && edge.record.identifiers.openalex.startsWith('W')));
    assert.deepEqual(result.diagnostics.providers.openalex, { status: 'ok', count: 5, total: 6, requests: 2, list_calls: 1 });
    const batch = server.loopback.requests.find((seen) => seen.path.includes('filter=openalex'))!;
    assert.match(decodeURIComponent(batch.path), /^\/works\?filter=openalex:W\d+(\|W\d+){5}&per_page=100&select=id,doi,display_name/u);
  });

  it('OpenAlex citations: filter=cites: with cursor paging, the page count as total', async () => {
    const result = graphResult(await server.call(CITATIONS, { work: `https://doi.org/${REAL.openalexDoi}`, providers: ['openalex'] }));
    assert.equal(result.status, 'ok');
    assert.equal(result.edges.length, 5);
    assert.equal(result.next_cursor, undefined);
    assert.equal(result.diagnostics.providers.openalex.total, 5);
    assert.equal(result.diagnostics.providers.openalex.list_calls, 1);
    const page = server.loopback.requests.find((seen) => seen.path.includes('cites'))!;
    assert.match(decodeURIComponent(page.path), /^\/works\?filter=cites:W3046863325&per_page=100&cursor=\*&select=/u);
  });

  for (const [tool, itemKey] of [
    [REFERENCES, 'Neural Variational Inference and Learning in Belief Networks'],
    [CITATIONS, 'Learning to Throw With a Handful of Samples Using Decision Transformers'],
  ] as const) {
    it(`Semantic Scholar ${tool === REFERENCES ? 'references' : 'citations'}: contexts (bounded), intents and the influential flag kept`, async () => {
      const result = graphResult(await server.call(tool, { work: REAL.s2Doi, providers: ['semantic_scholar'] }));
      assert.equal(result.status, 'ok');
      assert.equal(result.edges.length, 1);
      const [edge] = result.edges;
      assert.equal(edge.record.title, itemKey);
      assert.deepEqual(edge.providers, ['semantic_scholar']);
      assert.ok(edge.contexts.length >= 1 && edge.contexts.length <= 3);
      assert.ok(edge.contexts.every((context: string) => context.length <= 500));
      assert.ok(edge.intents.length >= 1);
      assert.equal(typeof edge.influential, 'boolean');
      const seen = server.loopback.requests.at(-1)!;
      assert.match(
        seen.path,
        /\/(references|citations)\?fields=contexts,intents,isInfluential,title,year,venue,externalIds,authors,url,citationCount,openAccessPdf,publicationTypes&offset=0&limit=100$/u,
      );
    });
  }

  it('OpenCitations references: DOIs with the year derived from creation and timespan; DOI-only works looked up at OpenAlex', async () => {
    const result = graphResult(await server.call(REFERENCES, { work: `doi:${REAL.opencitationsReferencesDoi}`, providers: ['opencitations'] }));
    assert.equal(result.edges.length, 3);
    assert.deepEqual(
      result.edges.map((edge: any) => [edge.record.doi, edge.record.year, edge.doi_only]),
      [
        ['10.7717/peerj-cs.163', 2018, true],
        ['10.1007/s11192-020-03792-z', 2020, true],
        ['10.1007/s11192-020-03690-4', 2020, true],
      ],
    );
    assert.deepEqual(result.diagnostics.metadata_lookups, { provider: 'openalex', asked: 3, found: 0, requests: 3 });
    assert.ok(
      server.loopback.requests.some(
        (seen) => seen.host === 'api.opencitations.net' && seen.path === `/index/v2/references/doi:${REAL.opencitationsReferencesDoi}`,
      ),
    );
  });

  it('OpenCitations citations: the citing DOIs and their years', async () => {
    const result = graphResult(await server.call(CITATIONS, { work: REAL.opencitationsCitationsDoi, providers: ['opencitations'] }));
    assert.deepEqual(
      result.edges.map((edge: any) => [edge.record.doi, edge.record.year, edge.providers.join()]),
      [
        ['10.7717/peerj-cs.421', 2021, 'opencitations'],
        ['10.3233/ds-190019', 2019, 'opencitations'],
        ['10.3233/ds-190016', 2019, 'opencitations'],
      ],
    );
    assert.equal(result.diagnostics.providers.opencitations.total, 3);
  });

  it('Crossref references: the deposited reference list, titled entries as records, the rest by DOI', async () => {
    const result = graphResult(await server.call(REFERENCES, { work: REAL.crossrefDoi, providers: ['crossref'], limit: 200 }));
    assert.equal(result.work.title.length > 0, true);
    assert.deepEqual(result.work.providers, ['crossref']);
    assert.equal(result.edges.length, 52); // every deposited entry has a title, an unstructured citation or a DOI
    const titled = result.edges.filter((edge: any) => edge.doi_only !== true);
    assert.equal(titled.length, 7); // 45 carry only a DOI; OpenAlex (looked up, 404 here) knows none of them
    assert.ok(
      titled.some((edge: any) => edge.record.title === 'Viability theory' && edge.record.year === 1991 && edge.record.authors[0].literal === 'Aubin J.P.'),
    );
    assert.deepEqual(result.diagnostics.metadata_lookups, { provider: 'openalex', asked: 45, found: 0, requests: 45 });
    assert.equal(result.diagnostics.providers.crossref.total, 52);
  });
});

describe('the citation graph, all sources together (a consistent world built from the recorded item shapes)', () => {
  const citing = [0, 1, 2, 3, 4, 5];
  const world = new SyntheticWorld(
    { openalex: [0, 1, 2, 3], semantic_scholar: [3, 2, 1, 4], opencitations: [1, 4, 5] },
    { openalex: [10, 11], semantic_scholar: [11, 12], opencitations: [12, 13], crossref: [13, 10] },
  );
  let server: GraphServer;
  before(async () => {
    server = await startGraphServer(world.route);
  });
  after(() => server.close());

  it('citations from three sources: one edge per work, each with the sources that reported it', async () => {
    const result = graphResult(await server.call(CITATIONS, { work: SEED.doi }));
    assert.equal(result.status, 'ok');
    const byDoi = new Map(result.edges.map((edge: any) => [edge.record.doi, edge]));
    assert.equal(byDoi.size, citing.length);
    assert.equal(result.edges.length, citing.length);
    assert.deepEqual((byDoi.get(worldWork(1).doi) as any).providers, ['openalex', 'semantic_scholar', 'opencitations']);
    assert.deepEqual((byDoi.get(worldWork(0).doi) as any).providers, ['openalex']);
    assert.deepEqual((byDoi.get(worldWork(5).doi) as any).providers, ['opencitations']);
    for (const source of ['openalex', 'semantic_scholar', 'opencitations']) assert.equal(result.diagnostics.providers[source].status, 'ok');
  });

  it('a work known to two sources under different ids merges: one record with both ids and both sources', async () => {
    const result = graphResult(await server.call(CITATIONS, { work: SEED.doi }));
    const edge = result.edges.find((candidate: any) => candidate.record.doi === worldWork(3).doi);
    assert.deepEqual(edge.providers, ['openalex', 'semantic_scholar']);
    assert.deepEqual(edge.record.identifiers, { openalex: worldWork(3).openalex, semantic_scholar: worldWork(3).s2 });
    assert.deepEqual(result.work.identifiers, { openalex: SEED.openalex, semantic_scholar: SEED.s2 });
    assert.deepEqual(result.work.providers, ['openalex', 'semantic_scholar']);
  });

  it('references from all four sources merged, Crossref included', async () => {
    const result = graphResult(await server.call(REFERENCES, { work: SEED.openalex }));
    const providers = Object.fromEntries(result.edges.map((edge: any) => [edge.record.doi, edge.providers.join()]));
    assert.deepEqual(providers, {
      [worldWork(10).doi]: 'openalex,crossref',
      [worldWork(11).doi]: 'openalex,semantic_scholar',
      [worldWork(12).doi]: 'semantic_scholar,opencitations',
      [worldWork(13).doi]: 'opencitations,crossref',
    });
    assert.deepEqual(Object.keys(result.diagnostics.providers), ['openalex', 'semantic_scholar', 'opencitations', 'crossref']);
  });
});

describe('the citation graph and the search share the providers’ pacing lanes (the program’s own clients)', () => {
  it('starts a graph request and a search request to Semantic Scholar at least a second apart', async () => {
    const ref = secretReference(9);
    const world = new SyntheticWorld({ semantic_scholar: [1, 2] });
    const server = await startGraphServer(world.route, {
      programClient: true,
      settings: settingsWith({ semantic_scholar: { enabled: true, apiKeyRef: ref } }),
      secrets: FakeSecretStore.withSecrets({ [ref]: 'S2-KEY' }),
    });
    try {
      server.send('qiongli_literature_citations', { work: SEED.doi, providers: ['semantic_scholar'] }, 'graph');
      server.send('qiongli_literature_search', { query: 'citation graphs', providers: ['semantic_scholar'] }, 'search');
      await until(() => server.transport.responseTo('graph') !== undefined && server.transport.responseTo('search') !== undefined);
      const starts = server.loopback.requests.filter((seen) => seen.host === 'api.semanticscholar.org').map((seen) => seen.at);
      assert.equal(starts.length, 3, 'graph resolve, graph citations, search');
      for (let index = 1; index < starts.length; index++)
        assert.ok(starts[index]! - starts[index - 1]! >= 950, `${starts[index]! - starts[index - 1]!} ms apart`);
      assert.ok(server.loopback.requests.every((seen) => seen.headers['x-api-key'] === 'S2-KEY'));
    } finally {
      await server.close();
    }
  });
});
