import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { REAL, SEED, SyntheticWorld, realGraphRoute } from '../support/graph-world.js';
import { graphResult, startGraphServer } from '../support/graph-server.js';
import { inlineFiles } from '../support/delivered-files.js';

/** The evidence snapshot an inline answer carries, parsed. */
const snapshotOf = (answer: any): any => JSON.parse(inlineFiles(answer)['evidence-snapshot.json']!);

describe('records from the citation graph flow into the evidence snapshot and the Zotero files unchanged', () => {
  it('exports the references of a work: the snapshot keeps every record as given, Zotero writes each one', async () => {
    const server = await startGraphServer(realGraphRoute());
    try {
      const graph = graphResult(
        await server.call('qiongli_literature_references', { work: REAL.openalexWork, providers: ['openalex'], include_abstracts: true }),
      );
      const records = graph.edges.map((edge: any) => edge.record);
      assert.ok(records.length >= 5 && records.some((record: any) => record.abstract !== undefined));
      const evidence = graphResult(
        await server.call('qiongli_literature_export_evidence', {
          query: `references of ${REAL.openalexWork}`,
          results: records,
          diagnostics: graph.diagnostics,
          delivery: 'inline',
        }),
      );
      assert.equal(evidence.result_count, records.length);
      // The snapshot sorts keys (RFC 8785) but changes no value.
      assert.deepEqual(snapshotOf(evidence).results, records);
      const zotero = { files: inlineFiles(graphResult(await server.call('qiongli_zotero_export_import_files', { records, delivery: 'inline' }))) };
      const csl = JSON.parse(zotero.files['references.json']!);
      assert.equal(csl.length, records.length);
      assert.deepEqual(
        csl.map((item: any) => item.DOI),
        records.map((record: any) => record.doi),
      );
      for (const record of records) assert.ok(zotero.files['references.ris']!.includes(`TI  - ${record.title}`), record.title);
    } finally {
      await server.close();
    }
  });

  it('exports OpenCitations edges and DOI-only records too (provider opencitations, the DOI as title)', async () => {
    const world = new SyntheticWorld({ opencitations: [1, 2, 3] });
    const server = await startGraphServer(world.route);
    try {
      const graph = graphResult(await server.call('qiongli_literature_citations', { work: SEED.doi, providers: ['opencitations'] }));
      const records = graph.edges.map((edge: any) => edge.record);
      assert.deepEqual(
        records.map((record: any) => record.providers),
        [['openalex'], ['openalex'], ['openalex']],
        'looked up at OpenAlex',
      );
      const zotero = inlineFiles(
        graphResult(await server.call('qiongli_zotero_export_import_files', { records, formats: ['bibliography.bib'], delivery: 'inline' })),
      );
      assert.equal((zotero['bibliography.bib']!.match(/@article\{/gu) ?? []).length, 3);
      world.faults.set('api.openalex.org', 'rate_limited');
      const doiOnly = graphResult(await server.call('qiongli_literature_citations', { work: SEED.doi, providers: ['opencitations'], include_abstracts: true }));
      assert.ok(doiOnly.edges.every((edge: any) => edge.doi_only === true && edge.record.provider === 'opencitations'));
      const evidence = snapshotOf(
        graphResult(await server.call('qiongli_literature_export_evidence', { results: doiOnly.edges.map((edge: any) => edge.record), delivery: 'inline' })),
      );
      assert.deepEqual(
        evidence.results,
        doiOnly.edges.map((edge: any) => edge.record),
      );
      const files = inlineFiles(
        graphResult(await server.call('qiongli_zotero_export_import_files', { records: evidence.results, formats: ['references.ris'], delivery: 'inline' })),
      );
      assert.equal((files['references.ris']!.match(/^DO {2}- 10\.5555\/w\./gmu) ?? []).length, 3);
    } finally {
      await server.close();
    }
  });
});
