import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { PASSAGE_ID, codePointLength, identifyPassages, parsePassageId, textMatchesId } from '../../../src/domain/fulltext/passage-ids.js';
import { finishNow } from '../../../src/domain/shared/stepwise.js';
import { documentOf } from '../../fakes/fulltext-client.fake.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const DOCUMENT = documentOf(
  [
    ['abstract', 'Abstract'],
    ['s1', '1 Introduction'],
    ['s1.1', '1.1 Background', 2],
  ],
  [
    [0, 'We read papers.'],
    [1, 'First paragraph.'],
    [1, 'Second paragraph.'],
    [2, 'Nested paragraph.'],
  ],
);

describe('passage ids (docs/tools.md#passage-ids)', () => {
  it('are the section id, the position in the section and the first 8 hex digits of the text SHA-256', () => {
    const passages = finishNow(identifyPassages(DOCUMENT, sha256));
    assert.deepEqual(
      passages.map((passage) => passage.id),
      [
        `abstract-p1-${sha256('We read papers.').slice(0, 8)}`,
        `s1-p1-${sha256('First paragraph.').slice(0, 8)}`,
        `s1-p2-${sha256('Second paragraph.').slice(0, 8)}`,
        `s1.1-p1-${sha256('Nested paragraph.').slice(0, 8)}`,
      ],
    );
    assert.ok(passages.every((passage) => PASSAGE_ID.test(passage.id)));
  });

  it('are the same for the same document every time, and change only where the text does', () => {
    const again = finishNow(
      identifyPassages(
        documentOf(
          [
            ['abstract', 'Abstract'],
            ['s1', '1 Introduction'],
            ['s1.1', '1.1 Background', 2],
          ],
          DOCUMENT.blocks.map((block): [number, string] => [block.section, block.text]),
        ),
        sha256,
      ),
    );
    assert.deepEqual(
      again.map((passage) => passage.id),
      finishNow(identifyPassages(DOCUMENT, sha256)).map((passage) => passage.id),
    );
    const edited = documentOf(
      [
        ['abstract', 'Abstract'],
        ['s1', '1 Introduction'],
      ],
      [
        [0, 'We read papers.'],
        [1, 'First paragraph, edited.'],
      ],
    );
    const [abstract, first] = finishNow(identifyPassages(edited, sha256));
    assert.equal(abstract!.id, finishNow(identifyPassages(DOCUMENT, sha256))[0]!.id);
    assert.notEqual(first!.id, finishNow(identifyPassages(DOCUMENT, sha256))[1]!.id);
    assert.equal(first!.id.slice(0, 6), 's1-p1-');
  });

  it('commit to their text: the text read for an id matches it, an edited one does not', () => {
    const [passage] = finishNow(identifyPassages(DOCUMENT, sha256));
    assert.equal(textMatchesId(passage!.id, 'We read papers.', sha256), true);
    assert.equal(textMatchesId(passage!.id, 'We read papers!', sha256), false);
    assert.equal(textMatchesId('not-an-id', 'We read papers.', sha256), false);
  });

  it('parse back into their parts, and nothing else parses', () => {
    assert.deepEqual(parsePassageId('s2.1-p3-9f3a1c2b'), { sectionId: 's2.1', position: 3, hash: '9f3a1c2b' });
    for (const bad of ['s2.1-p0-9f3a1c2b', 's2.1-p3-9F3A1C2B', 's2.1-p3-9f3a1c2', 'S2-p1-9f3a1c2b', '-p1-9f3a1c2b', 's2.1-p3-9f3a1c2b ', '../x-p1-9f3a1c2b'])
      assert.equal(parsePassageId(bad), undefined, bad);
  });

  it('count characters as code points', () => {
    assert.equal(codePointLength('a😀b'), 3);
    assert.equal(codePointLength('\ud83d'), 1);
    const passages = finishNow(identifyPassages(documentOf([['s1', '']], [[0, '😀😀']]), sha256));
    assert.equal(passages[0]!.characters, 2);
  });
});
