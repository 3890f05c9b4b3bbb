import { after, before, beforeEach, afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { BrowserContext, Page } from 'playwright-core';
import { NativeSettingsFileSource } from '../../src/adapters/config-source/index.js';
import { SettingsFileWriter } from '../../src/adapters/config-source/settings-file-writer.js';
import { createConfigHome, type ConfigHome } from '../adapters/config-source/config-home.js';
import { startLoopbackProviders, type LoopbackProviders } from '../support/loopback-providers.js';
import { launchChromium } from './chromium.js';
import { standardInProcess, urlModeV1, urlModeV2 } from './in-process-standard.js';
import { keyStoreUnderTest, type KeyStoreUnderTest } from './key-store-under-test.js';

const KEY = 'S2-CANARY-e2e-5d1c0a9f7e';

/** Everything a test shares: a settings folder, the credential store, the loopback providers, the stderr lines. */
interface World {
  readonly home: ConfigHome;
  readonly keys: KeyStoreUnderTest;
  readonly providers: LoopbackProviders;
  readonly stderr: string[];
  readonly server: ReturnType<typeof standardInProcess>;
}

/** What the person does: switch Semantic Scholar on, type the key, press Save; the page's text after. */
async function saveKeyOnPage(page: Page): Promise<string> {
  await page.check('#semantic_scholar-enabled');
  await page.fill('#semantic_scholar-key', KEY);
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  return (await page.textContent('main')) ?? '';
}

/** After the save: the key is in the store under the reference the settings name, and the next search sends it. */
async function assertSavedAndUsed(world: World, search: () => Promise<unknown>): Promise<void> {
  const settings = JSON.parse(await readFile(world.home.file, 'utf8'));
  const reference = settings.providers.semantic_scholar.api_key_ref as string;
  assert.match(reference, /^qsr1_[0-9a-f]{32}$/);
  assert.equal(settings.providers.semantic_scholar.enabled, true);
  assert.equal(await world.keys.lookup(reference), KEY, 'the key is in the credential store under the reference the settings name');
  assert.ok(!JSON.stringify(settings).includes(KEY), 'never in the settings file');
  const result = JSON.stringify(await search());
  const sent = world.providers.requests.filter((request) => request.provider === 'semantic_scholar');
  assert.ok(sent.length > 0, 'the next search asked Semantic Scholar');
  assert.ok(
    sent.every((request) => request.headers['x-api-key'] === KEY),
    'with the saved key',
  );
  assert.ok(!result.includes(KEY));
  assert.ok(!world.server.allFrames().some((frame) => frame.includes(KEY)), 'the key never crosses MCP');
  assert.ok(!world.stderr.some((line) => line.includes(KEY)), 'nor stderr');
}

describe('end to end: a real client, the real browser, the settings file and the credential store (docs/setup-page.md#what-a-save-does)', {
  timeout: 120_000,
}, () => {
  let browser: { context: BrowserContext; close: () => Promise<void> };
  // One private Secret Service for the suite: the native client keeps its session for the process.
  let keys: KeyStoreUnderTest;
  let world: World;
  let restoreStderr: () => void;
  before(async () => {
    browser = await launchChromium();
    keys = await keyStoreUnderTest();
  });
  after(async () => {
    await browser?.close();
    await keys?.close();
  });
  beforeEach(async () => {
    const home = await createConfigHome();
    const providers = await startLoopbackProviders({ delayMs: 5 });
    const environment = { env: { QIONGLI_CONFIG_HOME: home.root }, platform: process.platform, homedir: () => home.base };
    const server = standardInProcess(undefined, {
      configSource: new NativeSettingsFileSource(environment),
      settingsWriter: new SettingsFileWriter(environment),
      secretStore: keys.store,
      dispatcher: providers.dispatcher,
    });
    const stderr: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      stderr.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof process.stderr.write;
    restoreStderr = () => {
      process.stderr.write = write;
    };
    world = { home, keys, providers, stderr, server };
  });
  afterEach(async () => {
    restoreStderr();
    await world.server.close();
    await world.providers.close();
    await world.home.remove();
  });

  it('v1 SDK client on 2025-11-25: elicitation/create, the person saves the key, elicitation/complete, the next search sends it', async () => {
    const client = urlModeV1();
    let page: Page | undefined;
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      page = await browser.context.newPage();
      await page.goto((request.params as { url: string }).url);
      return { action: 'accept' };
    });
    const completed = new Promise<void>((resolve) => client.setNotificationHandler(ElicitationCompleteNotificationSchema, () => resolve()));
    try {
      await client.connect(world.server.end);
      const opened = await client.callTool({ name: 'qiongli_configure_provider', arguments: { provider: 's2' } });
      assert.equal((opened.structuredContent as Record<string, string>).client_prompt, 'accepted');
      assert.ok(page);
      assert.match((await page.textContent('main')) ?? '', /credential store \(Keychain, Credential Manager or the Secret Service\), never in a file/);
      assert.match(await saveKeyOnPage(page), /Settings saved/);
      await completed;
      await assertSavedAndUsed(world, () => client.callTool({ name: 'qiongli_literature_search', arguments: { query: 'open science' } }));
    } finally {
      await page?.close();
      await client.close();
    }
  });

  it('v2 client on 2026-07-28: input_required, the person saves the key, the retried call completes, the next search sends it', async () => {
    const client = urlModeV2();
    let page: Page | undefined;
    client.setRequestHandler('elicitation/create', async (request) => {
      page = await browser.context.newPage();
      await page.goto(String((request.params as { url: string }).url));
      return { action: 'accept' };
    });
    try {
      await client.connect(world.server.end);
      const opened = await client.callTool({ name: 'qiongli_configure_provider', arguments: { provider: 'semantic_scholar' } });
      assert.equal((opened.structuredContent as Record<string, string>).client_prompt, 'accepted');
      assert.ok(world.server.allFrames().some((frame) => frame.includes('"input_required"')));
      assert.ok(page);
      assert.match(await saveKeyOnPage(page), /Settings saved/);
      await assertSavedAndUsed(world, () => client.callTool({ name: 'qiongli_literature_search', arguments: { query: 'open science' } }));
    } finally {
      await page?.close();
      await client.close();
    }
  });
});
