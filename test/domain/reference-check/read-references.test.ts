import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RetorquereBibliographyParser } from '../../../src/adapters/bibtex-parser/index.js';
import { detectFormat, readReferences } from '../../../src/domain/reference-check/read-references.js';
import type { ReferenceObject } from '../../../src/domain/reference-check/reference-check-input.js';
import { finishNow, type Stepwise } from '../../../src/domain/shared/stepwise.js';

const parser = new RetorquereBibliographyParser();
const read = (text: string | ReferenceObject[], format?: 'bibtex' | 'ris' | 'csl-json' | 'text') => finishNow(readReferences(text, format, parser));

/** Runs a stepwise task, timing each step; returns its value and the longest step in ms. */
function timedOnce<T>(task: Stepwise<T>): { value: T; longest: number } {
  let longest = 0;
  for (;;) {
    const start = performance.now();
    const step = task.next();
    longest = Math.max(longest, performance.now() - start);
    if (step.done) return { value: step.value, longest };
  }
}

/**
 * The task run three times (the parser warmed up first): its value and the shortest of the
 * three longest steps, so a machine busy with other work does not decide the bound.
 */
function timed<T>(make: () => Stepwise<T>): { value: T; longest: number } {
  parser.readEntry('@misc{warm, title={Warm {\\"u}p}}');
  const runs = [timedOnce(make()), timedOnce(make()), timedOnce(make())];
  return { value: runs[0]!.value, longest: Math.min(...runs.map((run) => run.longest)) };
}

const BIBTEX = String.raw`
@comment{written by hand}
@string{natmi = "Nature Machine Intelligence"}
@article{bran2024,
  title = {Augmenting large language models with {chemistry} tools},
  author = {Bran, Andres M. and Cox, Sam and Schilter, Oliver},
  journal = natmi, year = {2024}, doi = {https://doi.org/10.1038/S42256-024-00832-8},
  abstract = {A long abstract that the reader drops.}, file = {bran.pdf}
}
@misc{chemcrow, title = "ChemCrow: Augmenting large-language models with chemistry tools",
  author = {M{\"u}ller, J{\"o}rg and {OpenAI Team}}, date = {2023-04}, eprint = {2304.05376v2}, archivePrefix = {arXiv}}
@article{pm, title = {Guideline for efavirenz}, author = {Desta, Z}, year = 2019, pmid = {31006110}}
`;

