import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DOCUMENT_BOUNDS, DocumentBuilder } from '../../../src/adapters/fulltext-client/document-builder.js';
import { jats, latexml, lines } from './documents.js';

const SOURCE = { provider: 'arxiv', url: 'https://arxiv.org/html/1', sha256: '0'.repeat(64), bytes: 0, licence: 'unknown' } as const;

describe('the document builder (docs/provider-data.md#8-full-text-documents)', () => {
  it('cuts a long paragraph into passages of at most 2,000 characters at spaces, as it grows, losing no word', () => {
    const builder = new DocumentBuilder();
    builder.beginBlock();
    const words = Array.from({ length: 3000 }, (_, index) => `w${index}`);
    for (const word of words) builder.text(`${word} `);
    builder.endBlock();
    const document = builder.build(SOURCE);
    assert.ok(document.blocks.length > 5);
    assert.ok(document.blocks.every((block) => block.text.length <= 2000 && !block.text.startsWith(' ')));
    assert.deepEqual(
      document.blocks.flatMap((block) => block.text.split(' ')),
      words,
    );
  });

  it('cuts a text without spaces at the bound, never inside a surrogate pair', () => {
    const builder = new DocumentBuilder();
    builder.beginBlock();
    builder.text(`a${'😀'.repeat(2500)}`);
    builder.endBlock();
    const [first, second] = builder.build(SOURCE).blocks;
    assert.equal(first!.text.length, 1999);
    assert.ok(!/[\ud800-\udbff]$/u.test(first!.text) && !/^[\udc00-\udfff]/u.test(second!.text));
  });

  it('marks the document truncated past its bounds and keeps what came before', () => {
    const builder = new DocumentBuilder();
    for (let index = 0; index < DOCUMENT_BOUNDS.blocks + 5; index++) {
      builder.beginBlock();
      builder.text(`p${index}`);
      builder.endBlock();
    }
    const document = builder.build(SOURCE);
    assert.equal(document.blocks.length, DOCUMENT_BOUNDS.blocks);
    assert.equal(document.truncated, true);
    const sections = new DocumentBuilder();
    for (let index = 0; index < DOCUMENT_BOUNDS.sections + 3; index++) {
      sections.openSection();
      sections.beginBlock();
      sections.text(`in ${index}`);
      sections.endBlock();
      sections.closeSection();
    }
    const outlined = sections.build(SOURCE);
    assert.equal(outlined.sections.length, DOCUMENT_BOUNDS.sections);
    assert.equal(outlined.blocks.length, DOCUMENT_BOUNDS.sections, 'text of a section past the bound with no kept ancestor is left out');
    const nested = new DocumentBuilder();
    nested.openSection();
    for (let index = 0; index < DOCUMENT_BOUNDS.sections + 3; index++) {
      nested.openSection();
      nested.beginBlock();
      nested.text(`in ${index}`);
      nested.endBlock();
      nested.closeSection();
    }
    const kept = nested.build(SOURCE);
    assert.deepEqual(
      lines(kept).slice(-5),
      ['s1.1999 :: in 1998', 's1 :: in 1999', 's1 :: in 2000', 's1 :: in 2001', 's1 :: in 2002'],
      'past the bound, text goes to the kept ancestor',
    );
    assert.equal(outlined.truncated, true);
  });

  it('keeps the first heading of a section, reuses a special section opened again, and closes what a broken document left open', () => {
    const builder = new DocumentBuilder();
    builder.openSection('abstract');
    builder.beginHeading();
    builder.text('Summary');
    builder.endHeading();
    builder.beginHeading();
    builder.text('Second heading');
    builder.endHeading();
    builder.closeSection('Abstract');
    builder.openSection('abstract');
    builder.beginBlock();
    builder.text('Unclosed');
    const document = builder.build(SOURCE);
    assert.deepEqual(document.sections, [{ id: 'abstract', heading: 'Summary', level: 1 }]);
    assert.deepEqual(lines(document), ['abstract :: Unclosed']);
  });

  it('gives a LaTeXML heading that heads no section (a theorem) to the next passage, and reads JATS terms, floats and breaks', () => {
    const page = latexml(
      '<article class="ltx_document"><section class="ltx_section"><h2 class="ltx_title">1 Results</h2><div class="ltx_theorem"><h6 class="ltx_title">Theorem 1.</h6><div class="ltx_para"><p>Every anchor is stable.</p></div></div></section></article>',
    );
    assert.deepEqual(lines(page.document), ['s1 :: Theorem 1. Every anchor is stable.']);
    const article = jats(
      '<article xmlns:mml="http://www.w3.org/1998/Math/MathML"><front><article-meta/></front><body><def-list><def-item><term>PMC</term><def><p>PubMed Central</p></def></def-item></def-list><p>line one<break/>line two <mml:math><mml:mi>x</mml:mi><mml:mo>+</mml:mo><mml:mn>1</mml:mn></mml:math></p></body><floats-group><fig><label>Fig. 9</label><caption><p>Late figure.</p></caption></fig></floats-group></article>',
    );
    assert.deepEqual(lines(article.document), ['body :: PMC: PubMed Central', 'body :: line one line two x+1', 'floats :: Fig. 9 Late figure.']);
    assert.equal(article.document.sections.find((section) => section.id === 'floats')?.heading, 'Figures and tables');
  });
});
