import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { McpConnection } from '../../src/adapters/mcp/connection.js';
import { profileSecretStore } from '../../src/composition/secret-store-binding.js';
import { createContainer } from '../../src/composition/create-container.js';
import { ServerIdentityId, ToolRegistryId } from '../../src/composition/identifiers.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { startLoopbackProviders } from '../support/loopback-providers.js';
import { initialize, request } from '../support/messages.js';
import { startPrivateSecretService, type PrivateSecretService } from '../support/private-secret-service.js';

const CANARY = 'qiongli-search-canary-0e4d';
const REFERENCE = `qsr1_${'5e'.repeat(16)}`;

const until = async (condition: () => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('a search with keys resolved from the real Secret Service (SPEC §7.1, docs/providers.md)', () => {
  let service: PrivateSecretService;
  before(async () => {
    service = await startPrivateSecretService();
    Object.assign(process.env, service.env);
    assert.deepEqual(await profileSecretStore().store(REFERENCE, CANARY), { status: 'done' });
    assert.equal(service.lookup(REFERENCE), CANARY);
  });
  after(() => service.stop());

  it('sends the key as OpenAlex api_key, Semantic Scholar x-api-key and PubMed api_key, and nowhere into any output', async () => {
    const loopback = await startLoopbackProviders({ delayMs: 5 });
    try {
      const config = FakeConfigSource.withProviders({
        openalex: { enabled: true, apiKeyRef: REFERENCE },
        semantic_scholar: { enabled: true, apiKeyRef: REFERENCE },
        pubmed: { enabled: true, apiKeyRef: REFERENCE },
      });
      const container = createContainer('lite', { configSource: config, dispatcher: loopback.dispatcher });
      const transport = new FakeTransport();
      new McpConnection(transport, container.get(ToolRegistryId), container.get(ServerIdentityId), {
        finished: () => undefined,
        failed: () => undefined,
      }).start();
      transport.receive(initialize(0, '2025-06-18'));
      transport.receive(
        request(1, 'tools/call', {
          name: 'qiongli_literature_search',
          arguments: { query: 'large language models chemistry', providers: ['openalex', 'semantic_scholar', 'pubmed'] },
        }),
      );
      await until(() => transport.responseTo(1) !== undefined);
      const seen = (provider: string) => loopback.requests.find((request) => request.provider === provider)!;
      const openalex = new URL(seen('openalex').path, 'https://api.openalex.org');
      assert.equal(openalex.searchParams.get('api_key'), CANARY);
      assert.equal(seen('semantic_scholar').headers['x-api-key'], CANARY);
      assert.ok(!seen('semantic_scholar').path.includes(CANARY), 'Semantic Scholar: the header only');
      assert.equal(new URL(seen('pubmed').path, 'https://eutils.ncbi.nlm.nih.gov').searchParams.get('api_key'), CANARY);
      assert.equal(seen('openalex').headers['x-api-key'], undefined);
      const result = transport.responseTo(1).result.structuredContent;
      for (const provider of ['openalex', 'semantic_scholar', 'pubmed']) assert.equal(result.diagnostics.providers[provider].status, 'ok', provider);
      assert.ok(
        transport.sent.every((frame) => !frame.payload.includes(CANARY)),
        'no frame carries the key',
      );
    } finally {
      await loopback.close();
    }
  });
});
