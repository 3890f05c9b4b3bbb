import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createContainer, GrantsId, ServerIdentityId, serveStreams, ToolRegistryId, UseCaseId } from '../../src/index.js';
import { ALL_CAPABILITY_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { prebuildServingContainer, servingContainer } from '../../src/composition/serving-container.js';
import { SetupBackendId } from '../../src/ports/setup-backend.port.js';
import { SetupPagesId, type SetupPages } from '../../src/ports/setup-page.port.js';
import { StoringSetupBackend } from '../../src/domain/provider-setup/storing-setup-backend.js';
import { LazySetupPages } from '../../src/composition/lazy-setup-pages.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { FakeSetupBackend } from '../fakes/setup-backend.fake.js';
import { call, initialize } from '../support/messages.js';

const line = (message: unknown): string => `${JSON.stringify(message)}\n`;

/** SetupPages that count opens and closes. */
function countingPages() {
  const counts = { opens: 0, closes: 0 };
  const pages: SetupPages = {
    open: () => {
      counts.opens++;
      return Promise.resolve({
        ok: true,
        value: { status: 'ready', url: 'http://127.0.0.1:1/start?token=t', tokenUsed: false, expiresAt: 0, saved: new Promise<boolean>(() => undefined) },
      });
    },
    close: () => {
      counts.closes++;
      return Promise.resolve();
    },
  };
  return { pages, counts };
}

async function serve(container: ReturnType<typeof createContainer>, ...messages: unknown[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  const written: Buffer[] = [];
  output.on('data', (chunk: Buffer) => written.push(chunk));
  const done = serveStreams(container, { input, output });
  input.end(messages.map(line).join(''));
  const code = await done;
  const answers = Buffer.concat(written)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((text) => JSON.parse(text));
  return { code, answers };
}

describe('the Standard profile composition (docs/command-line.md#profiles)', () => {
  it("binds Lite's bindings plus its own: every group granted, its identity, the setup page and its backend", () => {
    const container = createContainer('standard');
    assert.deepEqual([...container.get(GrantsId)], [...ALL_CAPABILITY_GROUPS]);
    assert.equal(container.get(ServerIdentityId).title, 'Qiongli Standard');
    assert.equal(container.get(ServerIdentityId).name, 'qiongli');
    assert.ok(container.get(SetupPagesId) instanceof LazySetupPages);
    assert.ok(container.get(SetupBackendId) instanceof StoringSetupBackend);
    assert.equal(container.get(ToolRegistryId).find('qiongli_configure_provider')?.name, 'qiongli_configure_provider');
  });

  it("leaves Lite exactly as it was: no setup page, Lite's identity, the refusing configuration tools", () => {
    const lite = createContainer('lite');
    assert.equal(lite.isBound(SetupPagesId), false);
    assert.equal(lite.get(ServerIdentityId).title, 'Qiongli Lite');
    assert.notEqual(lite.get(UseCaseId.configureProvider), createContainer('standard').get(UseCaseId.configureProvider));
  });

  it('takes narrowed grants and replaced setup parts like any override', () => {
    const { pages } = countingPages();
    const backend = new FakeSetupBackend();
    const container = createContainer('standard', { grants: new Set(['config'] as const), setupPages: pages, setupBackend: backend });
    assert.equal(container.get(ToolRegistryId).find('qiongli_literature_search'), undefined);
    assert.equal(container.get(SetupPagesId), pages);
    assert.equal(container.get(SetupBackendId), backend);
  });

  it('loads the page adapter on the first open only, and closes what it opened', async () => {
    const lazy = new LazySetupPages(new FakeSetupBackend());
    await lazy.close();
    const opening = await lazy.open({ host: '127.0.0.1', port: 0 });
    assert.ok(opening.ok);
    const port = Number(new URL(opening.ok ? opening.value.url : 'http://x:1').port);
    const again = await lazy.open({ host: '127.0.0.1', port: 0 });
    assert.equal(again.ok && again.value.status, 'already_running', 'one adapter, one page');
    await lazy.close();
    assert.equal(await (opening.ok ? opening.value.saved : Promise.resolve(true)), false);
    assert.ok(port > 0);
  });

  it('refuses a profile it does not know', () => {
    assert.throws(() => createContainer('full' as 'lite'), /unsupported profile/);
  });

  it('opens the page from both names with identical answers, and closes it when the session ends', async () => {
    const { pages, counts } = countingPages();
    const container = createContainer('standard', { configSource: FakeConfigSource.defaults(), setupPages: pages });
    const { code, answers } = await serve(
      container,
      initialize(0, '2025-11-25'),
      call(1, 'qiongli_configure_provider', { provider: 'crossref' }),
      call(2, 'qiongli_open_config_wizard', { provider: 'crossref' }),
      call(3, 'qiongli_configure_provider', { host: '0.0.0.0' }),
    );
    assert.equal(code, 0);
    const [first, second, refused] = [1, 2, 3].map((id) => answers.find((answer) => answer.id === id).result);
    assert.deepEqual(first, second);
    assert.equal(first.structuredContent.status, 'ready');
    assert.equal(first.structuredContent.client_prompt, 'not_offered');
    assert.match(JSON.parse(refused.content[0].text).message, /^wizard host must be loopback$/);
    assert.equal(counts.opens, 2);
    assert.equal(counts.closes, 1);
  });

  it("composes Standard at start when the command line asks for it, even with Lite's container prebuilt", () => {
    prebuildServingContainer();
    const standard = servingContainer('standard', new Set(ALL_CAPABILITY_GROUPS));
    assert.equal(standard.get(ServerIdentityId).title, 'Qiongli Standard');
    const lite = servingContainer('lite', new Set(['config', 'literature', 'evidence', 'zotero', 'orchestration'] as const));
    assert.equal(lite.get(ServerIdentityId).title, 'Qiongli Lite');
  });
});
