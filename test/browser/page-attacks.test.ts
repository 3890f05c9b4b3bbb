import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext } from 'playwright-core';
import { FakeSetupBackend } from '../fakes/setup-backend.fake.js';
import { openPage } from '../adapters/setup-page/page-support.js';
import { launchChromium } from './chromium.js';
import { otherOrigin } from './other-origin.js';

describe('attacks on the setup page from a real browser (docs/setup-page.md#who-can-use-the-page)', { timeout: 120_000 }, () => {
  let browser: { context: BrowserContext; close: () => Promise<void> };
  before(async () => {
    browser = await launchChromium();
  });
  after(() => browser?.close());

  it('refuses a form that a page on another loopback origin posts to it, though the browser sends the session cookie (same site)', async () => {
    const backend = new FakeSetupBackend();
    const setup = await openPage({ provider: 'pubmed' }, backend);
    const victim = await browser.context.newPage();
    await victim.goto(setup.page.url);
    const formToken = await victim.inputValue('input[name=form_token]');
    // Even a form that somehow knows the form token and the session address is refused: its Origin is not the page's.
    const attacker = await otherOrigin(
      `<!doctype html><form method="post" action="${victim.url()}save"><input name="form_token" value="${formToken}"><input name="revision" value="none"><input name="pubmed.shown" value="on"><input name="pubmed.api_key" value="attacker-key"><button id="go">go</button></form>`,
    );
    try {
      const page = await browser.context.newPage();
      await page.goto(attacker.url);
      const [response] = await Promise.all([page.waitForResponse((candidate) => candidate.url().endsWith('/save')), page.click('#go')]);
      assert.equal(response.status(), 403);
      assert.ok((await response.request().headerValue('cookie'))?.includes(`setup_session_${setup.port}=`), 'SameSite=Strict alone would have let it through');
      assert.equal(await response.request().headerValue('origin'), attacker.url.slice(0, -1));
      assert.deepEqual(backend.forms, []);
      await page.close();
    } finally {
      await victim.close();
      await attacker.close();
      await setup.close();
    }
  });

  it("does not render inside a frame of another origin (frame-ancestors 'none')", async () => {
    const setup = await openPage({ provider: 'crossref' });
    const victim = await browser.context.newPage();
    await victim.goto(setup.page.url);
    const attacker = await otherOrigin(`<!doctype html><h1>attacker</h1><iframe id="f" src="${victim.url()}" width="600" height="400"></iframe>`);
    try {
      const page = await browser.context.newPage();
      const framed = page.waitForResponse((candidate) => candidate.url() === victim.url());
      await page.goto(attacker.url);
      const response = await framed;
      assert.equal(response.status(), 200, 'the page answered (the cookie went along) ...');
      await page.waitForTimeout(300);
      const child = page.frames().find((frame) => frame !== page.mainFrame());
      const content = child === undefined ? '' : await child.content().catch(() => '');
      assert.ok(!content.includes('Set up Crossref'), '... but the browser did not render it in the frame');
      assert.ok(!content.includes('form_token'));
      await page.close();
    } finally {
      await victim.close();
      await attacker.close();
      await setup.close();
    }
  });

  it("sends the page's own Origin on its own form (Referrer-Policy same-origin, not no-referrer), so the person's save goes through", async () => {
    const backend = new FakeSetupBackend();
    const setup = await openPage({ provider: 'crossref' }, backend);
    const page = await browser.context.newPage();
    try {
      await page.goto(setup.page.url);
      await page.fill('#crossref-email', 'me@example.org');
      const [response] = await Promise.all([page.waitForResponse((candidate) => candidate.url().endsWith('/save')), page.click('button[type=submit]')]);
      assert.equal(await response.request().headerValue('origin'), `http://127.0.0.1:${setup.port}`);
      assert.equal(response.status(), 200);
      assert.deepEqual(backend.forms, [
        { revision: null, providers: { crossref: { shown: { enabled: true, keySet: false }, enabled: true, email: 'me@example.org' } } },
      ]);
    } finally {
      await page.close();
      await setup.close();
    }
  });

  it('lets a second browser that reuses the link in nothing: the token works once', async () => {
    const setup = await openPage();
    const first = await browser.context.newPage();
    const other = await launchChromium();
    try {
      await first.goto(setup.page.url);
      assert.match((await first.textContent('h1')) ?? '', /Set up your literature providers/);
      const second = await other.context.newPage();
      const response = await second.goto(setup.page.url);
      assert.equal(response?.status(), 403);
      assert.match((await second.textContent('h1')) ?? '', /This link cannot be used/);
    } finally {
      await first.close();
      await other.close();
      await setup.close();
    }
  });
});
