import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildArxivRequest } from '../../../src/adapters/provider-client/arxiv.js';
import { buildCrossrefDoiRequest, buildCrossrefRequest } from '../../../src/adapters/provider-client/crossref.js';
import { buildOpenAlexDoiRequest, buildOpenAlexRequest } from '../../../src/adapters/provider-client/openalex.js';
import { PROVIDER_PROTOCOLS } from '../../../src/adapters/provider-client/provider-protocols.js';
import type { ProviderQuery } from '../../../src/adapters/provider-client/provider-protocol.js';
import { buildPubMedSearchRequest } from '../../../src/adapters/provider-client/pubmed.js';
import { buildSemanticScholarDoiRequest, buildSemanticScholarRequest } from '../../../src/adapters/provider-client/semantic-scholar.js';

const query = (overrides: Partial<ProviderQuery> = {}): ProviderQuery => ({ query: 'graph neural networks', limit: 5, credentials: {}, ...overrides });
const param = (url: string, name: string): string | null => new URL(url).searchParams.get(name);

describe('steered requests: years (docs/providers.md#steered-requests)', () => {
  it('OpenAlex: a publication_year filter, with > and < for one bound', () => {
    assert.equal(
      buildOpenAlexRequest(query({ years: { from: 2020, to: 2024 } })).url,
      'https://api.openalex.org/works?search=graph%20neural%20networks&filter=publication_year%3A2020-2024&per_page=5',
    );
    assert.equal(param(buildOpenAlexRequest(query({ years: { from: 2020 } })).url, 'filter'), 'publication_year:>2019');
    assert.equal(param(buildOpenAlexRequest(query({ years: { to: 2024 } })).url, 'filter'), 'publication_year:<2025');
  });

  it('Semantic Scholar: year=<from>-<to>, <from>- or -<to>', () => {
    assert.equal(
      buildSemanticScholarRequest(query({ years: { from: 2020, to: 2024 } })).url,
      'https://api.semanticscholar.org/graph/v1/paper/search?query=graph%20neural%20networks&limit=5' +
        '&fields=title,year,venue,externalIds,authors,url,citationCount,openAccessPdf,publicationTypes&year=2020-2024',
    );
    assert.equal(param(buildSemanticScholarRequest(query({ years: { from: 2020 } })).url, 'year'), '2020-');
    assert.equal(param(buildSemanticScholarRequest(query({ years: { to: 2024 } })).url, 'year'), '-2024');
  });

  it('Crossref: from-pub-date and until-pub-date in one filter, before mailto', () => {
    assert.equal(
      buildCrossrefRequest(query({ years: { from: 2020, to: 2024 }, credentials: { email: 'me@example.org' } })).url,
      'https://api.crossref.org/works?query=graph%20neural%20networks&rows=5&filter=from-pub-date%3A2020%2Cuntil-pub-date%3A2024&mailto=me%40example.org',
    );
    assert.equal(param(buildCrossrefRequest(query({ years: { to: 2024 } })).url, 'filter'), 'until-pub-date:2024');
    assert.equal(param(buildCrossrefRequest(query({ years: { from: 2020 } })).url, 'filter'), 'from-pub-date:2020');
  });

  it('PubMed: datetype=pdat with 1000 and 9999 standing in for a missing bound', () => {
    assert.equal(
      buildPubMedSearchRequest(query({ years: { from: 2020, to: 2024 } })).url,
      'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?db=pubmed&term=graph%20neural%20networks' +
        '&retmode=json&sort=relevance&retmax=5&datetype=pdat&mindate=2020&maxdate=2024',
    );
    const oneBound = buildPubMedSearchRequest(query({ years: { to: 1999 } })).url;
    assert.deepEqual([param(oneBound, 'mindate'), param(oneBound, 'maxdate')], ['1000', '1999']);
  });

  it('arXiv: AND submittedDate:[…] inside search_query', () => {
    const url = buildArxivRequest(query({ years: { from: 2020, to: 2024 } })).url;
    assert.equal(param(url, 'search_query'), 'all:graph neural networks AND submittedDate:[202001010000 TO 202412312359]');
    assert.equal(
      param(buildArxivRequest(query({ years: { from: 2021 } })).url, 'search_query'),
      'all:graph neural networks AND submittedDate:[202101010000 TO 999912312359]',
    );
  });

  it('ignores bounds that are not years of 1000–9999, so nothing but digits reaches a filter', () => {
    const odd = query({ years: { from: 999, to: 2024.5 } });
    assert.equal(buildOpenAlexRequest(odd).url, buildOpenAlexRequest(query()).url);
    assert.equal(buildCrossrefRequest(odd).url, buildCrossrefRequest(query()).url);
    assert.equal(buildPubMedSearchRequest(odd).url, buildPubMedSearchRequest(query()).url);
  });
});

