import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openAlexPage, openAlexWork } from '../../../src/adapters/citation-graph/openalex-graph.js';
import { semanticScholarEdges, semanticScholarWork } from '../../../src/adapters/citation-graph/semantic-scholar-graph.js';
import { citedYear, openCitationsEdges } from '../../../src/adapters/citation-graph/opencitations.js';
import { crossrefWork, referenceEdge } from '../../../src/adapters/citation-graph/crossref-graph.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';
import { graphFixture, providerFixture } from '../../support/graph-world.js';

const value = <T>(step: { ok: boolean; value?: T; kind?: string }): T => {
  assert.ok(step.ok, `failed: ${step.kind}`);
  return step.value as T;
};

describe('OpenAlex graph answers (recorded bodies, test/fixtures/graph/README.md)', () => {
  it('reads a filter=openalex: batch page: its works, meta.count and next_cursor', () => {
    const page = value(finishNow(openAlexPage(graphFixture('openalex-works-openalex-batch.json'), {})));
    assert.deepEqual(
      page.records.map((record) => record.identifiers?.openalex),
      ['W3046863325', 'W3045921891'],
    );
    assert.equal(page.count, 2);
    assert.match(page.nextCursor!, /^[A-Za-z0-9=]+$/u);
    assert.equal(page.records[0]!.doi, 'https://doi.org/10.1145/3383583.3398584');
  });

  it('reads a filter=cites: page (five citing works) and keeps at most a chunk of 100 records', () => {
    const page = value(finishNow(openAlexPage(graphFixture('openalex-works-cites-page.json'), {})));
    assert.equal(page.records.length, 5);
    assert.equal(page.count, 5);
    const big = `{"meta":{"count":300},"results":[${Array.from({ length: 150 }, (_, i) => `{"display_name":"T ${i}"}`).join(',')}]}`;
    assert.equal(value(finishNow(openAlexPage(big, {}))).records.length, 100);
  });

  it('reads one work with its ids, its referenced_works in order and both totals', () => {
    const work = JSON.stringify(JSON.parse(graphFixture('openalex-works-openalex-batch.json')).results[0]);
    const resolved = value(finishNow(openAlexWork(work, {})))!;
    assert.deepEqual(resolved.ids, { openalex: 'W3046863325', doi: '10.1145/3383583.3398584' });
    assert.equal(resolved.referencedWorks.length, 6);
    assert.ok(resolved.referencedWorks.every((id) => /^W\d+$/u.test(id)));
    assert.equal(resolved.referenceTotal, 6);
    assert.equal(resolved.citationTotal, 5);
    const doiWork = value(finishNow(openAlexWork(providerFixture('openalex-work-doi.json'), {})))!;
    assert.equal(doiWork.ids.pmid, '38799228');
  });

  it('drops referenced ids that are not OpenAlex work ids, and refuses an over-long cursor or a body without results', () => {
    const hostile = JSON.stringify({
      id: 'https://openalex.org/W1',
      display_name: 'T',
      referenced_works: ['https://openalex.org/W2', 'W3|W4', 'https://openalex.org/W5/../x', 'cites:W6', 7, 'https://openalex.org/W8'],
    });
    assert.deepEqual(value(finishNow(openAlexWork(hostile, {})))!.referencedWorks, ['W2', 'W8']);
    assert.equal(value(finishNow(openAlexWork('{"id":"https://openalex.org/W1"}', {}))), undefined, 'no title: no work');
    assert.deepEqual(finishNow(openAlexPage(`{"meta":{"next_cursor":"${'c'.repeat(2000)}"},"results":[]}`, {})), {
      ok: false,
      error: { kind: 'decode_error' },
    });
    assert.deepEqual(finishNow(openAlexPage('{"meta":{}}', {})), { ok: false, error: { kind: 'decode_error' } });
    assert.deepEqual(finishNow(openAlexWork('[1]', {})), { ok: false, error: { kind: 'decode_error' } });
  });
});

