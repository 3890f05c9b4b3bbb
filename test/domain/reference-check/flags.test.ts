import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mergeFlags } from '../../../src/domain/reference-check/status-flags.js';
import type { FoundWork, StatusNotice } from '../../../src/ports/reference-lookup.port.js';
import { check, checkDeps, value } from './check-support.js';

// The work of test/fixtures/providers/crossref-work-retracted.json, with its two `updated-by`
// entries as the adapter reads them (type, DOI, `updated.date-parts`).
const WAKEFIELD_RECORD = {
  title: 'RETRACTED: Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children',
  doi: '10.1016/s0140-6736(97)11096-0',
  year: 1998,
  venue: 'The Lancet',
  authors: [{ family: 'Wakefield', given: 'AJ' }],
};
const UPDATED_BY: StatusNotice[] = [
  { type: 'correction', place: 'updated_by', noticeDoi: '10.1016/s0140-6736(04)15715-2', date: '2004-03-06' },
  { type: 'retraction', place: 'updated_by', noticeDoi: '10.1016/s0140-6736(10)60175-4', date: '2010-02-06' },
];
const REFERENCE = {
  title: 'Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children',
  authors: ['Wakefield, A. J.'],
  year: 1998,
  doi: '10.1016/S0140-6736(97)11096-0',
};

const flagsOf = async (sources: Parameters<typeof checkDeps>[0], reference: Record<string, unknown> = REFERENCE) => {
  const { deps, lookup } = checkDeps(sources);
  const result = value(await check({ references: [reference] }, deps));
  return { entry: result.checks[0]!, summary: result.summary, lookup };
};

describe('status flags (docs/tools.md#qiongli_literature_check_references, "Flags")', () => {
  it('flags a retraction and a correction from Crossref updated-by on the work, with notice DOI and date', async () => {
    const { entry, summary } = await flagsOf({ crossref: { works: [{ record: WAKEFIELD_RECORD, notices: UPDATED_BY }] } });
    assert.equal(entry.verdict, 'verified');
    assert.deepEqual(entry.flags, {
      corrected: { notice_doi: '10.1016/s0140-6736(04)15715-2', date: '2004-03-06', source: 'crossref_updated_by' },
      retracted: { notice_doi: '10.1016/s0140-6736(10)60175-4', date: '2010-02-06', source: 'crossref_updated_by' },
    });
    assert.equal(entry.matched?.retracted, true);
    assert.deepEqual([summary.retracted, summary.corrected, summary.look_first], [1, 1, [0]]);
  });

  it('flags a retraction known only from a notice whose update-to points at the work (the batched status lookup)', async () => {
    const { entry, lookup } = await flagsOf({
      crossref: {
        works: [{ record: WAKEFIELD_RECORD }],
        statuses: [
          {
            doi: '10.1016/s0140-6736(97)11096-0',
            notice: { type: 'retraction', place: 'update_to', noticeDoi: '10.1016/s0140-6736(10)60175-4', date: '2010-02-02' },
          },
        ],
      },
    });
    assert.deepEqual(entry.flags, { retracted: { notice_doi: '10.1016/s0140-6736(10)60175-4', date: '2010-02-02', source: 'crossref_update_to' } });
    assert.ok(lookup.calls.includes('crossref.updateStatus(10.1016/s0140-6736(97)11096-0)'));
  });

  it('flags a retraction from OpenAlex is_retracted and from PubMed Retracted Publication', async () => {
    const openalex = await flagsOf({
      openalex: { works: [{ record: { ...WAKEFIELD_RECORD, retracted: true }, notices: [{ type: 'retraction', place: 'is_retracted' }] }] },
    });
    assert.deepEqual(openalex.entry.flags, { retracted: { source: 'openalex' } });
    const pubmed = await flagsOf(
      { pubmed: { works: [{ record: { ...WAKEFIELD_RECORD, identifiers: { pmid: '9500320' } }, notices: [{ type: 'retraction', place: 'pubtype' }] }] } },
      { ...REFERENCE, doi: undefined, pmid: '9500320' },
    );
    assert.deepEqual(pubmed.entry.flags, { retracted: { source: 'pubmed' } });
  });

  it('flags an expression of concern, and ignores update types that flag nothing', () => {
    const flags = mergeFlags([
      { source: 'crossref', notice: { type: 'expression-of-concern', place: 'update_to', noticeDoi: 'https://doi.org/10.1000/EOC', date: '2019-01' } },
      { source: 'crossref', notice: { type: 'new_version', place: 'updated_by', noticeDoi: '10.1000/v2' } },
      { source: 'crossref', notice: { type: 'retraction', place: 'is_retracted' } },
      { source: 'openalex', notice: { type: 'retraction', place: 'updated_by' } },
    ]);
    assert.deepEqual(flags, { expression_of_concern: { notice_doi: '10.1000/eoc', date: '2019-01', source: 'crossref_update_to' } });
  });

  it('keeps, per flag, the notice that tells most (a DOI, then a date, then Crossref first), and the later date between equals', () => {
    const flags = mergeFlags([
      { source: 'openalex', notice: { type: 'retraction', place: 'is_retracted' } },
      { source: 'crossref', notice: { type: 'retraction', place: 'update_to', noticeDoi: '10.1000/r', date: '2010' } },
      { source: 'crossref', notice: { type: 'Correction', place: 'updated_by', noticeDoi: '10.1000/c1', date: '2004-03-06' } },
      { source: 'crossref', notice: { type: 'erratum', place: 'updated_by', noticeDoi: '10.1000/c2', date: '2006-01-01' } },
      { source: 'crossref', notice: { type: 'correction', place: 'updated_by', noticeDoi: '10.1000/c3', date: 'not a date' } },
    ]);
    assert.deepEqual(flags, {
      retracted: { notice_doi: '10.1000/r', date: '2010', source: 'crossref_update_to' },
      corrected: { notice_doi: '10.1000/c2', date: '2006-01-01', source: 'crossref_updated_by' },
    });
  });
});