describe('steered requests: title searches (docs/providers.md#steered-requests)', () => {
  it('OpenAlex: filter=title.search instead of search=, joined with the years', () => {
    const url = buildOpenAlexRequest(query({ searchBy: 'title', years: { from: 2020, to: 2020 } })).url;
    assert.equal(url, 'https://api.openalex.org/works?filter=title.search%3Agraph%20neural%20networks%2Cpublication_year%3A2020-2020&per_page=5');
    assert.equal(param(url, 'search'), null);
  });

  it('OpenAlex: commas, pipes and ! cannot add a filter, an alternative or a negation', () => {
    const url = buildOpenAlexRequest(query({ searchBy: 'title', query: '!a,is_retracted:true|b' })).url;
    assert.equal(param(url, 'filter'), 'title.search:a is_retracted:true b');
  });

  it('Crossref: query.bibliographic; PubMed: <q>[ti]; arXiv: ti:<q>; Semantic Scholar: the usual query', () => {
    assert.equal(buildCrossrefRequest(query({ searchBy: 'title' })).url, 'https://api.crossref.org/works?query.bibliographic=graph%20neural%20networks&rows=5');
    assert.equal(param(buildPubMedSearchRequest(query({ searchBy: 'title' })).url, 'term'), 'graph neural networks[ti]');
    assert.equal(param(buildArxivRequest(query({ searchBy: 'title' })).url, 'search_query'), 'ti:graph neural networks');
    assert.equal(buildSemanticScholarRequest(query({ searchBy: 'title' })).url, buildSemanticScholarRequest(query()).url);
  });
});

describe('steered requests: DOI lookups (docs/providers.md#steered-requests)', () => {
  const doi = query({ searchBy: 'doi', query: '10.1038/s42256-024-00832-8' });

  it('asks each provider’s single-work endpoint, where a 404 means no record', () => {
    assert.deepEqual(buildOpenAlexDoiRequest({ ...doi, credentials: { apiKey: 'k', email: 'me@example.org' } }), {
      url: 'https://api.openalex.org/works/doi:10.1038/s42256-024-00832-8?api_key=k',
      headers: { accept: 'application/json' },
      notFoundIsEmpty: true,
    });
    assert.deepEqual(buildSemanticScholarDoiRequest({ ...doi, includeAbstracts: true }), {
      url: 'https://api.semanticscholar.org/graph/v1/paper/DOI:10.1038/s42256-024-00832-8?fields=title,year,venue,externalIds,authors,url,citationCount,openAccessPdf,publicationTypes,abstract',
      headers: { accept: 'application/json' },
      notFoundIsEmpty: true,
    });
    assert.deepEqual(buildCrossrefDoiRequest(doi), {
      url: 'https://api.crossref.org/works/10.1038/s42256-024-00832-8',
      headers: { accept: 'application/json' },
      notFoundIsEmpty: true,
    });
  });

  it('PubMed searches the [doi] field; arXiv is not asked at all', () => {
    assert.equal(param(buildPubMedSearchRequest(doi).url, 'term'), '10.1038/s42256-024-00832-8[doi]');
    assert.equal(PROVIDER_PROTOCOLS.arxiv.firstRequest(doi), undefined);
  });

  it('sends nothing for a query that is not a DOI', () => {
    for (const notDoi of ['', 'graph neural networks', '11.1000/x', '10.1000', `10.1/${'x'.repeat(2100)}`, '10.1/\ud800'])
      for (const provider of ['openalex', 'semantic_scholar', 'crossref'] as const)
        assert.equal(PROVIDER_PROTOCOLS[provider].firstRequest({ ...doi, query: notDoi }), undefined, `${provider} ${notDoi.slice(0, 20)}`);
  });
});

describe('steered requests: abstracts (docs/providers.md#steered-requests)', () => {
  it('adds abstract to the Semantic Scholar fields and changes no other provider’s request', () => {
    assert.match(buildSemanticScholarRequest(query({ includeAbstracts: true })).url, /&fields=[^&]*,openAccessPdf,publicationTypes,abstract$/u);
    for (const provider of ['openalex', 'crossref', 'pubmed', 'arxiv'] as const)
      assert.deepEqual(PROVIDER_PROTOCOLS[provider].firstRequest(query({ includeAbstracts: true })), PROVIDER_PROTOCOLS[provider].firstRequest(query()));
  });
});
