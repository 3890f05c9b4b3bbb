import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bibtexLink, escapeBibtex } from '../../../src/domain/zotero-export/bibtex.js';
import { arxivPreprint, exportFile, journalArticle } from './zotero-harness.js';

describe('bibliography.bib (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
  it('writes a journal article as @article with title, author, year, journal, doi and url (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    assert.equal(
      exportFile([journalArticle], 'bibliography.bib'),
      [
        '@article{zhou2020,',
        '  title = {Graph neural networks: a review},',
        '  author = {Zhou, Jie and Cui, Ganqu},',
        '  year = {2020},',
        '  journal = {AI Open},',
        '  doi = {10.1016/j.aiopen.2021.01.001},',
        '  url = {https://doi.org/10.1016/j.aiopen.2021.01.001}',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('writes an arXiv preprint as @misc with eprinttype arxiv and its eprint id (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    assert.equal(
      exportFile([arxivPreprint], 'bibliography.bib'),
      [
        '@misc{vaswani2017,',
        '  title = {Attention is all you need},',
        '  author = {Vaswani, Ashish and {Google Brain}},',
        '  year = {2017},',
        '  url = {https://arxiv.org/abs/1706.03762},',
        '  eprinttype = {arxiv},',
        '  eprint = {1706.03762}',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('writes a preprint without an arXiv id as @misc without eprint fields, its venue as howpublished', () => {
    const text = exportFile([{ title: 'A preprint', venue: 'bioRxiv', record_type: 'preprint' }], 'bibliography.bib');
    assert.match(text, /^@misc\{/);
    assert.match(text, /howpublished = \{bioRxiv\}/);
    assert.doesNotMatch(text, /eprint(type)? =|journal =/);
  });

  it('keeps an arXiv id on a published article out of eprint (only preprints are @misc)', () => {
    const text = exportFile([{ ...arxivPreprint, record_type: 'article', venue: 'NeurIPS' }], 'bibliography.bib');
    assert.match(text, /^@article\{/);
    assert.doesNotMatch(text, /eprint/);
  });

  it('braces organisations and lone family names and protects name parts holding "and" or a comma (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const text = exportFile(
      [
        {
          title: 't',
          authors: [{ literal: 'Smith and Jones Ltd' }, { family: 'van der Berg' }, { family: 'Doe, Jr.', given: 'John' }, { family: 'Sand', given: 'Anders' }],
        },
      ],
      'bibliography.bib',
    );
    assert.match(text, /author = \{\{Smith and Jones Ltd\} and \{van der Berg\} and \{Doe, Jr\.\}, John and Sand, Anders\}/);
  });

  it('escapes \\ { } # % & _ $ ^ ~ in text values after folding, braces balanced for BibTeX with \\vphantom (issue 19) (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    assert.equal(escapeBibtex('a\\b{c}d#e%f&g_h$i^j~k'), 'a\\textbackslash{}b\\{\\vphantom{\\}}c\\vphantom{\\{}\\}d\\#e\\%f\\&g\\_h\\$i\\^{}j\\~{}k');
    const text = exportFile([{ title: '50% of {R&D}\n_costs', venue: 'J. $Money$ ~ ^' }], 'bibliography.bib');
    assert.ok(text.includes('title = {50\\% of \\{\\vphantom{\\}}R\\&D\\vphantom{\\{}\\} \\_costs},'), text);
    assert.match(text, /journal = \{J\. \\\$Money\\\$ \\~\{\} \\\^\{\}\}\n\}/);
  });

  it('does not LaTeX-escape doi and url but percent-encodes braces, backslashes and spaces there (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    assert.equal(bibtexLink('https://x.org/a_b%20c{d}\\e f&g$h'), 'https://x.org/a_b%20c%7Bd%7D%5Ce%20f&g%24h');
    const text = exportFile([{ title: 't', doi: '10.1/a_b}', url: 'https://x.org/?q=a_b&c={d}' }], 'bibliography.bib');
    assert.match(text, /doi = \{10\.1\/a_b%7D\},/);
    assert.match(text, /url = \{https:\/\/x\.org\/\?q=a_b&c=%7Bd%7D\}/);
  });

  it('separates entries with one blank line (docs/tools.md#10-qiongli_zotero_export_import_files)', () => {
    const text = exportFile([journalArticle, arxivPreprint], 'bibliography.bib');
    assert.equal(text.split('\n\n').length, 2);
    assert.match(text, /\n}\n\n@misc\{/);
  });
});
