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
  it('reads checkboxes by presence, trims emails and keys, keeps the key when its field is empty, and what the page showed', () => {
    const form = setupFormOf(
      fields(
        'form_token=t&revision=4&openalex.shown=on,key&openalex.shown_email=old%40example.org&openalex.enabled=on&openalex.email=+me%40example.org+&openalex.api_key=&arxiv.shown=off&pubmed.shown=on&pubmed.api_key=%20K%20',
      ),
      ['openalex', 'pubmed', 'arxiv'],
      false,
    );
    assert.deepEqual(form, {
      revision: 4,
      providers: {
        openalex: { shown: { enabled: true, email: 'old@example.org', keySet: true }, enabled: true, email: 'me@example.org' },
        pubmed: { shown: { enabled: true, keySet: false }, enabled: false, apiKey: 'K' },
        arxiv: { shown: { enabled: false, keySet: false }, enabled: false },
      },
    });
  });

  it('asks to remove a key only when no new key is typed', () => {
    const shown = { enabled: true, keySet: true };
    assert.deepEqual(setupFormOf(fields('revision=none&pubmed.shown=on,key&pubmed.remove_key=on'), ['pubmed'], false)?.providers.pubmed, {
      shown,
      enabled: false,
      removeKey: true,
    });
    assert.deepEqual(setupFormOf(fields('revision=none&pubmed.shown=on,key&pubmed.remove_key=on&pubmed.api_key=NEW'), ['pubmed'], false)?.providers.pubmed, {
      shown,
      enabled: false,
      apiKey: 'NEW',
    });
  });

  it('leaves out providers whose fieldset was not submitted; reads the Zotero switch where the page has it', () => {
    assert.deepEqual(setupFormOf(fields('form_token=t&revision=0&crossref.shown=off&crossref.shown_email='), ['openalex', 'crossref'], false), {
      revision: 0,
      providers: { crossref: { shown: { enabled: false, keySet: false }, enabled: false } },
    });
    assert.deepEqual(setupFormOf(fields('revision=2&zotero.shown=off&zotero.enabled=on'), ['arxiv'], true), {
      revision: 2,
      providers: {},
      zotero: { shown: false, enabled: true },
    });
  });

  it('refuses unknown names, fields of providers not on the page, fields without their fieldset, and shown values the page never writes', () => {
    const bodies = [
      'revision=1&x=1',
      'pubmed.shown=on',
      'revision=1&pubmed.shown=on',
      'revision=1&crossref.enabled=on',
      'revision=1&crossref.shown=on&crossref.shown_email=&crossref.api_key=k',
      'revision=1&arxiv.shown=on&arxiv.email=a',
      'revision=1&arxiv.shown=1',
      'revision=1&arxiv.shown=on,key',
      'revision=1&crossref.shown=on',
      'revision=-1&arxiv.shown=on',
      'revision=1&zotero.shown=on',
      'revision=1&zotero.enabled=on',
    ];
    for (const body of bodies) assert.equal(setupFormOf(fields(body), ['crossref', 'arxiv'], false), undefined, body);
    assert.equal(setupFormOf(fields('revision=1&zotero.shown=yes'), ['arxiv'], true), undefined);
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
