import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { findPassages, findTerms } from '../../../src/domain/fulltext/passage-find.js';
import { identifyPassages } from '../../../src/domain/fulltext/passage-ids.js';
import { inSection, resolveSection, takeWithin } from '../../../src/domain/fulltext/passage-pages.js';
import { recheckPassages } from '../../../src/domain/fulltext/passage-recheck.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';
import { documentOf } from '../../fakes/fulltext-client.fake.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const SECTIONS: [string, string, number?][] = [
  ['abstract', 'Abstract'],
  ['s1', '1 Introduction'],
  ['s2', '2 Methods'],
  ['s2.1', '2.1 Cell lines', 2],
  ['s3', 'II-A Threat Model'],
];
const BLOCKS: [number, string][] = [
  [0, 'Immune evasion is common.'],
  [1, 'Tumours evade the immune system.'],
  [1, 'Checkpoint inhibitors help.'],
  [1, 'PD-1 and PD-L1 bind; PD-1 blocks.'],
  [2, 'We cultured cells.'],
  [3, 'HepG2 cells were grown.'],
  [4, 'An attacker writes files.'],
];
const passages = finishNow(identifyPassages(documentOf(SECTIONS, BLOCKS), sha256));
const all = passages.map((_, index) => index);

describe('find, sections and pages (docs/tools.md#qiongli_literature_read_fulltext)', () => {
  it('reads words and "quoted phrases" as terms, compared in NFKC lower case, each of two characters or more', () => {
    assert.deepEqual(findTerms('PD-1 "immune  system" x Ｉｍｍｕｎｅ pd-1'), ['pd-1', 'immune system', 'immune']);
    assert.deepEqual(findTerms('a " " b'), []);
  });

  it('ranks passages by terms found, then occurrences, and follows each with its neighbours in its section', () => {
    const found = finishNow(findPassages(passages, all, findTerms('PD-1 immune')));
    // Best: s1 p3 (pd-1 twice); then the immune ones in order: abstract p1, s1 p1.
    assert.deepEqual(found.order, [2, 3, 0, 1]);
    assert.deepEqual([...found.matches].sort(), [0, 1, 3]);
  });

  it('finds nothing when no passage holds a term', () => {
    assert.deepEqual(finishNow(findPassages(passages, all, ['zebrafish'])).order, []);
  });

  it('names a section by id, by heading, or by heading without its number, subsections included', () => {
    const sections = documentOf(SECTIONS, BLOCKS).sections;
    assert.equal(resolveSection(sections, 's2.1')?.id, 's2.1');
    assert.equal(resolveSection(sections, '2 methods')?.id, 's2');
    assert.equal(resolveSection(sections, 'Methods')?.id, 's2');
    assert.equal(resolveSection(sections, 'threat model')?.id, 's3');
    assert.equal(resolveSection(sections, 'Results'), undefined);
    const methods = resolveSection(sections, 'Methods')!;
    assert.deepEqual(
      passages.filter((passage) => inSection(passage, methods)).map((passage) => passage.sectionId),
      ['s2', 's2.1'],
    );
  });

  it('takes a list by the size of its entries, at least one when asked, and every entry once across the pages', () => {
    const size = (index: number): number => passages[all[index]!]!.text.length;
    const seen: number[] = [];
    let from = 0;
    let pages = 0;
    while (from < all.length) {
      const taken = takeWithin(all.length, from, 40, size, true);
      assert.ok(taken.end > from);
      assert.ok(taken.end === from + 1 || taken.used <= 40);
      seen.push(...all.slice(from, taken.end));
      from = taken.end;
      pages++;
    }
    assert.deepEqual(seen, all);
    assert.ok(pages > 2);
    assert.deepEqual(takeWithin(all.length, 0, 10, size, true).end, 1, 'an entry longer than the page still comes when one is due');
    assert.deepEqual(takeWithin(all.length, 0, 10, size, false), { end: 0, used: 0 });
  });

  it('rechecks recorded ids: unchanged, moved, changed or missing', () => {
    const edited = finishNow(
      identifyPassages(
        documentOf(SECTIONS, [
          [0, 'Immune evasion is common.'],
          [1, 'Checkpoint inhibitors help.'],
          [1, 'PD-1 binds.'],
        ]),
        sha256,
      ),
    );
    const [abstract, first, second, third] = passages.map((passage) => passage.id);
    assert.deepEqual(recheckPassages([abstract!, first!, second!, third!, 's9-p1-00000000', abstract!], edited), [
      { id: abstract, status: 'unchanged' },
      { id: first, status: 'changed', current_id: edited[1]!.id },
      { id: second, status: 'moved', current_id: edited[1]!.id },
      { id: third, status: 'missing' },
      { id: 's9-p1-00000000', status: 'missing' },
    ]);
  });
});
