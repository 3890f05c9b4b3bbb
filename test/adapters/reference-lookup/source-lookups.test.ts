import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { access, answer, CLIENT_HEADERS, fixtureJson, fixtureText, mockedLookup, ORIGINS, trackMockAgents } from './lookup-harness.js';

const track = trackMockAgents();

const SELECT = 'select=id,doi,display_name,publication_year,primary_location,authorships,cited_by_count,open_access,is_retracted,type,locations';
const CHEMCROW = '10.1038/s42256-024-00832-8';
/** The two real OpenAlex works of the fixture: ChemCrow in Nature Machine Intelligence, and its arXiv preprint. */
const [JOURNAL, PREPRINT] = (fixtureJson('openalex-works-title-search.json') as { results: Record<string, any>[] }).results;

describe('OpenAlex lookups of the reference check (docs/providers.md#the-reference-check)', () => {
  it('looks a DOI up at /works/doi:<doi>, selecting the fields it reads, with api_key; is_retracted is a retraction notice', async () => {
    const { agent, lookup } = track(mockedLookup());
    answer(agent, 'openalex', `/works/doi:${CHEMCROW}?${SELECT}&api_key=K%26Y`, { ...JOURNAL, is_retracted: true });
    const session = lookup.session('openalex', access({ apiKey: 'K&Y' }));
    const found = await session.byIdentifier({ kind: 'doi', value: CHEMCROW });
    assert.ok(found.ok && found.value !== undefined);
    assert.equal(found.value.record.title, 'Augmenting large language models with chemistry tools');
    assert.deepEqual(found.value.notices, [{ type: 'retraction', place: 'is_retracted' }]);
    assert.equal(found.value.versions, undefined, 'its other locations are published versions: no preprint among them');
    assert.deepEqual(await session.byIdentifier({ kind: 'pmid', value: '1' }), { ok: true, value: undefined });
    assert.equal(session.requests(), 1);
  });

  it('links versions from locations: a repository submitted version of a journal work, a journal version of a preprint', async () => {
    const { agent, lookup } = track(mockedLookup());
    const arxivCopy = {
      version: 'submittedVersion',
      landing_page_url: 'https://arxiv.org/abs/2304.05376',
      source: { type: 'repository', display_name: 'arXiv' },
    };
    const journalCopy = { ...JOURNAL!.primary_location, landing_page_url: `https://doi.org/${CHEMCROW}` };
    answer(agent, 'openalex', `/works/doi:${CHEMCROW}?${SELECT}`, { ...JOURNAL, locations: [...JOURNAL!.locations, arxivCopy] });
    answer(agent, 'openalex', `/works/doi:10.48550/arxiv.2304.05376?${SELECT}`, { ...PREPRINT, locations: [...PREPRINT!.locations, journalCopy] });
    const session = lookup.session('openalex', access());
    const journal = await session.byIdentifier({ kind: 'doi', value: CHEMCROW });
    assert.deepEqual(journal.ok && journal.value?.versions, [
      { relation: 'version_of_record_of', place: 'openalex_location', url: 'https://arxiv.org/abs/2304.05376', arxiv: '2304.05376', venue: 'arXiv' },
    ]);
    const preprint = await session.byIdentifier({ kind: 'doi', value: '10.48550/arxiv.2304.05376' });
    assert.deepEqual(preprint.ok && preprint.value?.versions, [
      { relation: 'preprint_of', place: 'openalex_location', url: `https://doi.org/${CHEMCROW}`, doi: CHEMCROW, venue: 'Nature Machine Intelligence' },
    ]);
  });

  it('searches /works?search=<title>&per_page=<n> and reads the list', async () => {
    const { agent, lookup } = track(mockedLookup());
    answer(
      agent,
      'openalex',
      `/works?search=${encodeURIComponent('Augmenting large language models')}&per_page=5&${SELECT}`,
      fixtureText('openalex-works-title-search.json'),
    );
    const found = await lookup.session('openalex', access()).search({ title: 'Augmenting large language models', firstAuthor: 'Bran', limit: 5 });
    assert.deepEqual(found.ok && found.value.map((work) => work.record.identifiers?.openalex), ['W4396723768', 'W4365597205']);
  });
});

