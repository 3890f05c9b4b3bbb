import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext } from 'playwright-core';
import { FakeSetupBackend } from '../fakes/setup-backend.fake.js';
import { answered, openPage, request } from '../adapters/setup-page/page-support.js';
import { launchChromium } from './chromium.js';
import { otherOrigin } from './other-origin.js';

describe('the setup page cookie unlocks nothing on its own (issue 24, row 3; SPEC §10)', { timeout: 120_000 }, () => {
  let browser: { context: BrowserContext; close: () => Promise<void> };
  before(async () => {
    browser = await launchChromium();
  });
  after(() => browser?.close());

  it('another loopback port the browser visits gets no session cookie, no path secret, and a replayed cookie opens and saves nothing', async () => {
    const backend = new FakeSetupBackend();
    const setup = await openPage({}, backend);
    const person = await browser.context.newPage();
    const notebook = await otherOrigin('<!doctype html><h1>notebook</h1><img id="pixel" src="/pixel.png">');
    try {
      await person.goto(setup.page.url);
      assert.match(person.url(), new RegExp(`^http://127\\.0\\.0\\.1:${setup.port}/s/[A-Za-z0-9_-]{43}/$`), 'the person is on the session address');
      assert.equal(await person.locator('input[name=form_token]').count(), 1);
      const pathSecret = new URL(person.url()).pathname.split('/')[2] ?? '';

      const visit = await browser.context.newPage();
      const pixel = visit.waitForRequest((candidate) => candidate.url().endsWith('/pixel.png'));
      await visit.goto(notebook.url);
      await pixel;
      await visit.close();
      const cookies = notebook.seen.map((headers) => headers.cookie ?? '').join('; ');
      assert.ok(!cookies.includes(`setup_session_${setup.port}=`), 'the other port received the session cookie');
      assert.ok(!JSON.stringify(notebook.seen).includes(pathSecret), 'the other port saw the path secret');

      // The strongest case: the other port somehow holds the very cookie the browser has.
      const [stolen] = (await browser.context.cookies()).filter((cookie) => cookie.name === `setup_session_${setup.port}`);
      assert.ok(stolen !== undefined);
      const replayed = `${stolen.name}=${stolen.value}`;
      for (const path of ['/', '/save', `/s/${'A'.repeat(43)}/`]) {
        const answer = answered(await request(setup.port, 'GET', path, { Cookie: replayed }));
        assert.ok(!answer.body.includes('form_token'), `no form token at ${path}`);
      }
      const post = (path: string) =>
        request(
          setup.port,
          'POST',
          path,
          { Cookie: replayed, Origin: `http://127.0.0.1:${setup.port}`, 'Content-Type': 'application/x-www-form-urlencoded' },
          'form_token=x&revision=none&openalex.shown=on&openalex.shown_email=',
        );
      for (const path of ['/save', `/s/${'A'.repeat(43)}/save`]) assert.ok([403, 404, 405].includes(answered(await post(path)).status), path);
      assert.deepEqual(backend.forms, [], 'nothing was saved');
      assert.equal(await Promise.race([setup.page.saved, Promise.resolve('open')]), 'open');
    } finally {
      await person.close();
      await notebook.close();
      await setup.close();
    }
  });
});
