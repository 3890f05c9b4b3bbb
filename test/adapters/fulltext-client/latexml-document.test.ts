import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fulltextFixture } from '../../support/fulltext-sources.js';
import { latexml, lines } from './documents.js';

const PAGE = fulltextFixture('arxiv-html-2609.04321v1.html');

describe('arXiv HTML papers read with htmlparser2 (docs/provider-data.md#8-full-text-documents)', () => {
  const { document, reading } = latexml(PAGE);

  it('finds the sections with their headings and levels, the abstract and the references', () => {
    assert.deepEqual(
      document.sections.map((section) => [section.id, section.heading, section.level]),
      [
        ['abstract', 'Abstract', 1],
        ['s1', '1 Introduction', 1],
        ['s2', '2 Anchors', 1],
        ['s2.1', '2.1 Collisions', 2],
        ['s3', '3 Conclusion', 1],
        ['refs', 'References', 1],
      ],
    );
    assert.equal(reading.found, true);
    assert.equal(reading.failedConversion, false);
    assert.match(reading.licenceLine, /License: CC BY 4\.0/);
  });

  it('gives paragraphs, list items, footnotes after their paragraph, equations by their alttext, captions and references as passages', () => {
    assert.deepEqual(lines(document), [
      'abstract :: We propose stable passage anchors for open-access papers. An anchor names a section, a position and a hash of the text, so that a claim can cite the paragraph that supports it & be checked again later; a reader at n characters per page never splits one.',
      's1 :: Research assistants quote papers they have only seen as abstracts. Checking a sentence against its source needs the source’s own words, and an address for them that survives the next reading [1, 2].',
      's1 :: 1 Open access here means a licence that allows reading the text in full, such as CC BY.',
      's1 :: Page numbers move between versions and formats. Paragraph anchors do not have to: the text itself fixes them.',
      's1 :: Anchors are stable for the same document.',
      's1 :: An edited paragraph gets a new anchor.',
      's2 :: An anchor hashes the clean text of a passage with SHA-256 and keeps the first k=8 hexadecimal digits.',
      's2.1 :: Two different texts at the same place share an anchor with probability',
      's2.1 :: P=2^{-32}\\approx 2.3\\times 10^{-10}, (1)',
      's2.1 :: which is small beside the chance that a paragraph is edited.',
      's2.1 :: Figure 1: Anchors of one paragraph across three versions of a paper: the anchor changes only where the text does.',
      's2.1 :: Table 1: Passages per paper in the test set.',
      's3 :: Citing the paragraph makes a claim checkable; the hash makes a change visible.',
      'refs :: [1] A. Author and B. Author. Reading papers with machines. Journal of Examples, 12(3):45–67, 2024.',
      'refs :: [2] C. Writer. Quotations that check themselves. In Proceedings of the Example Conference, pages 1–9, 2025.',
    ]);
  });

  it('keeps page furniture, scripts, styles, MathML, image alternatives and table cells out of the text', () => {
    const text = lines(document).join('\n');
    for (const absent of [
      'Report GitHub Issue',
      'Back to abstract',
      'never text',
      'not text',
      'Refer to caption',
      'cells are not captions',
      'LaTeXML',
      'Lucia Ortega',
      '<',
      'arxiv.org',
    ])
      assert.ok(!text.includes(absent), absent);
  });

  it('finds no document on a page without LaTeXML content, and flags a failed conversion', () => {
    assert.equal(latexml('<html><body><p>No HTML is available for this paper.</p></body></html>').reading.found, false);
    const failed = latexml(
      PAGE.replace(
        '<div class="ltx_page_content">',
        '<div class="ltx_page_content"><span class="ltx_ERROR">Conversion to HTML had a Fatal error and exited abruptly.</span>',
      ),
    );
    assert.equal(failed.reading.failedConversion, true);
  });

  it('stops at once on nesting deeper than 256 elements', () => {
    assert.throws(() => latexml(`<article class="ltx_document">${'<div>'.repeat(300)}<p>x</p></article>`), { name: 'XmlReadError' });
    assert.doesNotThrow(() => latexml(`<article class="ltx_document">${'<div>'.repeat(200)}<p>x</p></article>`));
  });

  it('decodes entities, collapses whitespace and drops control characters', () => {
    const { document: small } = latexml('<article class="ltx_document"><p>a&amp;b&nbsp;&lt;c&gt; &#x1F600;\u0007\n\t d</p></article>');
    assert.deepEqual(lines(small), ['body :: a&b <c> 😀 d']);
  });
});
