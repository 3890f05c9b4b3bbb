import assert from 'node:assert/strict';
import { inlineFiles } from '../support/delivered-files.js';
import { describe, it } from 'node:test';
import { MockAgent } from 'undici';
import { createContainer } from '../../src/composition/create-container.js';
import { everyProviderReady } from '../domain/literature-search/search-harness.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { parseBibtex, unescapeBibtex } from '../support/bibtex-oracle.js';
import { initialize, request } from '../support/messages.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';

/** What a hostile Crossref deposit puts in every text of a work (issue 19, row 3). */
const ATTACK = 'x}, author = {Forged}} @misc(forged, title = {pwned}) {';

/** A Crossref page of one work whose title, venue, author and abstract carry {@link ATTACK}. */
const CROSSREF_PAGE = JSON.stringify({
  message: {
    items: [
      {
        title: [`Title ${ATTACK}`],
        'container-title': [`Venue ${ATTACK}`],
        author: [{ family: `Family ${ATTACK}`, given: 'Ann' }],
        abstract: `<jats:p>Abstract ${ATTACK}</jats:p>`,
        issued: { 'date-parts': [[2021]] },
        DOI: '10.1000/hostile',
      },
      { title: ['An honest record'], issued: { 'date-parts': [[2020]] } },
    ],
  },
});

const until = async (condition: () => boolean): Promise<void> => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('BibTeX from a search result, end to end (issue 19, row 3)', () => {
  it('a hostile Crossref work searched, then exported, reads back as exactly its own fields', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get('https://api.crossref.org')
      .intercept({ path: () => true, method: 'GET' })
      .reply(200, CROSSREF_PAGE, { headers: { 'content-type': 'application/json' } });
    const container = createContainer('lite', { configSource: FakeConfigSource.withProviders({ crossref: everyProviderReady.crossref! }), dispatcher: agent });
    const transport = new FakeTransport();
    mcpConnection(container, transport, {
      finished: () => undefined,
      failed: () => undefined,
    }).start();
    transport.receive(initialize(0, '2025-06-18'));
    transport.receive(
      request(1, 'tools/call', { name: 'qiongli_literature_search', arguments: { query: 'hostile', providers: ['crossref'], include_abstracts: true } }),
    );
    await until(() => transport.responseTo(1) !== undefined);
    const results = transport.responseTo(1).result.structuredContent.results as Record<string, unknown>[];
    assert.equal(results.length, 2);
    transport.receive(
      request(2, 'tools/call', {
        name: 'qiongli_zotero_export_import_files',
        arguments: { records: results, formats: ['bibliography.bib'], delivery: 'inline' },
      }),
    );
    await until(() => transport.responseTo(2) !== undefined);
    await agent.close();

    const bib = inlineFiles(transport.responseTo(2).result.structuredContent)['bibliography.bib'] as string;
    const parsed = parseBibtex(bib);
    assert.equal(parsed.errors, 0);
    assert.deepEqual(
      parsed.entries.map((entry) => [entry.type, entry.order]),
      [
        ['article', ['title', 'author', 'year', 'journal', 'doi', 'abstract']],
        ['article', ['title', 'year']],
      ],
    );
    const hostile = parsed.entries[0]!;
    assert.equal(unescapeBibtex(hostile.fields['title']!), `Title ${ATTACK}`);
    assert.equal(unescapeBibtex(hostile.fields['journal']!), `Venue ${ATTACK}`);
    assert.equal(unescapeBibtex(hostile.fields['abstract']!), `Abstract ${ATTACK}`);
    assert.equal(hostile.author_count, 1);
    assert.equal(parsed.entries[1]!.fields['title'], 'An honest record');
  });
});
