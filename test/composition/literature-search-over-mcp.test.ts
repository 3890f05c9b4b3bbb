import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createContainer } from '../../src/composition/create-container.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { FakeSecretStore, secretReference } from '../fakes/secret-store.fake.js';
import { startLoopbackProviders, type LoopbackProviders } from '../support/loopback-providers.js';
import { initialize, request } from '../support/messages.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';

const KEY_CANARY = 'sk-CANARY-key-5150';

/** Every provider enabled and ready, keys resolved through a fake secret store. */
function allProvidersReady() {
  const ref = secretReference(7);
  const config = FakeConfigSource.withProviders({
    openalex: { enabled: true, email: 'lab@example.org', apiKeyRef: ref },
    semantic_scholar: { enabled: true, apiKeyRef: ref },
    crossref: { enabled: true, email: 'lab@example.org' },
    pubmed: { enabled: true, apiKeyRef: ref },
    arxiv: { enabled: true },
  });
  return { config, secrets: FakeSecretStore.withSecrets({ [ref]: KEY_CANARY }) };
}

function serveOver(loopback: LoopbackProviders) {
  const { config, secrets } = allProvidersReady();
  const container = createContainer('lite', { configSource: config, secretStore: secrets, dispatcher: loopback.dispatcher });
  const transport = new FakeTransport();
  let finished = false;
  const connection = mcpConnection(container, transport, {
    finished: () => (finished = true),
    failed: () => undefined,
  });
  connection.start();
  transport.receive(initialize(0, '2025-06-18'));
  return { transport, isFinished: () => finished };
}

const until = async (condition: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const search = (id: number, extra: Record<string, unknown> = {}) =>
  request(id, 'tools/call', { name: 'qiongli_literature_search', arguments: { query: 'large language models chemistry' }, ...extra });

describe('literature search through the composed server and real undici (docs/protocol.md#in-both-eras, docs/providers.md)', () => {
  it('searches all five providers concurrently, one progress notification per finished provider before the response', async () => {
    const loopback = await startLoopbackProviders({ delayMs: 100 });
    try {
      const { transport } = serveOver(loopback);
      transport.receive(search(1, { _meta: { progressToken: 'p-1' } }));
      await until(() => transport.responseTo(1) !== undefined);
      const messages = transport.messages().slice(1);
      const progress = messages.filter((message) => message.method === 'notifications/progress');
      assert.deepEqual(
        progress.map((message) => message.params.progress),
        [1, 2, 3, 4, 5],
      );
      assert.ok(progress.every((message) => message.params.total === 5 && message.params.progressToken === 'p-1'));
      assert.equal(messages.at(-1).id, 1, 'the response comes after every progress notification');
      const result = transport.responseTo(1).result.structuredContent;
      assert.equal(result.status, 'ok');
      assert.equal(result.diagnostics.status, 'complete');
      for (const provider of ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'])
        assert.equal(result.diagnostics.providers[provider].status, 'ok', provider);
      assert.ok(result.results.length > 0);
    } finally {
      await loopback.close();
    }
  });

  it('places the Semantic Scholar key in x-api-key only and never lets a key reach any output', async () => {
    const loopback = await startLoopbackProviders({ delayMs: 5 });
    try {
      const { transport } = serveOver(loopback);
      transport.receive(search(2));
      await until(() => transport.responseTo(2) !== undefined);
      const s2 = loopback.requests.find((seen) => seen.provider === 'semantic_scholar')!;
      assert.equal(s2.headers['x-api-key'], KEY_CANARY);
      assert.ok(!s2.path.includes(KEY_CANARY));
      assert.ok(transport.sent.every((frame) => !frame.payload.includes(KEY_CANARY)));
    } finally {
      await loopback.close();
    }
  });

  it('aborts in-flight HTTP on notifications/cancelled (the server sees the connection close) and writes no response', async () => {
    const loopback = await startLoopbackProviders({ hang: ['openalex', 'semantic_scholar', 'crossref', 'pubmed', 'arxiv'] });
    try {
      const { transport } = serveOver(loopback);
      const closed = loopback.socketClosed('arxiv');
      transport.receive(search(3));
      await until(() => loopback.requests.some((seen) => seen.provider === 'arxiv'));
      transport.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } });
      await closed;
      transport.receive(request(4, 'ping'));
      await until(() => transport.responseTo(4) !== undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(transport.responseTo(3), undefined);
    } finally {
      await loopback.close();
    }
  });

  it('waits for an in-flight search at end of input, then finishes', async () => {
    const loopback = await startLoopbackProviders({ delayMs: 50 });
    try {
      const { transport, isFinished } = serveOver(loopback);
      transport.receive(search(5));
      transport.end();
      assert.equal(isFinished(), false);
      await until(isFinished);
      assert.ok(transport.responseTo(5).result);
    } finally {
      await loopback.close();
    }
  });
});
