import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RetorquereBibliographyParser } from '../../../src/adapters/bibtex-parser/index.js';
import { reduceEntry, splitBibtex } from '../../../src/domain/reference-check/bibtex-entries.js';
import { plainBibtexFields } from '../../../src/domain/reference-check/bibtex-plain.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';
import { labelledSet } from './check-support.js';

const parser = new RetorquereBibliographyParser();

/** Each entry of a bibliography read both ways: plain (undefined when it declines) and by the library. */
function bothWays(bibtex: string) {
  return finishNow(splitBibtex(bibtex)).map((chunk) => {
    const reduced = reduceEntry(bibtex, chunk);
    assert.ok(reduced.ok);
    const library = parser.readEntry(reduced.value.text);
    assert.ok(library.ok);
    return { plain: plainBibtexFields(chunk.type, reduced.value.fields), library: library.value };
  });
}

describe('plain BibTeX entries are read without the TeX parser, as the parser reads them', () => {
  it('gives the library’s fields for every plain entry of the labelled set', () => {
    const clean = (text: string) => text.replace(/[{}\\$~%#^_"]/gu, '');
    const bibtex = labelledSet()
      .references.map((entry) => entry.reference as { title: string; authors?: string[]; year?: number; venue?: string; doi?: string })
      .map(
        (r, i) =>
          `@article{r${i}, title = {${clean(r.title)}}, author = {${(r.authors ?? []).map(clean).join(' and ')}}, year = {${r.year}}${r.venue ? `, journal = {${clean(r.venue)}}` : ''}${r.doi ? `, doi = {${r.doi}}` : ''}}`,
      )
      .join('\n');
    const entries = bothWays(bibtex);
    assert.ok(entries.length > 200);
    const plain = entries.filter((entry) => entry.plain !== undefined);
    assert.ok(plain.length >= entries.length * 0.9, `${plain.length} of ${entries.length} read plain`);
    for (const entry of plain) assert.deepEqual(entry.plain, entry.library);
  });

  it('splits names as BibTeX does: "Family, Given", "Family, Jr, Given", "Given von Family"', () => {
    const [entry] = bothWays(
      '@article{k, title = {T}, author = {van der Berg, Anna and Smith, Jr, John and Maria de la Cruz and Jane Q. Public}, year = 2020}',
    );
    assert.deepEqual(entry!.plain, entry!.library);
    assert.deepEqual(entry!.plain?.authors, [
      { family: 'van der Berg', given: 'Anna' },
      { family: 'Smith', given: 'John' },
      { family: 'de la Cruz', given: 'Maria' },
      { family: 'Public', given: 'Jane Q.' },
    ]);
  });

  it('leaves every entry with TeX, braces inside a value or a macro to the library', () => {
    for (const entry of bothWays(
      '@a{k, title={\\"Uber}}\n@a{k, title={The {RNA} world}}\n@a{k, title={$x$}}\n@a{k, title={T}, journal=jcp}\n@a{k, author={{WHO}}, title={T}}',
    )) {
      assert.equal(entry.plain, undefined);
    }
  });
});