describe('reading a bibliography (docs/tools.md#qiongli_literature_check_references, "Input")', () => {
  it('detects each format, and a named format wins', () => {
    assert.equal(detectFormat(BIBTEX), 'bibtex');
    assert.equal(detectFormat('TY  - JOUR\nTI  - A\nER  - \n'), 'ris');
    assert.equal(detectFormat(' [{"title": "A"}]'), 'csl-json');
    assert.equal(detectFormat('[1] Smith, J. (2020). A title.'), 'text');
    assert.equal(detectFormat('Smith, J. (2020). A title. Journal.'), 'text');
    assert.equal(read('@article{k, title={Not BibTeX here}}', 'text')[0]?.text, '@article{k, title={Not BibTeX here}}');
  });

  it('reads BibTeX entries: LaTeX to text, @string macros, DOI links, arXiv eprints, PMIDs; comments are not references', () => {
    assert.deepEqual(read(BIBTEX), [
      {
        title: 'Augmenting large language models with chemistry tools',
        firstAuthor: 'Bran',
        year: 2024,
        venue: 'Nature Machine Intelligence',
        doi: '10.1038/s42256-024-00832-8',
      },
      { title: 'ChemCrow: Augmenting large-language models with chemistry tools', firstAuthor: 'Müller', year: 2023, arxiv: '2304.05376' },
      { title: 'Guideline for efavirenz', firstAuthor: 'Desta', year: 2019, pmid: '31006110' },
    ]);
  });

  it('reads entries in parentheses, upper-case types and protected words', () => {
    assert.deepEqual(read('@ARTICLE(k, title={A (paren) title}, author={Doe, J}, year=1999)\n@Book{b, title={{The} {RNA} World}, year={2001}}'), [
      { title: 'A (paren) title', firstAuthor: 'Doe', year: 1999 },
      { title: 'The RNA World', year: 2001 },
    ]);
  });

  it('reads RIS records, with continued lines, and the DOI from a link when DO is missing', () => {
    const ris =
      'TY  - JOUR\nTI  - Studies of Turing pattern\n  formation in zebrafish skin\nAU  - Painter, K. J.\nPY  - 2021///\nJO  - Phil Trans\nUR  - https://doi.org/10.1098/rsta.2020.0274\nAB  - skipped\nER  - \nTY  - JOUR\nT1  - Second\nA1  - Doe, Jane\nY1  - 1999\nN1  - PMID: 12345\nUR  - https://arxiv.org/abs/hep-th/9901001v2\nER  - \n';
    assert.deepEqual(read(ris), [
      {
        title: 'Studies of Turing pattern formation in zebrafish skin',
        firstAuthor: 'Painter',
        year: 2021,
        venue: 'Phil Trans',
        doi: '10.1098/rsta.2020.0274',
      },
      { title: 'Second', firstAuthor: 'Doe', year: 1999, pmid: '12345', arxiv: 'hep-th/9901001' },
    ]);
  });

  it('reads CSL-JSON: an array or one item, issued as date-parts or raw, names as family or literal', () => {
    const items = [
      { title: 'A', author: [{ family: 'Smith', given: 'J' }], issued: { 'date-parts': [[2020, 5]] }, 'container-title': 'J. X', DOI: '10.1000/ABC' },
      { title: 'B', author: [{ literal: 'WHO' }], issued: { raw: 'May 2018' }, PMID: '999', URL: 'https://arxiv.org/abs/2101.00001' },
    ];
    assert.deepEqual(read(JSON.stringify(items)), [
      { title: 'A', firstAuthor: 'Smith', year: 2020, venue: 'J. X', doi: '10.1000/abc' },
      { title: 'B', firstAuthor: 'WHO', year: 2018, pmid: '999', arxiv: '2101.00001' },
    ]);
    assert.deepEqual(read(JSON.stringify(items[0])), [{ title: 'A', firstAuthor: 'Smith', year: 2020, venue: 'J. X', doi: '10.1000/abc' }]);
  });

  it('reads plain text one reference per line, or per blank-line paragraph, numbering dropped', () => {
    const lines = read('[1] Smith, J. (2019). A study of things. Journal of Stuff. doi:10.1000/xyz\n2. Doe J, Roe A. Another work. Nature 2001.');
    assert.equal(lines.length, 2);
    assert.deepEqual(lines[0], {
      text: 'Smith, J. (2019). A study of things. Journal of Stuff. doi:10.1000/xyz',
      firstAuthor: 'Smith',
      year: 2019,
      doi: '10.1000/xyz',
    });
    assert.equal(lines[1]?.year, 2001);
    const paragraphs = read('Smith, J. (2019).\nA study of things.\n\nDoe, J. (2001).\nAnother work.\n');
    assert.deepEqual(
      paragraphs.map((reference) => reference.text),
      ['Smith, J. (2019). A study of things.', 'Doe, J. (2001). Another work.'],
    );
  });

  it('reads reference objects, their text filling in what their fields leave out', () => {
    assert.deepEqual(
      read([{ title: 'A title', authors: ['Jane Smith'], year: '2020', doi: 'doi:10.1000/X' }, { text: 'Roe, A. (2011). Some work. arXiv:2101.00001' }]),
      [
        { title: 'A title', firstAuthor: 'Smith', year: 2020, doi: '10.1000/x' },
        { text: 'Roe, A. (2011). Some work. arXiv:2101.00001', firstAuthor: 'Roe', year: 2011, arxiv: '2101.00001' },
      ],
    );
  });

  it('reports what it cannot read in its place, with a reason and nothing of the text', () => {
    const bib =
      '@article{a, title={Fine}, year={2020}}\n@article{b, title={Broken\n@article{c, title = {Also fine}, author={X, Y}}\n@article{d, year={2020}}\n';
    assert.deepEqual(read(bib), [
      { title: 'Fine', year: 2020 },
      { unreadable: 'syntax' },
      { title: 'Also fine', firstAuthor: 'X' },
      { unreadable: 'no_fields' },
    ]);
    assert.deepEqual(read('[{"title": "A"}, 3, {"title": {"deep": [[[[[[[[[[1]]]]]]]]]]}}]'), [
      { title: 'A' },
      { unreadable: 'syntax' },
      { unreadable: 'nesting' },
    ]);
    assert.deepEqual(read('[{"title": "A"'), [{ unreadable: 'syntax' }]);
  });
});

