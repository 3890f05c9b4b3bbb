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

// Better BibTeX's parser reads the file; every value must also balance for BibTeX's brace counting
// (test/support/bibtex-oracle.ts): issue 19 row 3 forged a field and an entry through a `}` in
// any value, and a lone `{` swallowed the rest of the file.
describe('bibliography.bib read back by a real BibTeX parser (issue 19, row 3; issue 25, row 1)', () => {
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
    // The same file with the escaping issue 19 replaced (`\{`, `\}` alone) must fail the oracle.
    const oldEscaping = (files['bibliography.bib'] ?? '').replaceAll('\\{\\vphantom{\\}}', '\\{').replaceAll('\\vphantom{\\{}\\}', '\\}');
    assert.ok(parseBibtex(oldEscaping).errors > 0);
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
      { numRuns: 200 },
    );
  });

  it('the oracle sees the injection the old escaping allowed, and a lone brace (guards against a vacuous oracle)', () => {
    // `\}` hides no brace from BibTeX: the title ends at `x\` and `author` is forged there.
    assert.ok(parseBibtex('@article{k,\n  title = {x\\}, author = {Forged}},\n  year = {2020}\n}\n').errors > 0);
    // A lone `{` in a value swallows the rest of the file for BibTeX.
    assert.ok(parseBibtex('@article{k,\n  title = {a { b},\n  year = {2020}\n}\n\n@misc{n,\n  title = {Next}\n}\n').errors > 0);
    assert.ok(parseBibtex('@article{k,\n  title = {a \\{ b},\n  year = {2020}\n}\n').errors > 0);
    // No escaping at all: the forged author is a field of its own, read as such.
    const forged = parseBibtex('@article{k,\n  title = {x}, author = {Forged},\n  year = {2020}\n}\n');
    assert.equal(forged.errors, 0);
    assert.deepEqual(forged.entries[0]?.order, ['title', 'author', 'year']);
    assert.equal(forged.entries[0]?.author_count, 1);
    // The exporter's own escapes are balanced both ways.
    assert.equal(parseBibtex('@article{k,\n  title = {\\{\\vphantom{\\}} \\vphantom{\\{}\\} \\textbackslash{}},\n  author = {A and {B and C}}\n}\n').errors, 0);
  });
});
