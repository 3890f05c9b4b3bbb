import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseForm } from '../../../src/adapters/setup-page/form-body.js';
import { setupFormOf } from '../../../src/adapters/setup-page/setup-form.js';
import { escapeHtml } from '../../../src/adapters/setup-page/page-html.js';

const fields = (body: string) => {
  const parsed = parseForm(body);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
};

describe('reading the submitted form (docs/setup-page.md)', () => {
  it('reads checkboxes by presence, trims emails and keys, keeps the key when its field is empty', () => {
    const form = setupFormOf(
      fields(
        'form_token=t&openalex.shown=1&openalex.enabled=on&openalex.email=+me%40example.org+&openalex.api_key=&arxiv.shown=1&pubmed.shown=1&pubmed.api_key=%20K%20',
      ),
      ['openalex', 'pubmed', 'arxiv'],
    );
    assert.deepEqual(form, { openalex: { enabled: true, email: 'me@example.org' }, pubmed: { enabled: false, apiKey: 'K' }, arxiv: { enabled: false } });
  });

  it('asks to remove a key only when no new key is typed', () => {
    assert.deepEqual(setupFormOf(fields('pubmed.shown=1&pubmed.remove_key=on'), ['pubmed']), { pubmed: { enabled: false, removeKey: true } });
    assert.deepEqual(setupFormOf(fields('pubmed.shown=1&pubmed.remove_key=on&pubmed.api_key=NEW'), ['pubmed']), { pubmed: { enabled: false, apiKey: 'NEW' } });
  });

  it('leaves out providers whose fieldset was not submitted', () => {
    assert.deepEqual(setupFormOf(fields('form_token=t&crossref.shown=1'), ['openalex', 'crossref']), { crossref: { enabled: false } });
  });

  it('refuses unknown names, fields of providers not on the page, and fields without their fieldset', () => {
    for (const body of ['x=1', 'pubmed.shown=1', 'crossref.enabled=on', 'crossref.shown=1&crossref.api_key=k', 'arxiv.shown=1&arxiv.email=a']) {
      assert.equal(setupFormOf(fields(body), ['crossref', 'arxiv']), undefined, body);
    }
  });

  it('refuses a repeated name and a value over 4 KiB', () => {
    assert.equal(parseForm('a=1&a=2'), 'malformed');
    assert.equal(parseForm(`a=${'x'.repeat(4097)}`), 'too-large');
    assert.equal(parseForm(`a=${'é'.repeat(2049)}`), 'too-large', 'bytes, not characters');
    assert.ok(typeof parseForm(`a=${'x'.repeat(4096)}`) !== 'string');
  });

  it('escapes everything it writes into HTML', () => {
    assert.equal(escapeHtml(`<a href="x" onclick='y'>&</a>`), '&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
  });
});