describe('Semantic Scholar graph answers (recorded bodies)', () => {
  it('reads recorded citation pages: 100 edges with next, then the last 81 without', () => {
    const first = value(finishNow(semanticScholarEdges(graphFixture('semanticscholar-citations-page-first.json'), 'citations', {})));
    assert.equal(first.edges.length, 100);
    assert.equal(first.last, false);
    const last = value(finishNow(semanticScholarEdges(graphFixture('semanticscholar-citations-page-last.json'), 'citations', {})));
    assert.equal(last.edges.length, 81);
    assert.equal(last.last, true);
    assert.equal(last.edges[0]!.record!.identifiers?.semantic_scholar, '57ca0060418e8a4d972905f3cfbae330b111f21e');
  });

  it('keeps contexts (at most three), intents and the influential flag of a recorded citation and reference', () => {
    const citation = `{"offset":0,"data":[${graphFixture('semanticscholar-citation-item.json')}]}`;
    const [edge] = value(finishNow(semanticScholarEdges(citation, 'citations', {}))).edges;
    assert.equal(edge!.contexts!.length, 3); // the item has four
    assert.deepEqual(edge!.intents, ['result', 'background', 'methodology']);
    assert.equal(edge!.influential, true);
    assert.equal(edge!.record!.doi, '10.1109/LRA.2022.3229266');
    const reference = `{"offset":0,"data":[${graphFixture('semanticscholar-reference-item.json')}]}`;
    const [cited] = value(finishNow(semanticScholarEdges(reference, 'references', {}))).edges;
    assert.equal(cited!.influential, false);
    assert.equal(cited!.record!.identifiers?.arxiv, '1402.0030');
    assert.deepEqual(finishNow(semanticScholarEdges('{"offset":0}', 'citations', {})), { ok: false, error: { kind: 'decode_error' } });
  });

  it('reads one paper with its ids and both counts', () => {
    const resolved = value(finishNow(semanticScholarWork(providerFixture('semanticscholar-paper-doi.json'), {})))!;
    assert.deepEqual(resolved.ids, { semantic_scholar: '66e350075a66ca5fd0c09f20d76aaad2c5c6860c', doi: '10.48550/arxiv.2503.23674', arxiv: '2503.23674' });
    assert.equal(resolved.citationTotal, 72);
    assert.equal(resolved.referenceTotal, 55);
    assert.equal(value(finishNow(semanticScholarWork('{"paperId":null}', {}))), undefined);
    assert.deepEqual(finishNow(semanticScholarWork('"x"', {})), { ok: false, error: { kind: 'decode_error' } });
  });
});

describe('OpenCitations Index v2 answers (documentation-derived bodies)', () => {
  it('reads the cited end of references with the year derived from creation and timespan', () => {
    const edges = value(finishNow(openCitationsEdges(graphFixture('opencitations-references.json'), 'references')));
    assert.deepEqual(edges, [
      { doi: '10.7717/peerj-cs.163', year: 2018 },
      { doi: '10.1007/s11192-020-03792-z', year: 2020 },
      { doi: '10.1007/s11192-020-03690-4', year: 2020 },
    ]);
  });

  it('reads the citing end of citations with its creation year, and OpenAlex ids where the Index gives them', () => {
    const edges = value(finishNow(openCitationsEdges(graphFixture('opencitations-citations.json'), 'citations')));
    assert.deepEqual(
      edges.map((edge) => [edge.doi, edge.year]),
      [
        ['10.7717/peerj-cs.421', 2021],
        ['10.3233/ds-190019', 2019],
        ['10.3233/ds-190016', 2019],
      ],
    );
    const withOpenAlex = '[{"citing":"omid:br/1 doi:10.1/A openalex:W42 openalex:W43","creation":"2020"},{"citing":"omid:br/2 pmid:5"}]';
    assert.deepEqual(value(finishNow(openCitationsEdges(withOpenAlex, 'citations'))), [{ doi: '10.1/a', openalex: 'W42', year: 2020 }]);
    assert.deepEqual(finishNow(openCitationsEdges('{"error":"x"}', 'citations')), { ok: false, error: { kind: 'decode_error' } });
  });

  it('derives the cited year from partial dates, negative spans and month borrows; anything else is unknown', () => {
    assert.equal(citedYear('2021-03-10', 'P6Y0M1D'), 2015);
    assert.equal(citedYear('2019', 'P3Y'), 2016);
    assert.equal(citedYear('2020-01-05', 'P0Y0M10D'), 2019);
    assert.equal(citedYear('2020-06', '-P2Y1M'), 2022);
    assert.equal(citedYear('2020-06-01', 'soon'), undefined);
    assert.equal(citedYear('', 'P1Y'), undefined);
    assert.equal(citedYear('1001', 'P9Y'), undefined, 'outside 1000-9999');
  });
});

describe('Crossref reference lists (the recorded work)', () => {
  it('reads the deposited references: titled ones as records, the rest by DOI, and the deposited count', () => {
    const work = value(finishNow(crossrefWork(providerFixture('crossref-work-doi.json'), {})));
    assert.equal(work.references.length, 52);
    assert.equal(work.work?.referenceTotal, 52);
    assert.deepEqual(work.work?.ids, { doi: '10.1111/ele.14024' });
    assert.equal(work.references.filter((edge) => edge.record === undefined).length, 45);
    assert.deepEqual(referenceEdge({ key: 'x' }), undefined);
    assert.deepEqual(referenceEdge({ DOI: 'https://doi.org/10.1/X' }), { doi: '10.1/x' });
    assert.equal(referenceEdge({ 'article-title': '<i>A</i> title', 'journal-title': 'J &amp; K', year: '1999' })?.record?.venue, 'J & K');
    assert.deepEqual(finishNow(crossrefWork('{"status":"ok"}', {})), { ok: false, error: { kind: 'decode_error' } });
  });
});
