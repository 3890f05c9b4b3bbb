import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { REFERENCE_WORLD, WORLD_BIBLIOGRAPHY as BIBLIOGRAPHY } from '../support/reference-world.js';
import { requestsTo, withCheckServer } from '../support/reference-check-server.js';
import { parseBibtex, unescapeBibtex } from '../support/bibtex-oracle.js';
import { CANARY_KEYS } from '../domain/literature-search/search-harness.js';

const KEYS = Object.values(CANARY_KEYS);

describe('the reference check through tools/call, the real lookups over undici (docs/tools.md#the-reference-check)', () => {
  it('checks a BibTeX bibliography: a verdict per reference, flags with notice DOI and date, versions, one progress notification each', () =>
    withCheckServer({}, async ({ check, loopback }) => {
      const progress: [number, number | undefined][] = [];
      const result = await check({ references: BIBLIOGRAPHY }, { onprogress: ({ progress: done, total }) => progress.push([done, total]) });
      const { summary, checks, diagnostics, status } = result.structuredContent;
      assert.equal(status, 'ok');
      assert.deepEqual(
        checks.map((entry: any) => [entry.index, entry.verdict]),
        [
          [0, 'verified'],
          [1, 'verified'],
          [2, 'mismatch'],
          [3, 'not_found'],
          [4, 'verified'],
          [5, 'verified'],
        ],
      );
      assert.deepEqual(
        progress,
        [1, 2, 3, 4, 5, 6].map((done) => [done, 6]),
      );
      const retraction = { notice_doi: '10.1016/s0140-6736(10)60175-4', date: '2010-02-06', source: 'crossref_updated_by' };
      const correction = { notice_doi: '10.1016/s0140-6736(04)15715-2', date: '2004-03-06', source: 'crossref_updated_by' };
      assert.deepEqual(checks[0].flags, { corrected: correction, retracted: retraction });
      assert.equal(checks[0].matched.retracted, true);
      // Found through its PMID at PubMed ("Retracted Publication"), and flagged from Crossref's notices of its DOI too.
      assert.deepEqual(checks[5].sources, ['pubmed']);
      assert.deepEqual(checks[5].flags, { retracted: retraction, corrected: correction });
      assert.deepEqual(checks[1].versions, [
        {
          relation: 'version_of_record_of',
          record: {
            title: REFERENCE_WORLD.chemcrowPreprintDoi,
            provider: 'crossref',
            providers: ['crossref'],
            doi: REFERENCE_WORLD.chemcrowPreprintDoi,
            record_type: 'preprint',
          },
          link_only: true,
        },
      ]);
      assert.deepEqual(checks[1].sources, ['openalex', 'crossref']);
      assert.deepEqual(checks[2].differences, [{ field: 'year', given: 2015, found: 2022 }]);
      assert.equal(checks[3].note, 'not found in openalex, semantic_scholar, crossref, pubmed, arxiv');
      assert.equal(checks[4].versions[0].relation, 'preprint_of');
      assert.equal(checks[4].versions[0].record.doi, '10.1109/icstw55395.2022.00035');
      assert.deepEqual(summary, {
        references: 6,
        verified: 4,
        mismatch: 1,
        not_found: 1,
        ambiguous: 0,
        unchecked: 0,
        unreadable: 0,
        retracted: 2,
        corrected: 2,
        expression_of_concern: 0,
        look_first: [3, 0, 5, 2],
      });
      const hosts = {
        crossref: 'api.crossref.org',
        openalex: 'api.openalex.org',
        semantic_scholar: 'api.semanticscholar.org',
        pubmed: 'eutils.ncbi.nlm.nih.gov',
        arxiv: 'export.arxiv.org',
      };
      for (const [source, host] of Object.entries(hosts)) assert.equal(diagnostics.providers[source].requests, requestsTo(loopback, host), source);
      // Keys only where the search puts them, and nowhere in the answer.
      for (const request of loopback.requests) {
        const sent = `${request.path} ${request.headers['x-api-key'] ?? ''}`;
        const expected = {
          'api.openalex.org': CANARY_KEYS.openalex,
          'api.semanticscholar.org': CANARY_KEYS.semantic_scholar,
          'eutils.ncbi.nlm.nih.gov': CANARY_KEYS.pubmed,
        }[request.host];
        for (const key of KEYS) assert.equal(sent.includes(key), key === expected, `${request.host}: ${key}`);
        if (request.host === 'api.semanticscholar.org') assert.ok(!request.path.includes(CANARY_KEYS.semantic_scholar));
      }
      for (const key of KEYS) assert.ok(!result.content[0]!.text.includes(key));
    }));

  it('hands the matched records to the Zotero export (the BibTeX parses back) and to the evidence snapshot', () =>
    withCheckServer({}, async ({ check, client }) => {
      const { checks } = (await check({ references: BIBLIOGRAPHY })).structuredContent;
      const records = checks.flatMap((entry: any) => (entry.matched === undefined ? [] : [entry.matched]));
      assert.equal(records.length, 5);
      const exported = (await client.callTool({ name: 'qiongli_zotero_export_import_files', arguments: { records, formats: ['bibliography.bib'] } })) as any;
      assert.notEqual(exported.isError, true, JSON.stringify(exported).slice(0, 300));
      // The file is held as an MCP resource: the answer lists it, resources/read gives its bytes.
      const file = exported.structuredContent.files.find((entry: any) => entry.name === 'bibliography.bib');
      const read = (await client.readResource({ uri: file.uri })) as any;
      const parsed = parseBibtex(read.contents[0].text);
      assert.equal(parsed.errors, 0);
      assert.deepEqual(
        parsed.entries.map((entry) => unescapeBibtex(entry.fields['doi'] ?? '')),
        records.map((record: any) => record.doi),
      );
      const snapshot = (await client.callTool({
        name: 'qiongli_literature_export_evidence',
        arguments: { query: 'bibliography check', results: records },
      })) as any;
      assert.notEqual(snapshot.isError, true, JSON.stringify(snapshot).slice(0, 300));
    }));
});
