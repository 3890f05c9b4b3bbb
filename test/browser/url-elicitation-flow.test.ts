import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { BrowserContext, Page } from 'playwright-core';
import { FakeSetupBackend } from '../fakes/setup-backend.fake.js';
import { PROJECT_ROOT } from '../support/built-program.js';
import { launchChromium } from './chromium.js';
import { standardInProcess, urlModeV1, urlModeV2 } from './in-process-standard.js';

const KEY = 'S2-browser-key-7f3a9c1e5b';
const EMAIL = 'reader@example.org';
/** `QIONGLI_UPDATE_SCREENSHOT=1` saves the page as the docs show it (docs/setup-page.md). */
const SCREENSHOT = process.env.QIONGLI_UPDATE_SCREENSHOT === '1' ? join(PROJECT_ROOT, 'docs', 'images', 'setup-page.png') : undefined;

/** What the person does on the page: type a key and an email, press Save, and read the result. */
async function fillAndSave(page: Page, provider: 'semantic_scholar' | 'crossref' | undefined): Promise<string> {
  if (provider !== 'crossref') await page.fill('#semantic_scholar-key', KEY);
  if (provider !== 'semantic_scholar') await page.fill('#crossref-email', EMAIL);
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  return (await page.textContent('main')) ?? '';
}

describe('the setup page in a real browser, opened by a real MCP client (docs/setup-page.md)', { timeout: 120_000 }, () => {
  let browser: { context: BrowserContext; close: () => Promise<void> };
  before(async () => {
    browser = await launchChromium();
  });
  after(() => browser?.close());

  it('v1 SDK client, 2025-11-25: elicitation/create opens the page, the person saves, notifications/elicitation/complete follows; no key on the wire', async () => {
    const backend = new FakeSetupBackend();
    const server = standardInProcess(backend);
    const client = urlModeV1();
    const asked: unknown[] = [];
    let page: Page | undefined;
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params);
      // The client opens the URL it was given, then reports the consent.
      page = await browser.context.newPage();
      await page.goto((request.params as { url: string }).url);
      return { action: 'accept' };
    });
    const completed = new Promise<string>((resolve) =>
      client.setNotificationHandler(ElicitationCompleteNotificationSchema, (note) => resolve(note.params.elicitationId)),
    );
    try {
      await client.connect(server.end);
      await client.listTools();
      const result = await client.callTool({ name: 'qiongli_configure_provider', arguments: { provider: 'semantic_scholar' } });
      const value = result.structuredContent as Record<string, string>;
      assert.equal(value.client_prompt, 'accepted');
      assert.equal(value.status, 'ready');
      assert.equal(asked.length, 1);
      assert.equal((asked[0] as { mode: string }).mode, 'url');
      assert.ok(page, 'the client opened the page');
      assert.match(page.url(), /^http:\/\/127\.0\.0\.1:\d+\/s\/[A-Za-z0-9_-]{43}\/$/, 'the token is swapped for the session address');
      assert.ok(!page.url().includes('token='), 'and gone from the address bar');
      assert.equal(await page.textContent('h1'), 'Set up Semantic Scholar');
      const shown = await fillAndSave(page, 'semantic_scholar');
      assert.match(shown, /Settings saved/);
      assert.ok(!shown.includes(KEY));
      assert.deepEqual(backend.forms, [
        { revision: null, providers: { semantic_scholar: { shown: { enabled: true, keySet: false }, enabled: true, apiKey: KEY } } },
      ]);
      assert.equal(await completed, (asked[0] as { elicitationId: string }).elicitationId);
      assert.ok(!server.allFrames().some((frame) => frame.includes(KEY)), 'the key never crosses MCP');
    } finally {
      await page?.close();
      await client.close();
      await server.close();
    }
  });

  it('v2 client, 2026-07-28: an input-required result, the client opens the page and retries, the call completes; no key on the wire', async () => {
    const backend = new FakeSetupBackend();
    const server = standardInProcess(backend);
    const client = urlModeV2();
    const asked: Record<string, unknown>[] = [];
    let page: Page | undefined;
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params as Record<string, unknown>);
      page = await browser.context.newPage();
      await page.goto(String((request.params as { url: string }).url));
      return { action: 'accept' };
    });
    try {
      await client.connect(server.end);
      assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
      const result = await client.callTool({ name: 'qiongli_configure_provider', arguments: {} });
      assert.equal((result.structuredContent as Record<string, string>).client_prompt, 'accepted');
      assert.deepEqual(Object.keys(asked[0] ?? {}).sort(), ['message', 'mode', 'url'], 'the 2026-07-28 URL mode has no elicitationId');
      const inputRequired = server.allFrames().find((frame) => frame.includes('"input_required"'));
      assert.ok(inputRequired, 'the first round answered input_required');
      assert.ok(
        server.allFrames().some((frame) => frame.includes('"inputResponses"') && frame.includes('"requestState"')),
        'the client retried with its answer and the state',
      );
      assert.ok(page);
      if (SCREENSHOT !== undefined) {
        await page.setViewportSize({ width: 900, height: 900 });
        await page.screenshot({ path: SCREENSHOT, fullPage: true });
      }
      assert.match(await fillAndSave(page, undefined), /Settings saved/);
      assert.deepEqual(backend.forms[0]?.providers.semantic_scholar, { shown: { enabled: true, keySet: false }, enabled: true, apiKey: KEY });
      assert.deepEqual(backend.forms[0]?.providers.crossref, { shown: { enabled: true, keySet: false }, enabled: true, email: EMAIL });
      assert.ok(!server.allFrames().some((frame) => frame.includes(KEY)), 'the key never crosses MCP');
    } finally {
      await page?.close();
      await client.close();
      await server.close();
    }
  });
});
