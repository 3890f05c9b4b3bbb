// Record types end to end (issue 28, item 3): the sources' own types, read from their real
// bodies by the search and the citation graph, reach tool 10's three files, each record typed
// right in CSL-JSON, RIS and BibTeX (docs/zotero.md#the-import-files-tool-10).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MockAgent } from 'undici';
import { createContainer } from '../../src/composition/create-container.js';
import type { FakeTransport } from '../fakes/transport.fake.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { parseBibtex } from '../support/bibtex-oracle.js';
import { graphResult, startGraphServer } from '../support/graph-server.js';
import { REAL, graphFixture, realGraphRoute } from '../support/graph-world.js';
import { connectInMemory } from '../support/in-memory-session.js';
import { heldFiles } from '../support/held-files.js';
import { startLoopbackProviders } from '../support/loopback-providers.js';
import { request } from '../support/messages.js';

/** Each type as the three files write it, written out from docs/zotero.md (absent: a journal article). */
const IN_FILES: Readonly<Record<string, readonly [csl: string, ris: string, bibtex: string]>> = {
  absent: ['article-journal', 'JOUR', 'article'],
  article: ['article-journal', 'JOUR', 'article'],
  review: ['article-journal', 'JOUR', 'article'],
  preprint: ['article', 'GEN', 'misc'],
  conference_paper: ['paper-conference', 'CONF', 'inproceedings'],
  book_chapter: ['chapter', 'CHAP', 'incollection'],
  book: ['book', 'BOOK', 'book'],
  thesis: ['thesis', 'THES', 'phdthesis'],
  dataset: ['dataset', 'DATA', 'misc'],
  other: ['document', 'GEN', 'misc'],
};

/** Checks each record's type in each file (in record order) and returns the types seen. */
function assertTypedInFiles(records: readonly Record<string, any>[], files: Record<string, string>): Set<string> {
  const csl = JSON.parse(files['references.json']!) as { type: string }[];
  const ris = [...files['references.ris']!.matchAll(/^TY {2}- (\S+)$/gmu)].map((match) => match[1]);
  const bib = parseBibtex(files['bibliography.bib']!);
  assert.equal(bib.errors, 0);
  assert.deepEqual([csl.length, ris.length, bib.entries.length], [records.length, records.length, records.length]);
  const seen = new Set<string>();
  records.forEach((record, index) => {
    const type = record.record_type ?? 'absent';
    seen.add(type);
    assert.deepEqual([csl[index]?.type, ris[index], bib.entries[index]?.type], IN_FILES[type], `${index} ${type}: ${record.title}`);
  });
  return seen;
}

/** Sends one tools/call and resolves with its structured result. */
async function answer(transport: FakeTransport, id: number, name: string, args: Record<string, unknown>): Promise<any> {
  transport.receive(request(id, 'tools/call', { name, arguments: args }));
  for (let waited = 0; transport.responseTo(id) === undefined; waited += 5) {
    assert.ok(waited < 20_000, 'an answer in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return transport.responseTo(id).result.structuredContent;
}

describe('record types from the sources into the import files (issue 28, item 3)', () => {
  it('a search of the five sources (their real bodies): articles, preprints, reviews, books, conference papers, datasets', async () => {
    const loopback = await startLoopbackProviders({ delayMs: 1 });
    try {
      const transport = connectInMemory(createContainer('lite', { configSource: FakeConfigSource.defaults(), dispatcher: loopback.dispatcher }));
      const { results } = await answer(transport, 1, 'qiongli_literature_search', { query: 'large language models chemistry', page_size: 100 });
      const files = await heldFiles(transport, await answer(transport, 2, 'qiongli_zotero_export_import_files', { records: results }));
      const seen = assertTypedInFiles(results, files);
      assert.deepEqual([...seen].sort(), ['absent', 'article', 'book', 'conference_paper', 'dataset', 'preprint', 'review']);
    } finally {
      await loopback.close();
    }
  });

  it('the references of a work at OpenAlex, through the citation graph: articles and chapters', async () => {
    const server = await startGraphServer(realGraphRoute());
    try {
      const graph = graphResult(await server.call('qiongli_literature_references', { work: REAL.openalexWork, providers: ['openalex'], limit: 200 }));
      const records = graph.edges.map((edge: any) => edge.record);
      const files = await heldFiles(server.transport, graphResult(await server.call('qiongli_zotero_export_import_files', { records })));
      const seen = assertTypedInFiles(records, files);
      assert.deepEqual([...seen].sort(), ['article', 'book_chapter']);
    } finally {
      await server.close();
    }
  });

  it('a search answered by OpenAlex with a real page of 37 works: chapters, a thesis, a book, conference papers, a preprint', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('https://api.openalex.org')
      .intercept({ path: () => true, method: 'GET' })
      .reply(200, graphFixture('openalex-works-cited-by.json'), { headers: { 'content-type': 'application/json' } });
    try {
      const transport = connectInMemory(createContainer('lite', { configSource: FakeConfigSource.defaults(), dispatcher: agent }));
      const { results } = await answer(transport, 1, 'qiongli_literature_search', {
        query: 'anything',
        providers: ['openalex'],
        per_provider_limit: 100,
        total_limit: 100,
        page_size: 100,
      });
      assert.equal(results.length, 37);
      const files = await heldFiles(transport, await answer(transport, 2, 'qiongli_zotero_export_import_files', { records: results }));
      const seen = assertTypedInFiles(results, files);
      assert.deepEqual([...seen].sort(), ['article', 'book', 'book_chapter', 'conference_paper', 'preprint', 'thesis']);
    } finally {
      await agent.close();
    }
  });
});