describe('hostile bibliographies are read in bounded steps (no step over 50 ms at 256 KiB)', () => {
  const KIB = 1024;
  const cases: [string, string][] = [
    ['256 KiB of unbalanced opening braces', `@article{k, title={${'{'.repeat(256 * KIB - 20)}`],
    ['256 KiB of closing braces', `@article{k, title={A}}${'}'.repeat(256 * KIB - 22)}`],
    ['256 KiB of @ signs', '@'.repeat(256 * KIB)],
    ['a 100 KiB title in one entry', `@article{k, title={${'word '.repeat(20 * KIB)}}, year={2000}}`],
    ['a 100 KiB entry of nested braces', `@article{k, title={${'{'.repeat(50 * KIB)}${'}'.repeat(50 * KIB)}}}`],
    ['a 100 KiB author list', `@article{k, title={T}, author={${Array.from({ length: 5 * KIB }, (_, i) => `N${i}, G`).join(' and ')}}}`],
    ['a 100 KiB abstract beside a fine title', `@article{k, title={Fine title}, year={2001}, abstract={${'lorem ipsum '.repeat(8 * KIB)}}}`],
    ['a 100 KiB RIS title', `TY  - JOUR\nTI  - ${'word '.repeat(20 * KIB)}\nER  - \n`],
    ['deep CSL-JSON (128 Ki levels)', `${'['.repeat(128 * KIB)}${']'.repeat(128 * KIB)}`],
    ['a 100 KiB CSL-JSON title', JSON.stringify([{ title: 'w '.repeat(50 * KIB) }])],
    ['256 KiB of NUL bytes and text', `${'\u0000'.repeat(128 * KIB)}Smith, J. (2019). A study.\n${'\u0000x'.repeat(64 * KIB)}`],
    ['a 100 KiB plain-text reference', `Smith, J. (2019). ${'word '.repeat(20 * KIB)}`],
  ];
  for (const [name, text] of cases) {
    it(`${name}: every reference accounted for, each step short`, () => {
      const { value, longest } = timed(() => readReferences(text, undefined, parser));
      assert.ok(value.length >= 1 || name.includes('@ signs') || name.includes('closing'), name);
      assert.ok(longest < 50, `${name}: longest step ${longest.toFixed(1)} ms`);
    });
  }

  it('says why each hostile reference could not be read', () => {
    assert.deepEqual(read(cases[0]![1]), [{ unreadable: 'syntax' }]);
    assert.deepEqual(read(cases[3]![1]), [{ unreadable: 'too_long' }]);
    assert.deepEqual(read(cases[4]![1]), [{ unreadable: 'nesting' }]);
    assert.deepEqual(read(cases[6]![1]), [{ title: 'Fine title', year: 2001 }]);
    assert.deepEqual(read(cases[8]![1]), [{ unreadable: 'nesting' }]);
    assert.deepEqual(read(cases[9]![1]), [{ unreadable: 'too_long' }]);
    assert.deepEqual(read(cases[11]![1]), [{ unreadable: 'too_long' }]);
    assert.deepEqual(read('@'.repeat(4096), 'bibtex'), []);
    const nul = read(cases[10]![1]);
    assert.equal(nul[0]?.firstAuthor, 'Smith');
    assert.ok(nul.every((reference) => !JSON.stringify(reference).includes('\\u0000')));
  });

  it('stops reading one reference past the limit of 200', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `@misc{k${i}, title={Title ${i}}}`).join('\n');
    const { value, longest } = timed(() => readReferences(many, undefined, parser));
    assert.equal(value.length, 201);
    assert.ok(longest < 50);
  });
});
