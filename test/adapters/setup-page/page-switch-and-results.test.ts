import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { closingTime } from '../../../src/domain/provider-setup/closing-time.js';
import { savedPage } from '../../../src/adapters/setup-page/page-html.js';
import { FakeSetupBackend } from '../../fakes/setup-backend.fake.js';
import { answered, pageForm, postForm, request, signedIn } from './page-support.js';

describe('the Zotero switch on the setup page (issue 28, item 2)', () => {
  it('shows "Deliver to my Zotero desktop", off by default, explained in one sentence, on the page for all providers', async () => {
    const { port, cookie, home, close } = await signedIn();
    try {
      const html = answered(await request(port, 'GET', home, { Cookie: cookie })).body;
      assert.match(html, /<legend>Zotero<\/legend><input type="hidden" name="zotero.shown" value="off">/);
      assert.match(html, /<input type="checkbox" name="zotero.enabled" id="zotero-enabled"> Deliver to my Zotero desktop<\/label>/);
      assert.match(
        html,
        /<p class="hint">When on, your assistant may save the papers you ask for straight into the Zotero program running on this computer[^<.]*; when off, it cannot\.<\/p>/,
      );
    } finally {
      await close();
    }
  });

  it('passes the switch to the backend with what the page showed; a page for one provider has no switch', async () => {
    const backend = new FakeSetupBackend({ revision: 3 });
    const { port, session, formToken, close } = await signedIn({}, backend);
    try {
      const body = pageForm(formToken, { 'arxiv.shown': 'on', 'arxiv.enabled': 'on', 'zotero.shown': 'off', 'zotero.enabled': 'on' }, '3');
      assert.equal(answered(await postForm(port, session, body)).status, 200);
      assert.deepEqual(backend.forms[0]?.zotero, { shown: false, enabled: true });
      assert.equal(backend.forms[0]?.revision, 3);
    } finally {
      await close();
    }
    const single = await signedIn({ provider: 'crossref' });
    try {
      assert.ok(!answered(await request(single.port, 'GET', single.home, { Cookie: single.cookie })).body.includes('zotero'));
      const body = pageForm(single.formToken, { 'crossref.shown': 'on', 'crossref.shown_email': '', 'zotero.shown': 'off' });
      assert.equal(answered(await postForm(single.port, single.session, body)).status, 400);
    } finally {
      await single.close();
    }
  });
});

describe('what the page tells after a save, and when it closes (issue 25, row 10)', () => {
  it('lists only what changed, and says so when nothing needed to change', () => {
    const saved = savedPage([
      { provider: 'openalex', field: 'enabled', outcome: 'unchanged' },
      { provider: 'openalex', field: 'email', outcome: 'saved' },
      { provider: 'openalex', field: 'api_key', outcome: 'unchanged' },
      { provider: 'pubmed', field: 'api_key', outcome: 'removed' },
      { provider: 'zotero', field: 'enabled', outcome: 'saved' },
    ]);
    assert.deepEqual(
      [...saved.matchAll(/<li>([^<]*)<\/li>/g)].map((match) => match[1]),
      ['OpenAlex, contact email: saved', 'PubMed, API key: removed', 'Zotero, deliver to my Zotero desktop: saved'],
    );
    assert.ok(!saved.includes('unchanged'));
    const nothing = savedPage([{ provider: 'arxiv', field: 'enabled', outcome: 'unchanged' }]);
    assert.match(nothing, /Nothing needed to change\./);
    assert.ok(!nothing.includes('<li>'));
  });

  it("gives the closing time in this computer's local time and in UTC", () => {
    const at = Date.UTC(2026, 11, 6, 14, 5);
    const shown = closingTime(at);
    assert.match(shown, /14:05 UTC/);
    const zone = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
    if (zone === 'UTC' || zone === 'GMT') assert.equal(shown, '14:05 UTC');
    else assert.match(shown, /^\d\d:\d\d \S+ \(14:05 UTC\)$/);
    const kept = process.env.TZ;
    try {
      process.env.TZ = 'Europe/Berlin';
      assert.equal(closingTime(at), '15:05 CET (14:05 UTC)');
      process.env.TZ = 'UTC';
      assert.equal(closingTime(at), '14:05 UTC');
    } finally {
      if (kept === undefined) delete process.env.TZ;
      else process.env.TZ = kept;
    }
  });

  it('says what OpenAlex does with a contact email, and disables the key field (saying why) when no credential store is reachable', async () => {
    const { port, cookie, home, close } = await signedIn({}, new FakeSetupBackend({ credentialStore: 'unavailable' }));
    try {
      const html = answered(await request(port, 'GET', home, { Cookie: cookie })).body;
      assert.match(html, /OpenAlex no longer reads a contact email: one set here is kept with your settings but never sent/);
      for (const id of ['openalex', 'semantic_scholar', 'pubmed'])
        assert.match(html, new RegExp(`id="${id}-key" autocomplete="new-password" spellcheck="false" disabled>`));
      assert.match(html, /No credential store can be reached on this computer, so a key cannot be saved here/);
    } finally {
      await close();
    }
  });
});
