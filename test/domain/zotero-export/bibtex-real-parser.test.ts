import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseBibtex, unescapeBibtex } from '../../support/bibtex-oracle.js';
import { records } from './hostile-records.js';
import { exportFiles } from './zotero-harness.js';

interface CslItem {
  readonly id: string;
  readonly title: string;
  readonly type: string;
  readonly author?: readonly unknown[];
  readonly 'container-title'?: string;
  readonly abstract?: string;
}

/** The field names of each entry, in file order, as the exporter wrote them. */
const writtenFields = (bib: string): string[][] =>
  bib
    .split('\n\n')
    .filter((entry) => entry.trim() !== '')
    .map((entry) => [...entry.matchAll(/^ {2}([a-z]+) = \{/gmu)].map((match) => match[1]!));

// btparse (Text::BibTeX, biber's parser) counts braces as BibTeX does: issue 19 row 3 forged a
// field and an entry through a `}` in any value, and a lone `{` swallowed the rest of the file.
describe('bibliography.bib read back by a real BibTeX parser (btparse) (issue 19, row 3)', () => {
  it('the attack of the issue: a } and @misc(…) in title, venue, author, abstract and arXiv id forge nothing', () => {
    const attack = 'x}, author = {Forged}} @misc(forged, title = {pwned}) {';
    const record = {
      title: `A ${attack}`,
      venue: attack,
      authors: [{ family: attack, given: attack }, { literal: attack }],
      abstract: attack,
      record_type: 'preprint',
      identifiers: { arxiv: attack },
      year: 2020,
    };
    const files = exportFiles({ records: [record, { title: 'The next record' }], formats: ['bibliography.bib'] });
    const parsed = parseBibtex(files['bibliography.bib'] ?? '');
    assert.equal(parsed.errors, 0);
    assert.deepEqual(
      parsed.entries.map((entry) => [entry.type, entry.order]),
      [
        ['misc', ['title', 'author', 'year', 'howpublished', 'eprinttype', 'eprint', 'abstract']],
        ['article', ['title']],
      ],
    );
    const [first, second] = parsed.entries;
    assert.equal(unescapeBibtex(first!.fields['title']!), `A ${attack}`);
    assert.equal(unescapeBibtex(first!.fields['howpublished']!), attack);
    assert.equal(unescapeBibtex(first!.fields['abstract']!), attack);
    assert.equal(unescapeBibtex(first!.fields['eprint']!), attack);
    assert.equal(first!.author_count, 2);
    assert.equal(second!.fields['title'], 'The next record');
  });

  it('any record set: one entry per record, the fields the exporter wrote, each value read back exactly', () => {
    fc.assert(
      fc.property(records, (recs) => {
        const files = exportFiles({ records: recs, formats: ['references.json', 'bibliography.bib'] });
        const bib = files['bibliography.bib'] ?? '';
        const items = JSON.parse(files['references.json'] ?? '') as CslItem[];
        const parsed = parseBibtex(bib);
        assert.equal(parsed.errors, 0);
        assert.deepEqual(
          parsed.entries.map((entry) => entry.key),
          items.map((item) => item.id),
        );
        assert.deepEqual(
          parsed.entries.map((entry) => entry.order),
          writtenFields(bib),
        );
        parsed.entries.forEach((entry, index) => {
          const item = items[index]!;
          assert.equal(unescapeBibtex(entry.fields['title'] ?? ''), item.title);
          const venue = entry.fields['journal'] ?? entry.fields['howpublished'];
          assert.equal(venue === undefined ? undefined : unescapeBibtex(venue), item['container-title']);
          assert.equal(entry.fields['abstract'] === undefined ? undefined : unescapeBibtex(entry.fields['abstract']), item.abstract);
          assert.equal(entry.author_count, item.author?.length ?? 0);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('the parser itself sees the injection the old escaping allowed (guards against a vacuous oracle)', () => {
    const parsed = parseBibtex('@article{k,\n  title = {x\\}, author = {Forged}},\n  year = {2020}\n}\n');
    assert.equal(parsed.entries[0]?.fields['author'], 'Forged');
    assert.equal(parsed.entries[0]?.fields['year'], undefined);
  });
});