describe('versions (docs/tools.md#qiongli_literature_check_references, "Versions")', () => {
  const PREPRINT: FoundWork = {
    record: {
      title: 'Turing learning: a metric-free approach to inferring behavior',
      year: 2016,
      authors: [{ literal: 'Wei Li' }],
      identifiers: { arxiv: '1404.4210' },
      record_type: 'article',
      doi: '10.1007/s11721-016-0126-1',
      venue: 'Swarm Intelligence 10',
    },
    versions: [{ relation: 'preprint_of', place: 'arxiv_journal_ref', doi: '10.1007/s11721-016-0126-1', venue: 'Swarm Intelligence 10' }],
  };

  it('links a version of record from Crossref relation, described by a candidate when one has its DOI', async () => {
    const preprint: FoundWork = {
      record: {
        title: 'Constructing Turing complete Euler flows in dimension 3',
        doi: '10.1101/2020.01.01.123',
        year: 2020,
        authors: [{ family: 'Cardona' }],
        venue: 'bioRxiv',
      },
      versions: [{ relation: 'preprint_of', place: 'crossref_relation', doi: '10.1073/pnas.2026818118' }],
    };
    const { entry } = await flagsOf(
      { crossref: { works: [preprint] } },
      { title: 'Constructing Turing complete Euler flows in dimension 3', authors: ['Cardona, R.'], year: 2020, doi: '10.1101/2020.01.01.123' },
    );
    assert.deepEqual(entry.versions, [
      {
        relation: 'preprint_of',
        record: { title: '10.1073/pnas.2026818118', provider: 'crossref', providers: ['crossref'], doi: '10.1073/pnas.2026818118', record_type: 'article' },
        link_only: true,
      },
    ]);
  });

  it('links an arXiv preprint to its journal version (arXiv doi and journal_ref), and an OpenAlex location to its preprint', async () => {
    const arxiv = await flagsOf({ arxiv: { works: [PREPRINT] } }, { title: PREPRINT.record.title, authors: ['Li, Wei'], year: 2016, arxiv: '1404.4210' });
    assert.deepEqual(arxiv.entry.versions?.[0]?.record.venue, 'Swarm Intelligence 10');
    const located: FoundWork = {
      record: {
        title: 'Augmenting large language models with chemistry tools',
        doi: '10.1038/s42256-024-00832-8',
        year: 2024,
        authors: [{ literal: 'Andres M. Bran' }],
      },
      versions: [
        {
          relation: 'version_of_record_of',
          place: 'openalex_location',
          url: 'https://arxiv.org/abs/2304.05376',
          arxiv: '2304.05376',
          venue: 'arXiv (Cornell University)',
        },
      ],
    };
    const openalex = await flagsOf({ openalex: { works: [located] } }, { title: located.record.title, authors: ['Bran'], year: 2024 });
    assert.deepEqual(openalex.entry.versions, [
      {
        relation: 'version_of_record_of',
        record: {
          title: 'https://arxiv.org/abs/2304.05376',
          provider: 'openalex',
          providers: ['openalex'],
          venue: 'arXiv (Cornell University)',
          url: 'https://arxiv.org/abs/2304.05376',
          identifiers: { arxiv: '2304.05376' },
          record_type: 'preprint',
        },
        link_only: true,
      },
    ]);
  });
});
