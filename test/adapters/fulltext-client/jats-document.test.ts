import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fulltextFixture } from '../../support/fulltext-sources.js';
import { jats, lines } from './documents.js';

const wrap = (body: string, back = '') =>
  `<!DOCTYPE article PUBLIC "-//NLM//DTD JATS (Z39.96) Journal Archiving and Interchange DTD v1.3 20210610//EN" "JATS-archivearticle1-3.dtd">
<article xmlns:mml="http://www.w3.org/1998/Math/MathML" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:ali="http://www.niso.org/schemas/ali/1.0/"><front><article-meta>
<article-id pub-id-type="pmcid">PMC0001234</article-id><article-id pub-id-type="doi">10.1000/ABC</article-id>
<permissions><license xlink:href="http://creativecommons.org/licenses/by/4.0/"><license-p>Open.</license-p></license></permissions>
<abstract><sec><title>Background</title><p>Why.</p></sec><sec><title>Results</title><p>What.</p></sec></abstract></article-meta></front>
<body>${body}</body><back>${back}</back></article>`;

describe('JATS articles read with the project XML reader (docs/provider-data.md#8-full-text-documents)', () => {
  it('reads the real Europe PMC article: ids, licence, nested sections, captions and references', () => {
    const { document, metadata } = jats(fulltextFixture('europepmc-fulltext-PMC12311175.xml'));
    assert.deepEqual(metadata.work, { pmcid: 'PMC12311175', pmid: '40739089', doi: '10.1038/s41392-025-02280-1' });
    assert.equal(metadata.licenceUrl, 'https://creativecommons.org/licenses/by/4.0/');
    assert.equal(metadata.hasBody, true);
    assert.deepEqual(
      document.sections.slice(0, 4).map((section) => [section.id, section.heading, section.level]),
      [
        ['abstract', 'Abstract', 1],
        ['s1', 'Introduction', 1],
        ['s2', 'Mechanisms of immune evasion in cancer', 1],
        ['s2.1', 'Tumor-induced immune suppression', 2],
      ],
    );
    const text = lines(document);
    assert.ok(text.some((line) => line.startsWith('s2.1 :: Fig. 1 Mechanisms of immune evasion in cancer.')));
    assert.ok(text.some((line) => line.startsWith('s3.3 :: Table 1 Role of miRNAs in immune evasion in cancer')));
    assert.ok(text.filter((line) => line.startsWith('refs :: ')).length > 400);
    assert.ok(document.blocks.every((block) => block.text.length <= 2000 && block.text === block.text.trim() && !/\s{2}|[<>]\w/u.test(block.text)));
  });

  it('reads an efetch answer inside its articleset envelope and tells a metadata-only answer by its missing body', () => {
    const full = jats(fulltextFixture('pmc-efetch-PMC3258128.xml'));
    assert.equal(full.metadata.hasBody, true);
    assert.equal(full.metadata.licenceUrl, 'http://creativecommons.org/licenses/by-nc/3.0');
    assert.ok(lines(full.document).some((line) => line.startsWith('refs :: 1 Bartel DP MicroRNAs: genomics, biogenesis')));
    const restricted = jats(fulltextFixture('pmc-efetch-metadata-only.xml'));
    assert.deepEqual(restricted.metadata, {
      work: { pmcid: 'PMC12124214', pmid: '39709208', doi: '10.1016/s0140-6736(24)02716-8' },
      hasArticle: true,
      hasBody: false,
      hasBodyText: false,
    });
    assert.deepEqual(restricted.document.blocks, []);
  });

  it("reads the licence from the article's own permissions only, never from a box or a paragraph of its body (issue 29, row 3)", () => {
    const own = `<article xmlns:ali="http://www.niso.org/schemas/ali/1.0/" xmlns:xlink="http://www.w3.org/1999/xlink"><front><article-meta><permissions><license xlink:href="https://creativecommons.org/licenses/by-nc-nd/4.0/"><license-p>CC BY-NC-ND 4.0.</license-p></license></permissions></article-meta></front>`;
    const boxed =
      '<body><boxed-text><caption><p>Box 1</p></caption><permissions><license><ali:license_ref>https://creativecommons.org/licenses/by/4.0/</ali:license_ref></license></permissions><p>Boxed.</p></boxed-text><p>Text.</p></body></article>';
    assert.equal(jats(own + boxed).metadata.licenceUrl, 'https://creativecommons.org/licenses/by-nc-nd/4.0/');
    const inParagraph =
      '<article xmlns:ali="http://www.niso.org/schemas/ali/1.0/"><front><article-meta/></front><body><p>Reuse under <ali:license_ref>https://creativecommons.org/licenses/by/4.0/</ali:license_ref>.</p></body></article>';
    const read = jats(inParagraph);
    assert.equal(read.metadata.licenceUrl, undefined);
    assert.equal(read.metadata.hasBodyText, true);
  });

  it('tells an empty body beside an abstract and references from a body with text (issue 29, row 5)', () => {
    const empty = jats(
      '<article><!--The publisher of this article does not allow downloading of the full text in XML form.--><front><article-meta><abstract><p>Why.</p></abstract></article-meta></front><body/><back><ref-list><ref><mixed-citation>One.</mixed-citation></ref><ref><mixed-citation>Two.</mixed-citation></ref></ref-list></back></article>',
    );
    assert.deepEqual([empty.metadata.hasBody, empty.metadata.hasBodyText, empty.document.blocks.length], [true, false, 3]);
    assert.equal(jats(wrap('<p>Text.</p>')).metadata.hasBodyText, true);
  });

  it('gives a structured abstract its section titles as leads, and a section its label and title', () => {
    const { document, metadata } = jats(wrap('<sec><label>1.</label><title>Methods</title><p>We measured.</p></sec>'));
    assert.deepEqual(metadata.work, { pmcid: 'PMC1234', doi: '10.1000/abc' });
    assert.deepEqual(lines(document), ['abstract :: Background: Why.', 'abstract :: Results: What.', 's1 :: We measured.']);
    assert.equal(document.sections[1]!.heading, '1. Methods');
  });

  it('writes formulas as their tex-math, else the first alternative, else the MathML alttext', () => {
    const { document } = jats(
      wrap(
        '<p>Energy <inline-formula><tex-math>\\documentclass[12pt]{minimal}\\begin{document}$$E=mc^2$$\\end{document}</tex-math></inline-formula> holds.</p>' +
          '<disp-formula id="e1"><label>(1)</label><alternatives><tex-math>a^2+b^2=c^2</tex-math><mml:math alttext="unused"><mml:mi>x</mml:mi></mml:math><graphic xlink:href="e1.gif"/></alternatives></disp-formula>' +
          '<disp-formula><mml:math alttext="\\sum_i x_i"><mml:mi>ignored</mml:mi></mml:math></disp-formula>',
      ),
    );
    assert.deepEqual(lines(document).slice(2), ['body :: Energy E=mc^2 holds.', 'body :: (1) a^2+b^2=c^2', 'body :: \\sum_i x_i']);
  });

  it('keeps figures and tables as label and caption, footnotes after their paragraph, and leaves tables, graphics and peer reviews out', () => {
    const { document } = jats(
      wrap(
        '<sec><title>Results</title><p>See the figure<fn id="f1"><p>A footnote.</p></fn> now.</p>' +
          '<fig id="F1"><label>Figure 1</label><caption><title>Cells.</title><p>Grown in <italic>vitro</italic>.</p></caption><graphic xlink:href="f1.jpg"/></fig>' +
          '<table-wrap><label>Table 1</label><caption><p>Counts.</p></caption><table><tr><td>cell text</td></tr></table><table-wrap-foot><p>foot text</p></table-wrap-foot></table-wrap></sec>',
        '<ack><p>Thanks.</p></ack><ref-list><title>References</title><ref id="r1"><label>1</label><element-citation><person-group><name><surname>Doe</surname><given-names>J</given-names></name></person-group><article-title>A study</article-title><source>Nature</source><year>2020</year></element-citation></ref></ref-list>' +
          '</back><sub-article><body><p>Peer review text.</p></body></sub-article><back>',
      ),
    );
    assert.deepEqual(lines(document).slice(2), [
      's1 :: See the figure now.',
      's1 :: A footnote.',
      's1 :: Figure 1 Cells. Grown in vitro.',
      's1 :: Table 1 Counts.',
      's2 :: Thanks.',
      'refs :: 1 Doe J A study Nature 2020',
    ]);
    assert.equal(document.sections.find((section) => section.id === 's2')?.heading, 'Acknowledgements');
  });

  it('refuses a document type with an internal subset (where entities are declared) and undeclared entities', () => {
    assert.throws(() => jats('<!DOCTYPE article [<!ENTITY a "aaaaaaaaaa">]><article><body><p>&a;</p></body></article>'), { name: 'XmlReadError' });
    assert.throws(() => jats('<!DOCTYPE article PUBLIC "x" "y"><article><body><p>&nbsp;</p></body></article>'), { name: 'XmlReadError' });
    assert.throws(() => jats('<!DOCTYPE a PUBLIC "x" "y"><!DOCTYPE b PUBLIC "x" "y"><article/>'), { name: 'XmlReadError' });
  });
});
