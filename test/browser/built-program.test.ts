import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { BrowserContext, Page } from 'playwright-core';
import { BUILT_BIN } from '../support/built-program.js';
import { testEnv } from '../support/run-program.js';
import { launchChromium } from './chromium.js';

const KEY = 'PUBMED-key-built-program-42';

describe('the built program in Standard, a v2 client with URL mode, and a real browser (docs/setup-page.md)', { timeout: 120_000 }, () => {
  let browser: { context: BrowserContext; close: () => Promise<void> };
  before(async () => {
    browser = await launchChromium();
  });
  after(() => browser?.close());

  it('opens the page through input_required; with no credential store reachable the page says so and keeps no key; no key in any MCP output or on stderr', async () => {
    const client = new Client(
      { name: 'qiongli-browser', version: '1.0.0' },
      { capabilities: { elicitation: { url: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BUILT_BIN, 'mcp', 'serve', '--profile', 'standard', '--transport', 'stdio'],
      env: testEnv() as Record<string, string>,
      stderr: 'pipe',
    });
    const stderr: Buffer[] = [];
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    const seen: string[] = [];
    let page: Page | undefined;
    client.setRequestHandler('elicitation/create', async (request) => {
      seen.push(JSON.stringify(request));
      page = await browser.context.newPage();
      await page.goto((request.params as { url: string }).url);
      return { action: 'accept' };
    });
    try {
      await client.connect(transport);
      const result = await client.callTool({ name: 'qiongli_configure_provider', arguments: { provider: 'pubmed' } });
      seen.push(JSON.stringify(result));
      assert.equal((result.structuredContent as Record<string, string>).client_prompt, 'accepted');
      assert.ok(page);
      assert.equal(await page.textContent('h1'), 'Set up PubMed');
      assert.match((await page.textContent('main')) ?? '', /No credential store .* can be reached on this computer, so API keys cannot be saved here/);
      assert.equal(await page.isDisabled('#pubmed-key'), true, 'the key field is disabled before anyone types a key (issue 25, row 10)');
      assert.match((await page.textContent('main')) ?? '', /No credential store can be reached on this computer, so a key cannot be saved here/);
      // A person who enables the field anyway (developer tools) is still refused by the backend.
      await page.$eval('#pubmed-key', (field) => field.removeAttribute('disabled'));
      await page.fill('#pubmed-key', KEY);
      await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
      const shown = (await page.textContent('main')) ?? '';
      assert.match(shown, /PubMed, API key: not saved: no credential store can be reached on this computer, and Qiongli never keeps keys in a plain file/);
      assert.ok(!shown.includes(KEY) && !(await page.content()).includes(KEY), 'the page never shows the key back');
      const status = await client.callTool({ name: 'qiongli_config_status', arguments: {} });
      seen.push(JSON.stringify(status));
      assert.ok(!seen.some((text) => text.includes(KEY)));
    } finally {
      await page?.close();
      await client.close();
    }
    assert.ok(!Buffer.concat(stderr).toString('utf8').includes(KEY));
    assert.equal(Buffer.concat(stderr).toString('utf8'), '');
  });
});
