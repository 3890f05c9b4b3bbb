import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { europePmcFullTextRequest, europePmcRecord, europePmcSearchRequest } from '../../../src/adapters/fulltext-client/europepmc.js';
import { pmcFetchRequest } from '../../../src/adapters/fulltext-client/pmc.js';
import { arxivHtmlRequest, arxivRecord, arxivRecordRequest } from '../../../src/adapters/fulltext-client/arxiv-sources.js';
import { chooseLicence, licenceNameOfLabel, licenceNameOfUrl } from '../../../src/adapters/fulltext-client/licence-names.js';
import { doiOf, texFormula } from '../../../src/adapters/fulltext-client/jats-metadata.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';
import { fulltextFixture } from '../../support/fulltext-sources.js';

describe('full-text requests (docs/providers.md#full-text-sources)', () => {
  it('asks Europe PMC search for the work in resultType=core JSON, the query percent-encoded', () => {
    assert.equal(
      europePmcSearchRequest({ kind: 'doi', doi: '10.1038/s41392-025-02280-1' }).url,
      'https://www.ebi.ac.uk/europepmc/webservices/rest/search?query=DOI%3A%2210.1038%2Fs41392-025-02280-1%22&resultType=core&format=json&pageSize=10',
    );
    assert.equal(
      europePmcSearchRequest({ kind: 'pmid', pmid: '40739089' }).url,
      'https://www.ebi.ac.uk/europepmc/webservices/rest/search?query=EXT_ID%3A40739089%20AND%20SRC%3AMED&resultType=core&format=json&pageSize=10',
    );
    assert.equal(europePmcSearchRequest({ kind: 'pmcid', pmcid: 'PMC1' }).url.split('?')[1]?.split('&')[0], 'query=PMCID%3APMC1');
    assert.deepEqual(europePmcFullTextRequest('PMC12311175'), {
      url: 'https://www.ebi.ac.uk/europepmc/webservices/rest/PMC12311175/fullTextXML',
      headers: { accept: 'application/xml' },
      notFoundIsEmpty: true,
    });
  });

  it('asks PubMed Central efetch by the digits of the PMCID, with the key only when one resolves', () => {
    assert.equal(pmcFetchRequest('PMC3258128', undefined).url, 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/efetch.fcgi?db=pmc&id=3258128&retmode=xml');
    assert.equal(
      pmcFetchRequest('PMC3258128', 'k&y').url,
      'https://eutils.ncbi.nlm.nih.gov/entrez/eutils/efetch.fcgi?db=pmc&id=3258128&retmode=xml&api_key=k%26y',
    );
  });

  it('asks arXiv for the HTML page of the id and for its OAI-PMH record without version', () => {
    assert.equal(arxivHtmlRequest('2609.04321v1').url, 'https://arxiv.org/html/2609.04321v1');
    assert.equal(
      arxivRecordRequest('2609.04321v1').url,
      'https://oaipmh.arxiv.org/oai?verb=GetRecord&identifier=oai%3AarXiv.org%3A2609.04321&metadataPrefix=arXiv',
    );
  });
});

describe('full-text source answers', () => {
  it('takes from a real Europe PMC answer the result that is the work asked for', () => {
    const byDoi = finishNow(europePmcRecord(fulltextFixture('europepmc-search-core-oa.json'), { kind: 'doi', doi: '10.1038/s41392-025-02280-1' }));
    assert.deepEqual(byDoi, {
      pmcid: 'PMC12311175',
      pmid: '40739089',
      doi: '10.1038/s41392-025-02280-1',
      fullTextExpected: true,
      licence: 'cc by',
      openAccessUrl: 'https://europepmc.org/articles/PMC12311175',
    });
    const third = finishNow(europePmcRecord(fulltextFixture('europepmc-search-core-oa.json'), { kind: 'pmcid', pmcid: 'PMC12328229' }));
    assert.equal(third?.licence, 'cc by-nc-nd');
    const restricted = finishNow(europePmcRecord(fulltextFixture('europepmc-search-core-cancer.json'), { kind: 'doi', doi: '10.1016/s0140-6736(24)02716-8' }));
    assert.deepEqual(restricted, {
      pmcid: 'PMC12124214',
      pmid: '39709208',
      doi: '10.1016/s0140-6736(24)02716-8',
      fullTextExpected: true,
      openAccessUrl: 'https://europepmc.org/articles/PMC12124214',
    });
    assert.equal(finishNow(europePmcRecord(fulltextFixture('europepmc-search-core-oa.json'), { kind: 'doi', doi: '10.1/none' })), undefined);
    assert.equal(finishNow(europePmcRecord(fulltextFixture('europepmc-search-no-results.json'), { kind: 'pmid', pmid: '1' })), undefined);
    assert.throws(() => finishNow(europePmcRecord('{"error":"x"}', { kind: 'pmid', pmid: '1' })));
  });

  it('keeps no identifier from an answer that could reshape a later URL', () => {
    const answer = JSON.stringify({
      resultList: {
        result: [
          {
            doi: '10.1/x',
            pmcid: 'PMC1/../../x',
            pmid: '1?x',
            isOpenAccess: 'Y',
            fullTextUrlList: { fullTextUrl: [{ availabilityCode: 'OA', url: 'http://insecure.example/x' }] },
          },
        ],
      },
    });
    assert.deepEqual(finishNow(europePmcRecord(answer, { kind: 'doi', doi: '10.1/x' })), { doi: '10.1/x', fullTextExpected: true });
  });

  it('reads the licence and DOI of an arXiv OAI-PMH record, and an unknown id', () => {
    assert.deepEqual(finishNow(arxivRecord(fulltextFixture('arxiv-oai-getrecord.xml'))), {
      exists: true,
      licenceUrl: 'http://creativecommons.org/licenses/by/4.0/',
      doi: '10.5555/anchored.2026.7',
    });
    assert.deepEqual(finishNow(arxivRecord(fulltextFixture('arxiv-oai-iddoesnotexist.xml'))), { exists: false });
  });

  it('checks DOIs and trims formulas bounded and without a quadratic pattern (issue 29, row 1)', () => {
    assert.equal(doiOf(' 10.1000/ABC/def '), '10.1000/abc/def');
    assert.equal(doiOf('10.//x'), '10.//x');
    for (const bad of ['10.1000/', '10./', '10.1000/a b', '11.1000/x', `10.1/${'x'.repeat(2048)}`, `10.${'/'.repeat(4096)} x`])
      assert.equal(doiOf(bad), undefined);
    assert.equal(texFormula('$$E=mc^2$$'), 'E=mc^2');
    assert.equal(texFormula('\\documentclass{minimal}\\begin{document} $ a $ b $ \\end{document}'), 'a $ b');
    assert.equal(texFormula('$'.repeat(10_000)), '');
    assert.equal(licenceNameOfUrl(`https://creativecommons.org/licenses/by/4.0${'/'.repeat(1000)}`), 'CC BY 4.0');
  });

  it('names licences from their URLs and labels, keeping the URL only as given', () => {
    assert.equal(licenceNameOfUrl('https://creativecommons.org/licenses/by/4.0/'), 'CC BY 4.0');
    assert.equal(licenceNameOfUrl('http://creativecommons.org/licenses/by-nc/3.0'), 'CC BY-NC 3.0');
    assert.equal(licenceNameOfUrl('https://creativecommons.org/licenses/by-nc-nd/4.0/legalcode'), 'CC BY-NC-ND 4.0');
    assert.equal(licenceNameOfUrl('https://creativecommons.org/publicdomain/zero/1.0/'), 'CC0 1.0');
    assert.equal(licenceNameOfUrl('http://arxiv.org/licenses/nonexclusive-distrib/1.0/'), 'arXiv non-exclusive distribution licence 1.0');
    assert.equal(licenceNameOfUrl('https://example.org/licence'), undefined);
    assert.equal(licenceNameOfLabel('cc by-nc-nd'), 'CC BY-NC-ND');
    assert.equal(licenceNameOfLabel('cc0'), 'CC0');
    assert.deepEqual(chooseLicence([{ from: 'arxiv_page', label: '\n License: CC BY 4.0\n' }]), { licence: 'CC BY 4.0', licenceFrom: 'arxiv_page' });
    assert.deepEqual(chooseLicence([{ from: 'arxiv_page', label: 'License: arXiv.org perpetual non-exclusive license' }]), {
      licence: 'arXiv non-exclusive distribution licence 1.0',
      licenceFrom: 'arxiv_page',
    });
    assert.deepEqual(chooseLicence([{ from: 'article' }, { from: 'europepmc_record' }]), { licence: 'unknown' });
    assert.deepEqual(chooseLicence([{ from: 'article' }, { from: 'europepmc_record', label: 'cc by' }]), { licence: 'CC BY', licenceFrom: 'europepmc_record' });
  });

  it("takes the document's own licence, an unknown URL as unknown, and reports a source that disagrees (issue 29, row 3)", () => {
    const elsevier = 'https://www.elsevier.com/open-access/userlicense/1.0/';
    const arxivUnknown = 'http://arxiv.org/licenses/some-new-licence/2.0/';
    const ccBy = 'https://creativecommons.org/licenses/by/4.0/';
    const cases: [Parameters<typeof chooseLicence>[0], ReturnType<typeof chooseLicence>][] = [
      [
        [
          { from: 'article', url: elsevier },
          { from: 'europepmc_record', label: 'cc by' },
        ],
        { licence: 'unknown', licenceUrl: elsevier, licenceFrom: 'article', licenceConflict: { from: 'europepmc_record', licence: 'CC BY' } },
      ],
      [
        [
          { from: 'arxiv_record', url: arxivUnknown },
          { from: 'arxiv_page', label: 'License: CC BY 4.0' },
        ],
        { licence: 'unknown', licenceUrl: arxivUnknown, licenceFrom: 'arxiv_record', licenceConflict: { from: 'arxiv_page', licence: 'CC BY 4.0' } },
      ],
      // A label without a version agrees with the article's versioned licence; another kind does not.
      [
        [
          { from: 'article', url: ccBy },
          { from: 'europepmc_record', label: 'cc by' },
        ],
        { licence: 'CC BY 4.0', licenceUrl: ccBy, licenceFrom: 'article' },
      ],
      [
        [
          { from: 'article', url: ccBy },
          { from: 'europepmc_record', label: 'cc by-nc' },
        ],
        { licence: 'CC BY 4.0', licenceUrl: ccBy, licenceFrom: 'article', licenceConflict: { from: 'europepmc_record', licence: 'CC BY-NC' } },
      ],
    ];
    for (const [claims, expected] of cases) assert.deepEqual(chooseLicence(claims), expected);
  });
});
