import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PAGE_CHARACTERS } from '../../../src/domain/reference-check/check-page.js';
import type { ProviderRecord } from '../../../src/ports/provider-client.port.js';
import { check, checkDeps, value } from './check-support.js';

/** A work of a large collaboration: a thousand authors (the most a provider record keeps), and a long venue. */
const BIG: ProviderRecord = {
  title: 'Observation of a new particle in the search for the Standard Model Higgs boson',
  doi: '10.1016/j.physletb.2012.08.020',
  year: 2012,
  venue: `Physics Letters B ${'(a very long venue name) '.repeat(40)}`,
  authors: Array.from({ length: 1000 }, (_, index) => ({ family: `Physicist${index}`, given: 'Alexandra Maria' })),
};
/** Its preprint, with the same thousand authors. */
const PREPRINT: ProviderRecord = { ...BIG, doi: '10.48550/arxiv.1207.7214', venue: 'arXiv', record_type: 'preprint', identifiers: { arxiv: '1207.7214' } };
/** The same work as a source keeping its first 300 authors: a check of about 14,000 characters, shown whole. */
const LARGE: ProviderRecord = { ...BIG, authors: BIG.authors!.slice(0, 300) };

const cited = (count: number) => Array.from({ length: count }, () => ({ title: BIG.title, authors: ['Physicist0, A.'], year: 2012, doi: BIG.doi }));

describe('pages within the answer budget (SPEC §13, docs/tools.md#the-reference-check, "Pages")', () => {
  it('cuts a default page before 40,000 characters, and the cursor goes on where the page stopped', async () => {
    const { deps } = checkDeps({ crossref: { works: [{ record: LARGE }] }, openalex: { works: [{ record: LARGE }] } });
    const references = cited(25);
    const first = value(await check({ references }, deps));
    const length = JSON.stringify(first).length;
    assert.ok(length <= PAGE_CHARACTERS.default, String(length));
    assert.ok(first.checks.length >= 1 && first.checks.length < 25, `${first.checks.length} checks`);
    assert.equal(first.checks[0]!.matched?.authors?.length, 300, 'a check that fits alone is shown whole');
    let page = first;
    const seen = [...first.checks.map((entry) => entry.index)];
    while (page.next_cursor !== undefined) {
      page = value(await check({ references, cursor: page.next_cursor }, deps));
      assert.ok(JSON.stringify(page).length <= PAGE_CHARACTERS.default);
      seen.push(...page.checks.map((entry) => entry.index));
    }
    assert.deepEqual(seen, [...references.keys()], 'every check once, in order');
  });

  it('allows 90,000 characters with an explicit page_size', async () => {
    const { deps } = checkDeps({ crossref: { works: [{ record: LARGE }] } });
    const page = value(await check({ references: cited(25), page_size: 25 }, deps));
    const length = JSON.stringify(page).length;
    assert.ok(length > PAGE_CHARACTERS.default && length <= PAGE_CHARACTERS.explicit, String(length));
  });

  it('shows a check too long alone compacted: the first ten authors of each record, long texts cut, the verdict whole', async () => {
    const { deps } = checkDeps({ crossref: { works: [{ record: BIG }, { record: PREPRINT }] } });
    const page = value(await check({ references: [{ title: BIG.title, authors: ['Physicist0'], year: 2012 }] }, deps));
    const [only] = page.checks;
    assert.ok(only !== undefined && JSON.stringify(page).length <= PAGE_CHARACTERS.default);
    assert.equal(only.verdict, 'verified');
    assert.equal(only.matched?.authors?.length, 10);
    assert.ok((only.matched?.venue?.length ?? 0) <= 256);
    assert.equal(only.versions?.[0]?.record.authors?.length, 10);
    assert.equal(only.versions?.[0]?.record.doi, PREPRINT.doi);
  });
});
