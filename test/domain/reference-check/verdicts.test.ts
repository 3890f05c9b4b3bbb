import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkReferencesOutput } from '../../../src/domain/reference-check/check-output.js';
import type { FoundWork } from '../../../src/ports/reference-lookup.port.js';
import { check, checkDeps, value } from './check-support.js';

// Records as the adapter reads them from the real bodies of test/fixtures/providers.
const BRAN: FoundWork = {
  record: {
    title: 'Augmenting large language models with chemistry tools',
    doi: '10.1038/s42256-024-00832-8',
    year: 2024,
    venue: 'Nature Machine Intelligence',
    authors: [{ literal: 'Andres M. Bran' }, { literal: 'Sam Cox' }, { literal: 'Oliver Schilter' }],
    identifiers: { openalex: 'W4396723768', pmid: '38799228' },
  },
};
const CHEMCROW: FoundWork = {
  record: {
    title: 'ChemCrow: Augmenting large-language models with chemistry tools',
    doi: '10.48550/arxiv.2304.05376',
    year: 2023,
    authors: [{ literal: 'Andres M Bran' }, { literal: 'Sam Cox' }],
    record_type: 'preprint',
  },
};
const BOETTIGER: FoundWork = {
  record: {
    title: 'rfishbase: exploring, manipulating and visualizing FishBase data from R',
    doi: '10.1111/j.1095-8649.2012.03464.x',
    year: 2012,
    venue: 'Journal of Fish Biology',
    authors: [
      { family: 'Boettiger', given: 'C.' },
      { family: 'Lang', given: 'D. T.' },
      { family: 'Wainwright', given: 'P. C.' },
    ],
  },
};
const SAME_TITLE_OTHER: FoundWork = { record: { title: 'Turing patterns', year: 2011, authors: [{ family: 'Maini' }], doi: '10.1000/one' } };
const SAME_TITLE_ANOTHER: FoundWork = { record: { title: 'Turing patterns', year: 2011, authors: [{ family: 'Maini' }], doi: '10.1000/two' } };

const SOURCES = {
  crossref: { works: [BOETTIGER, SAME_TITLE_OTHER] },
  openalex: { works: [BRAN, CHEMCROW, SAME_TITLE_ANOTHER] },
  semantic_scholar: { works: [] },
  pubmed: { works: [] },
  arxiv: { works: [] },
};

const run = async (references: unknown[], sources: Parameters<typeof checkDeps>[0] = SOURCES) => {
  const { deps, lookup } = checkDeps(sources);
  const result = value(await check({ references }, deps));
  assert.ok(checkReferencesOutput().safeParse(result).success, 'the result fits the output schema');
  return { result, lookup };
};

