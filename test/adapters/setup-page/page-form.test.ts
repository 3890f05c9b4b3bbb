import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FORM_LIMITS } from '../../../src/adapters/setup-page/index.js';
import { FakeSetupBackend } from '../../fakes/setup-backend.fake.js';
import { rawExchange } from '../../support/raw-http.js';
import { answered, openPage, pageForm, postForm, request, signedIn, TEST_TIMINGS } from './page-support.js';

const KEY = 'S2-KEY-0123456789abcdef';
const form = pageForm;

describe('saving on the setup page (docs/setup-page.md)', () => {
  it('passes a submitted form to the backend, shows a result per field without any value, and closes the page', async () => {
    const { port, session, cookie, home, formToken, backend, page } = await signedIn({ provider: 'semantic_scholar' });
    const answer = answered(
      await postForm(
        port,
        session,
        form(formToken, { 'semantic_scholar.shown': 'on', 'semantic_scholar.enabled': 'on', 'semantic_scholar.api_key': ` ${KEY} ` }),
      ),
    );
    assert.equal(answer.status, 200);
    assert.match(answer.body, /Settings saved/);
    assert.match(answer.body, /Semantic Scholar, API key: saved/);
    assert.ok(!answer.body.includes(KEY));
    assert.deepEqual(backend.forms, [
      { revision: null, providers: { semantic_scholar: { shown: { enabled: true, keySet: false }, enabled: true, apiKey: KEY } } },
    ]);
    assert.equal(await page.saved, true);
    assert.equal(await request(port, 'GET', home, { Cookie: cookie }), 'refused', 'the page closed after the save');
  });

  it('refuses a second save (the page is closed)', async () => {
    const { port, session, formToken, backend } = await signedIn({ provider: 'crossref' });
    const body = form(formToken, { 'crossref.shown': 'on', 'crossref.shown_email': '', 'crossref.email': 'a@example.org' });
    assert.equal(answered(await postForm(port, session, body)).status, 200);
    assert.equal(await postForm(port, session, body), 'refused');
    assert.equal(backend.forms.length, 1);
  });

  it('keeps the page open with the results and the form when a field could not be saved, never echoing what was typed', async () => {
    const backend = new FakeSetupBackend({ credentialStore: 'unavailable' }).failWith('credential-store-unavailable');
    const { port, session, cookie, home, formToken, page, close } = await signedIn({}, backend);
    try {
      const body = form(formToken, { 'openalex.shown': 'on', 'openalex.shown_email': '', 'openalex.api_key': KEY, 'openalex.email': 'typed@example.org' });
      const answer = answered(await postForm(port, session, body));
      assert.equal(answer.status, 200);
      assert.match(answer.body, /Not everything was saved/);
      assert.match(answer.body, /no credential store can be reached/);
      assert.ok(answer.body.includes(`<form method="post" action="${home}save">`));
      assert.ok(!answer.body.includes(KEY) && !answer.body.includes('typed@example.org'));
      assert.equal(answered(await request(port, 'GET', home, { Cookie: cookie })).status, 200, 'still open');
      assert.equal(answered(await postForm(port, session, body)).status, 200, 'and it takes another save');
      assert.equal(backend.forms.length, 2);
      assert.equal(await Promise.race([page.saved, Promise.resolve('pending')]), 'pending');
    } finally {
      await close();
    }
  });

  it('refuses a POST from another origin, with Origin null, or without Origin — nothing reaches the backend', async () => {
    const { port, session, formToken, backend, close } = await signedIn();
    try {
      const body = form(formToken, { 'arxiv.shown': 'on' });
      for (const origin of [`http://127.0.0.1:${port + 1}`, `http://localhost:${port}`, 'null', 'http://attacker.example', `https://127.0.0.1:${port}`, '']) {
        const answer = answered(await postForm(port, session, body, { Origin: origin }));
        assert.equal(answer.status, 403, origin || 'no Origin');
      }
      assert.deepEqual(backend.forms, []);
    } finally {
      await close();
    }
  });

  it('refuses a POST without the session cookie, or with a missing or wrong form token (CSRF)', async () => {
    const { port, session, home, formToken, backend, close } = await signedIn();
    try {
      assert.equal(answered(await postForm(port, { cookie: '', home }, form(formToken, { 'arxiv.shown': 'on' }))).status, 403);
      assert.equal(answered(await postForm(port, session, new URLSearchParams({ revision: 'none', 'arxiv.shown': 'on' }).toString())).status, 400);
      assert.equal(answered(await postForm(port, session, form('A'.repeat(43), { 'arxiv.shown': 'on' }))).status, 400);
      assert.deepEqual(backend.forms, []);
    } finally {
      await close();
    }
  });

  it('refuses what this page did not send: another body type, an unknown or repeated field, a provider not on the page', async () => {
    const { port, session, formToken, backend, close } = await signedIn({ provider: 'crossref' });
    try {
      const bodies: [string, Record<string, string>?][] = [
        [JSON.stringify({ form_token: formToken }), { 'Content-Type': 'application/json' }],
        [form(formToken, { 'crossref.shown': 'on', 'crossref.shown_email': '', 'crossref.unknown': 'x' })],
        [`${form(formToken, { 'crossref.shown': 'on', 'crossref.shown_email': '' })}&crossref.email=a&crossref.email=b`],
        [form(formToken, { 'pubmed.shown': 'on' })],
        [form(formToken, { 'crossref.email': 'a@example.org' })],
        [form(formToken, { 'crossref.shown': 'on', 'crossref.shown_email': '', 'crossref.api_key': 'k' })],
      ];
      for (const [body, headers] of bodies) assert.equal(answered(await postForm(port, session, body, headers)).status, 400, body);
      assert.deepEqual(backend.forms, []);
    } finally {
      await close();
    }
  });

  it(`refuses a body over ${FORM_LIMITS.maxBodyBytes / 1024} KiB (declared or streamed) and a value over ${FORM_LIMITS.maxValueBytes / 1024} KiB`, async () => {
    const { port, session, cookie, home, formToken, backend, close } = await signedIn();
    try {
      const big = form(formToken, { 'openalex.shown': 'on', 'openalex.shown_email': '', 'openalex.email': 'x'.repeat(17 * 1024) });
      assert.equal(answered(await postForm(port, session, big)).status, 413);
      const head = `POST ${home}save HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`;
      const chunk = 'a'.repeat(4096);
      const chunks = Array.from({ length: 5 }, () => `${(4096).toString(16)}\r\n${chunk}\r\n`);
      assert.equal(answered(await rawExchange(port, [head, ...chunks, '0\r\n\r\n'])).status, 413);
      const longValue = form(formToken, { 'openalex.shown': 'on', 'openalex.shown_email': '', 'openalex.api_key': 'k'.repeat(5 * 1024) });
      assert.ok(Buffer.byteLength(longValue) < FORM_LIMITS.maxBodyBytes);
      assert.equal(answered(await postForm(port, session, longValue)).status, 413);
      assert.deepEqual(backend.forms, []);
    } finally {
      await close();
    }
  });

  it('times out a client that sends its body too slowly, and one that never finishes its headers', async () => {
    const { port, cookie, home, formToken, backend, close } = await signedIn();
    try {
      const body = form(formToken, { 'arxiv.shown': 'on' });
      const head = `POST ${home}save HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`;
      // A body finished after the pause would be answered 200 (or 400): 408 means it was cut first.
      const slow = await rawExchange(port, [head, body.slice(0, 5), { pauseMs: 3_000 }, body.slice(5)], 5_000);
      assert.equal(answered(slow).status, 408);
      const stalled = await rawExchange(port, [`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`, { pauseMs: 3_000 }], 5_000);
      assert.ok(stalled === 'refused' || stalled.status === 408 || stalled.status === 0, 'headers timed out');
      assert.deepEqual(backend.forms, []);
    } finally {
      await close();
    }
  });

  it('closes by itself at the end of its life: the address refuses connections and saved settles false', async () => {
    const { port, page } = await openPage({}, new FakeSetupBackend(), { ...TEST_TIMINGS, lifetimeMs: 150 });
    assert.equal(await page.saved, false);
    assert.equal(await request(port, 'GET', '/'), 'refused');
  });

  it('shows each provider with what a key brings, where a free one is obtained, and whether a key is set — never the key', async () => {
    const backend = new FakeSetupBackend({
      providers: { openalex: { enabled: true, keySet: true, email: '<b>me</b>@example.org' }, pubmed: { enabled: false, keySet: false } },
    });
    const { port, cookie, home, close } = await signedIn({}, backend);
    try {
      const html = answered(await request(port, 'GET', home, { Cookie: cookie })).body;
      for (const name of ['OpenAlex', 'Semantic Scholar', 'Crossref', 'PubMed', 'arXiv']) assert.ok(html.includes(`<legend>${name}</legend>`), name);
      assert.ok(html.includes('https://openalex.org/settings/api') && html.includes('https://account.ncbi.nlm.nih.gov/settings/'));
      assert.match(html, /id="openalex-enabled" checked/);
      assert.match(html, /id="pubmed-enabled">/);
      assert.match(html, /Key: <span class="set">set<\/span> \(not shown\)/);
      assert.match(html, /name="openalex.remove_key"/);
      assert.ok(html.includes('value="&#60;b&#62;me&#60;/b&#62;@example.org"'), 'stored values are escaped');
      assert.match(html, /type="password" name="semantic_scholar.api_key"/);
      assert.ok(!/<script/i.test(html), 'no script');
      assert.match(html, /credential store/);
    } finally {
      await close();
    }
  });

  it('says plainly when no credential store can be reached, and when the settings file cannot be used', async () => {
    const backend = new FakeSetupBackend({ credentialStore: 'unavailable', settings: 'unavailable' });
    const { port, cookie, home, close } = await signedIn({ provider: 'pubmed' }, backend);
    try {
      const html = answered(await request(port, 'GET', home, { Cookie: cookie })).body;
      assert.match(html, /No credential store .* can be reached on this computer, so API keys cannot be saved here/);
      assert.match(html, /The settings file cannot be used/);
      assert.match(html, /<h1>Set up PubMed<\/h1>/);
      assert.ok(!html.includes('<legend>OpenAlex</legend>'), 'only the provider asked for');
    } finally {
      await close();
    }
  });
});