describe('Semantic Scholar title match of the reference check', () => {
  it('asks /paper/search/match with the key in x-api-key only; its "no match" 404 is no candidate; identifiers are not asked', async () => {
    const { agent, lookup } = track(mockedLookup());
    const path = (query: string) => `/graph/v1/paper/search/match?query=${encodeURIComponent(query)}&fields=title,year,venue,externalIds,authors,url`;
    const pool = agent.get(ORIGINS.semantic_scholar);
    pool
      .intercept({ path: path('Large Language Models Pass the Turing Test'), method: 'GET', headers: { ...CLIENT_HEADERS, 'x-api-key': 'S2KEY' } })
      .reply(200, fixtureText('semanticscholar-paper-match.json'));
    pool.intercept({ path: path('An invented title'), method: 'GET' }).reply(404, '{"error":"Title match not found"}');
    const session = lookup.session('semantic_scholar', access({ apiKey: 'S2KEY' }));
    const found = await session.search({ title: 'Large Language Models Pass the Turing Test', year: 2025, limit: 5 });
    assert.ok(found.ok);
    assert.deepEqual(
      found.value.map((work) => [work.record.title, work.record.doi, work.record.identifiers?.arxiv]),
      [['Large Language Models Pass the Turing Test', '10.48550/arXiv.2503.23674', '2503.23674']],
    );
    assert.deepEqual(await session.search({ title: 'An invented title', limit: 5 }), { ok: true, value: [] });
    assert.deepEqual(await session.byIdentifier({ kind: 'doi', value: '10.48550/arxiv.2503.23674' }), { ok: true, value: undefined });
    assert.equal(session.requests(), 2);
  });
});

describe('PubMed lookups of the reference check', () => {
  it('reads a PMID from its esummary, "Retracted Publication" as a retraction notice; a search is esearch [ti] then esummary', async () => {
    const { agent, lookup } = track(mockedLookup());
    answer(agent, 'pubmed', '/entrez/eutils/esummary.fcgi?db=pubmed&id=9500320&retmode=json&api_key=NCBI', fixtureText('pubmed-esummary-retracted.json'));
    const term = encodeURIComponent('Genotype guided initiation of efavirenz[ti]');
    answer(agent, 'pubmed', `/entrez/eutils/esearch.fcgi?db=pubmed&term=${term}&retmode=json&sort=relevance&retmax=5&api_key=NCBI`, {
      esearchresult: { idlist: ['26622191', '17918089'] },
    });
    answer(agent, 'pubmed', '/entrez/eutils/esummary.fcgi?db=pubmed&id=26622191,17918089&retmode=json&api_key=NCBI', fixtureText('pubmed-esummary.json'));
    const session = lookup.session('pubmed', access({ apiKey: 'NCBI' }));
    const found = await session.byIdentifier({ kind: 'pmid', value: '9500320' });
    assert.deepEqual(found.ok && found.value?.notices, [{ type: 'retraction', place: 'pubtype' }]);
    const searched = await session.search({ title: 'Genotype (guided) initiation of "efavirenz"', limit: 5 });
    assert.deepEqual(searched.ok && searched.value.map((work) => work.record.identifiers?.pmid), ['26622191', '17918089']);
    assert.equal(session.requests(), 3);
  });
});

describe('arXiv lookups of the reference check', () => {
  it("looks an id up with id_list; the entry's arxiv:doi and journal_ref name its version of record", async () => {
    const { agent, lookup } = track(mockedLookup());
    answer(agent, 'arxiv', '/api/query?id_list=2202.12139&max_results=1', fixtureText('arxiv-search-atom.xml'));
    const found = await lookup.session('arxiv', access()).byIdentifier({ kind: 'arxiv', value: '2202.12139' });
    assert.ok(found.ok && found.value !== undefined);
    assert.equal(found.value.record.identifiers?.arxiv, '2202.12139');
    assert.deepEqual(found.value.versions, [
      {
        relation: 'preprint_of',
        place: 'arxiv_journal_ref',
        doi: '10.1109/ICSTW55395.2022.00035',
        venue:
          'Artificial Intelligence in Software Testing @ 2022 IEEE International Conference on Software Testing, Verification and Validation Workshops (ICSTW)',
      },
    ]);
  });

  it('searches a quoted title with ti:, a text with all:, and reads "Rate exceeded." as rate_limited', async () => {
    const { agent, lookup } = track(mockedLookup());
    const query = (search: string) => `/api/query?search_query=${encodeURIComponent(search)}&start=0&max_results=5&sortBy=relevance&sortOrder=descending`;
    answer(agent, 'arxiv', query('ti:"Testing Deep Learning Models"'), fixtureText('arxiv-search-atom.xml'));
    answer(agent, 'arxiv', query('all:Smith 2020 testing'), 'Rate exceeded.');
    const session = lookup.session('arxiv', access());
    const found = await session.search({ title: 'Testing "Deep" Learning Models', limit: 5 });
    assert.equal(found.ok && found.value.length, 5);
    assert.deepEqual(await session.search({ text: 'Smith 2020 testing', limit: 5 }), { ok: false, error: 'rate_limited' });
    assert.deepEqual(await session.byIdentifier({ kind: 'doi', value: '10.1/x' }), { ok: true, value: undefined });
    assert.equal(session.requests(), 2);
  });
});
