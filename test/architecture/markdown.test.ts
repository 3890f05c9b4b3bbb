import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { anchorsOf, linksOf, slugOf } from './markdown.js';

describe('the Markdown reading behind the link check', () => {
  it('finds inline links, images, reference definitions and autolinks, with or without titles', () => {
    const text = [
      'See [the spec](../shared/SPEC.md) and ![a figure](img/a.png "A figure").',
      '[tools]: docs/tools.md#errors',
      'Mail <mailto:someone@example.org> or [here](<docs/a b.md>).',
    ].join('\n');
    assert.deepEqual(linksOf(text), ['../shared/SPEC.md', 'img/a.png', 'docs/a b.md', 'docs/tools.md#errors', 'mailto:someone@example.org']);
  });

  it('ignores links inside fenced code blocks and inline code', () => {
    const text = ['```md', '[not a link](nowhere.md)', '```', 'Inline `[nor this](nowhere.md)` text.', '~~~', '[x](y.md)', '~~~'].join('\n');
    assert.deepEqual(linksOf(text), []);
  });

  it('reports bare http(s) URLs only when asked, and never inside code', () => {
    const text = 'Visit https://example.org/page. Not `https://api.example.org/works?q=1`.';
    assert.deepEqual(linksOf(text), []);
    assert.deepEqual(linksOf(text, { bareUrls: true }), ['https://example.org/page.']);
  });

  it("gives headings GitHub's anchors: lowercase, code marks and punctuation dropped, spaces to hyphens", () => {
    assert.equal(slugOf('1. `qiongli_config_status`'), '1-qiongli_config_status');
    assert.equal(slugOf('Modern era (2026-07-28)'), 'modern-era-2026-07-28');
    assert.equal(slugOf('Give GUI hosts an absolute Node path'), 'give-gui-hosts-an-absolute-node-path');
    assert.equal(slugOf('Providers, requests and the [HTTP policy](x.md)'), 'providers-requests-and-the-http-policy');
  });

  it('numbers repeated headings and skips headings inside code blocks', () => {
    const text = ['# Errors', '## Errors', '```', '# Not a heading', '```', '### Results and errors ###'].join('\n');
    assert.deepEqual([...anchorsOf(text)], ['errors', 'errors-1', 'results-and-errors']);
  });
});
