import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { invertedIndexText, markupFreeText } from '../../../src/adapters/provider-http/abstract-text.js';
import { stripKnownMarkup } from '../../../src/adapters/provider-http/markup-text.js';

describe('Crossref markup: only known JATS/HTML/MathML tags are removed (issue 19, rows 1 and 10)', () => {
  it('keeps text that only looks like a tag: comparisons, placeholders, unknown names', () => {
    assert.equal(markupFreeText('k<n and n>2'), 'k<n and n>2');
    assert.equal(markupFreeText('a <INSERT_YOUR_EMAIL> b'), 'a <INSERT_YOUR_EMAIL> b');
    assert.equal(markupFreeText('x<y>z</y>'), 'x<y>z</y>');
    assert.equal(markupFreeText('p<0.05 and q>1'), 'p<0.05 and q>1');
    assert.equal(markupFreeText('<https://example.org>'), '<https://example.org>');
  });

  it('removes inline tags in place and turns block tags into a space, any case, with or without jats:', () => {
    assert.equal(markupFreeText('<jats:p>H<jats:sub>2</jats:sub>O</jats:p><P>next</P>'), ' H2O  next ');
    assert.equal(markupFreeText('<I>E. coli</I> <scp>T</scp>reebase<br/>x<br>'), 'E. coli Treebase x ');
    assert.equal(markupFreeText('<a href="https://x.example/?a=1&amp;b=2">link</a>'), 'link');
    assert.equal(markupFreeText('<mml:math><mml:mi>x</mml:mi></mml:math>'), ' x ');
    assert.equal(markupFreeText('a<!-- note -->b'), 'a b');
  });

  it('keeps a known tag that never closes, or that a < interrupts, as text', () => {
    assert.equal(markupFreeText('<i x'), '<i x');
    assert.equal(markupFreeText('<i a<b>c'), '<i ac');
    assert.equal(markupFreeText('<italicx>y'), '<italicx>y');
  });

  it('an unterminated comment is text, and later comment openers are not searched again', () => {
    assert.equal(markupFreeText('a<!--b<!--c'), 'a<!--b<!--c');
    assert.equal(markupFreeText('a<!--b-->c<!--d'), 'a c<!--d');
  });

  it('never grows the text and keeps every character that is not part of a removed tag', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('<', '>', '/', 'a', 'i', 'p', ' ', '!--', '-->', 'jats:', 'x', '"', 'sub'), { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        const stripped = stripKnownMarkup(text);
        assert.ok(stripped.length <= text.length);
        if (!/<[/!]?(?:jats:)?[aip]|<!--|<\/?(?:jats:)?sub/u.test(text)) assert.equal(stripped, text);
      }),
    );
  });

  it('a 64 Ki title of unclosed tags or comment openers is cleaned in linear time (milliseconds, not seconds)', () => {
    // Before the fix, `<a` and 65,000 letters took 2.5-3.5 s in one call (issue 19, row 1); the
    // bound itself is proven by the fault-injection probes, this only checks the answer.
    assert.equal(markupFreeText(`<a${'x'.repeat(65_000)}`), `<a${'x'.repeat(65_000)}`);
    assert.equal(markupFreeText('<!--'.repeat(16_000))?.length, 64_000);
    assert.equal(markupFreeText(`${'<i>'.repeat(21_000)}t`), 't');
  });
});

describe('OpenAlex inverted index: joined only as far as the abstract is read (issue 19, row 2)', () => {
  it('long words at many positions give the same abstract as a full join, cut with …', () => {
    const word = (index: number) => `${'w'.repeat(65_000)}${index}`;
    const index: Record<string, number[]> = {};
    for (let each = 0; each < 5; each++) index[word(each)] = Array.from({ length: 200 }, (_, at) => at * 5 + each);
    const text = invertedIndexText(index) ?? '';
    assert.equal([...text].length, 2000);
    assert.ok(text.endsWith('…'));
    assert.equal(text, `${'w'.repeat(1999)}…`);
  });

  it('short indexes are joined whole, in position order, with an empty word kept as the join would', () => {
    assert.equal(invertedIndexText({ b: [1], a: [0], c: [2] }), 'a b c');
    assert.equal(invertedIndexText({ '': [0], x: [1] }), 'x');
    assert.equal(invertedIndexText({}), undefined);
  });
});