describe('verdicts (docs/tools.md#qiongli_literature_check_references, "Verdicts")', () => {
  it('verifies a reference by its DOI at the two free single-work lookups, asking nothing else', async () => {
    const { result, lookup } = await run([
      { title: 'Augmenting Large Language Models with Chemistry Tools', authors: ['Bran, A. M.'], year: 2024, doi: '10.1038/S42256-024-00832-8' },
    ]);
    const [entry] = result.checks;
    assert.equal(entry?.verdict, 'verified');
    assert.deepEqual(entry?.sources, ['openalex']);
    assert.equal(entry?.matched?.doi, '10.1038/s42256-024-00832-8');
    assert.ok(entry!.confidence >= 0.85 && entry!.confidence <= 1);
    assert.deepEqual(lookup.calls.filter((call) => !call.includes('updateStatus')).sort(), [
      'crossref.byIdentifier(doi:10.1038/s42256-024-00832-8)',
      'openalex.byIdentifier(doi:10.1038/s42256-024-00832-8)',
    ]);
  });

  it('verifies a reference without identifiers by a bibliographic search, and two agreeing sources raise the confidence', async () => {
    const one = (await run([{ title: 'rfishbase: exploring, manipulating and visualizing FishBase data from R', authors: ['Carl Boettiger'], year: 2012 }]))
      .result.checks[0];
    assert.equal(one?.verdict, 'verified');
    const both = (
      await run([{ title: 'rfishbase: exploring, manipulating and visualizing FishBase data from R', authors: ['Carl Boettiger'], year: 2012 }], {
        ...SOURCES,
        semantic_scholar: { works: [BOETTIGER] },
      })
    ).result.checks[0];
    assert.deepEqual(both?.sources, ['semantic_scholar', 'crossref']);
    assert.ok(both!.confidence > one!.confidence);
  });

  it('finds a wrong year, a wrong first author, and a DOI that belongs to another work', async () => {
    const { result } = await run([
      { title: 'rfishbase: exploring, manipulating and visualizing FishBase data from R', authors: ['Boettiger, C.'], year: 2015 },
      { title: 'rfishbase: exploring, manipulating and visualizing FishBase data from R', authors: ['Smith, J.'], year: 2012 },
      {
        title: 'rfishbase: exploring, manipulating and visualizing FishBase data from R',
        authors: ['Boettiger, C.'],
        year: 2012,
        doi: '10.1038/s42256-024-00832-8',
      },
    ]);
    assert.deepEqual(
      result.checks.map((entry) => [entry.verdict, entry.differences]),
      [
        ['mismatch', [{ field: 'year', given: 2015, found: 2012 }]],
        ['mismatch', [{ field: 'first_author', given: 'Smith', found: 'Boettiger' }]],
        ['mismatch', [{ field: 'doi', given: '10.1038/s42256-024-00832-8', found: '10.1111/j.1095-8649.2012.03464.x' }]],
      ],
    );
    assert.deepEqual(result.summary.look_first, [0, 1, 2]);
  });

  it('says a DOI names another work when the title is found nowhere', async () => {
    const { result } = await run([{ title: 'A study that nobody wrote', authors: ['Nobody, N.'], year: 2020, doi: '10.1038/s42256-024-00832-8' }]);
    assert.equal(result.checks[0]?.verdict, 'mismatch');
    assert.deepEqual(result.checks[0]?.differences, [
      { field: 'title', given: 'A study that nobody wrote', found: 'Augmenting large language models with chemistry tools' },
    ]);
  });

  it('reports an unknown work as "not found in <sources>", never as fake', async () => {
    const { result } = await run([{ title: 'Quantum gravity of tropical fish schools', authors: ['Okonkwo, A.'], year: 2019 }]);
    const [entry] = result.checks;
    assert.equal(entry?.verdict, 'not_found');
    assert.equal(entry?.note, 'not found in openalex, semantic_scholar, crossref, pubmed, arxiv');
    assert.deepEqual(entry?.sources, ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv']);
    assert.ok(!JSON.stringify(result).toLowerCase().includes('fake'));
    assert.ok(entry!.confidence > 0.3);
  });

  it('lists the candidates when several works fit equally (ambiguous), and when only a title is given', async () => {
    const { result } = await run([
      { title: 'Turing patterns', authors: ['Maini, P.'], year: 2011 },
      { title: 'rfishbase: exploring, manipulating and visualizing FishBase data from R' },
    ]);
    assert.equal(result.checks[0]?.verdict, 'ambiguous');
    assert.deepEqual(result.checks[0]?.candidates?.map((record) => record.doi).sort(), ['10.1000/one', '10.1000/two']);
    assert.equal(result.checks[1]?.verdict, 'ambiguous');
    assert.equal(result.checks[1]?.candidates?.length, 1);
  });

  it('takes a preprint and its version of record as one work: the cited year picks, the other is a version', async () => {
    const { result } = await run([{ title: 'Augmenting large language models with chemistry tools', authors: ['Bran, Andres'], year: 2023 }]);
    const [entry] = result.checks;
    assert.equal(entry?.verdict, 'verified');
    assert.equal(entry?.matched?.doi, '10.48550/arxiv.2304.05376');
    assert.deepEqual(
      entry?.versions?.map((version) => [version.relation, version.record.doi]),
      [['preprint_of', '10.1038/s42256-024-00832-8']],
    );
  });

  it('leaves a reference unchecked when every source failed, and says why in the diagnostics', async () => {
    const failing = { works: [], failure: 'timeout' as const };
    const { result } = await run([{ title: 'Anything at all', year: 2000 }], {
      crossref: failing,
      openalex: failing,
      semantic_scholar: failing,
      pubmed: failing,
      arxiv: failing,
    });
    assert.equal(result.checks[0]?.verdict, 'unchecked');
    assert.equal(result.status, 'error');
    assert.equal(result.diagnostics.status, 'failed');
    assert.ok(result.diagnostics.warnings.includes('crossref: timeout (1 of 1 questions failed)'));
  });

  it('keeps an unreadable reference in its place, with its reason, and asks no source about it', async () => {
    const { deps, lookup } = checkDeps(SOURCES);
    const result = value(await check({ references: '@article{a, title={Broken\n@article{b, year={2000}}' }, deps));
    assert.deepEqual(
      result.checks.map((entry) => [entry.index, entry.verdict, entry.reference.unreadable, entry.note]),
      [
        [0, 'unreadable', 'syntax', 'could not be read: its syntax is broken'],
        [1, 'unreadable', 'no_fields', 'could not be read: it has no title, text or identifier'],
      ],
    );
    assert.equal(lookup.calls.length, 0);
    assert.ok(result.diagnostics.warnings.includes('2 references could not be read'));
  });
});
