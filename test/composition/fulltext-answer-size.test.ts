import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createContainer } from '../../src/composition/create-container.js';
import { ALL_CAPABILITY_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { FakeSecretStore } from '../fakes/secret-store.fake.js';
import { FIXTURE_WORKS, fulltextFixture, startFullTextSources } from '../support/fulltext-sources.js';
import { until } from '../support/graph-server.js';
import { connectInMemory } from '../support/in-memory-session.js';
import { call } from '../support/messages.js';

/**
 * SPEC §13 (issue 26, item 1; issue 29, row 4): every answer of the full-text reader with default
 * arguments is under 40,000 characters of text content, with the maximum arguments under
 * 100,000, whatever the document — measured on the text content a client receives, page after
 * page, over documents built to be as large as the reader keeps.
 */
const DEFAULT_BOUND = 40_000;
const MAXIMUM_BOUND = 100_000;

const jats = (meta: string, body: string): string =>
  `<article><front><article-meta><article-id pub-id-type="pmcid">${FIXTURE_WORKS.europePmcPmcid}</article-id>${meta}</article-meta></front><body>${body}</body></article>`;
const sec = (title: string, inner: string): string => `<sec><title>${title}</title>${inner}</sec>`;
/** A section id `depth` levels deep, as the reader numbers a first subsection of a first subsection… */
const deepId = (depth: number): string => `s${Array.from({ length: depth }, () => '1').join('.')}`;

const DOCUMENTS: Record<string, () => string> = {
  '2,000 sections with 500-character headings': () =>
    jats('', Array.from({ length: 2000 }, (_, i) => sec(`H${i} ${'heading '.repeat(62)}`, '<p>Text.</p>')).join('')),
  '20,000 two-character passages': () => jats('', sec('One', '<p>ab</p>'.repeat(20_000))),
  'passages of " and \\': () => jats('', sec('One', `<p>${'"\\'.repeat(1000)}</p>`.repeat(400))),
  'a 200-deep paper with 5,000 short passages': () =>
    jats('', Array.from({ length: 200 }, (_, d) => `<sec><title>Level ${d}</title>${'<p>A short passage.</p>'.repeat(25)}`).join('') + '</sec>'.repeat(200)),
};

/** Reads every page of the document served as PMC12311175's full text; the text content of each answer. */
async function readAllPages(xml: string, args: Record<string, unknown>): Promise<{ texts: string[]; results: any[] }> {
  const sources = await startFullTextSources({
    override: (source, path) => (source === 'europepmc' && path.endsWith('/fullTextXML') ? { status: 200, body: xml, type: 'application/xml' } : undefined),
  });
  try {
    const container = createContainer('lite', {
      configSource: FakeConfigSource.defaults(),
      secretStore: FakeSecretStore.unavailable(),
      dispatcher: sources.dispatcher,
      grants: new Set(ALL_CAPABILITY_GROUPS),
    });
    const transport = connectInMemory(container);
    const texts: string[] = [];
    const results: any[] = [];
    let cursor: string | undefined;
    for (let id = 1; id === 1 || (cursor !== undefined && id < 400); id++) {
      transport.receive(
        call(id, 'qiongli_literature_read_fulltext', { work: `PMCID:${FIXTURE_WORKS.europePmcPmcid}`, ...args, ...(cursor === undefined ? {} : { cursor }) }),
      );
      await until(() => transport.responseTo(id) !== undefined);
      const response = transport.responseTo(id);
      assert.equal(response.error, undefined, `page ${id} is an answer, never a protocol error`);
      texts.push(response.result.content[0].text);
      results.push(response.result.structuredContent);
      cursor = response.result.structuredContent.next_cursor;
    }
    assert.equal(cursor, undefined, 'the pages end');
    return { texts, results };
  } finally {
    await sources.close();
  }
}

/** Every passage and every section of the walk, each exactly once and in order. */
function assertEachOnce(results: any[]): void {
  const ids = results.flatMap((result) => result.passages.map((passage: any) => passage.id));
  assert.equal(new Set(ids).size, ids.length, 'no passage twice');
  const total = results[0].sections_total;
  const outline = results[0].sections_from === undefined ? results[0].sections : results.flatMap((result) => result.sections);
  assert.equal(outline.length, total, 'the whole outline, once');
  assert.ok(results.every((result) => result.sections_total === total));
}

describe('full-text answers fit SPEC §13 bounds page after page (issue 29, row 4; issue 26, item 4)', { timeout: 300_000 }, () => {
  for (const [name, build] of Object.entries(DOCUMENTS)) {
    it(`${name}: default arguments < ${DEFAULT_BOUND}, maximum arguments < ${MAXIMUM_BOUND}`, async (t) => {
      const xml = build();
      const byDefault = await readAllPages(xml, {});
      const recheck = byDefault.results[0].passages.slice(0, 1).map((passage: any) => passage.id);
      const ids = Array.from({ length: 200 }, (_, i) => (i === 0 ? recheck[0] : `${deepId(1 + (i % 200))}-p${i + 1}-0000abcd`));
      const atMost = await readAllPages(xml, { max_chars: 64_000, recheck: ids });
      const longest = (texts: string[]) => Math.max(...texts.map((text) => text.length));
      t.diagnostic(
        `default: ${byDefault.texts.length} pages, longest ${longest(byDefault.texts)}; maximum: ${atMost.texts.length} pages, longest ${longest(atMost.texts)}`,
      );
      assert.ok(longest(byDefault.texts) < DEFAULT_BOUND, `default: ${longest(byDefault.texts)}`);
      assert.ok(longest(atMost.texts) < MAXIMUM_BOUND, `maximum: ${longest(atMost.texts)}`);
      assertEachOnce(byDefault.results);
      assertEachOnce(atMost.results);
      const verdicts = atMost.results.flatMap((result) => result.rechecked);
      assert.deepEqual(
        verdicts.map((verdict: any) => verdict.id),
        ids,
        'every recheck verdict once',
      );
      byDefault.results.forEach((result, page) => assert.equal(JSON.stringify(result), byDefault.texts[page], 'the text content is the structured result'));
    });
  }

  it('reads the real 795 KB article within the default bound on every page', async () => {
    const { texts } = await readAllPages(fulltextFixture('europepmc-fulltext-PMC12311175.xml'), {});
    assert.ok(texts.length > 5 && texts.every((text) => text.length < DEFAULT_BOUND));
  });
});
