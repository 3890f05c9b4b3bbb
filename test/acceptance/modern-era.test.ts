import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exchange } from '../support/run-program.js';
import { envelope, initialize, modern, request } from '../support/messages.js';

const SERVER_META = 'io.modelcontextprotocol/serverInfo';

describe('modern era (docs/protocol.md#before-an-era-is-chosen, docs/protocol.md#the-modern-era)', () => {
  it('answers server/discover with the supported version, capabilities and cache hint', async () => {
    const { responses } = await exchange(modern(1, 'server/discover'));
    const result = responses[0].result;
    assert.equal(result.resultType, 'complete');
    assert.deepEqual(result.supportedVersions, ['2026-07-28']);
    assert.deepEqual(result.capabilities, { tools: {}, resources: {} });
    assert.equal(typeof result.instructions, 'string');
    assert.equal(result.cacheScope, 'public');
    assert.equal(typeof result.ttlMs, 'number');
    assert.equal(result._meta[SERVER_META].name, 'qiongli');
  });

  it('lists tools with resultType, a one-hour public cache hint and the same bytes every call', async () => {
    const { responses, run } = await exchange(modern(1, 'tools/list'), modern(2, 'tools/list'));
    const result = responses[0].result;
    assert.equal(result.resultType, 'complete');
    assert.equal(result.ttlMs, 3600000);
    assert.equal(result.cacheScope, 'public');
    assert.equal(result.nextCursor, undefined);
    assert.equal(result._meta[SERVER_META].name, 'qiongli');
    const [first, second] = run.stdout.toString('utf8').trim().split('\n');
    assert.equal(first!.replace('"id":1', ''), second!.replace('"id":2', ''));
  });

  it('answers tools/call with resultType complete and the server-info _meta', async () => {
    const { responses } = await exchange(modern(1, 'tools/call', { name: 'qiongli_zotero_status', arguments: {} }));
    const result = responses[0].result;
    assert.equal(result.resultType, 'complete');
    assert.equal(result.structuredContent.status, 'disabled');
    assert.equal(result._meta[SERVER_META].name, 'qiongli');
  });

  it('refuses an unsupported version with -32022, supported and requested, and pins nothing', async () => {
    const { responses } = await exchange(modern(1, 'tools/list', {}, '2025-06-18'), initialize(2, '2025-06-18'));
    assert.equal(responses[0].error.code, -32022);
    assert.deepEqual(responses[0].error.data, { supported: ['2026-07-28'], requested: '2025-06-18' });
    assert.equal(responses[1].result.protocolVersion, '2025-06-18');
  });

  it('refuses a malformed envelope with -32602 and pins nothing', async () => {
    const noCapabilities = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } };
    const badVersionType = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/list',
      params: { _meta: envelope('2026-07-28', { 'io.modelcontextprotocol/protocolVersion': 2026 }) },
    };
    const { responses } = await exchange(noCapabilities, badVersionType, initialize(3));
    assert.equal(responses[0].error.code, -32602);
    assert.equal(responses[1].error.code, -32602);
    assert.equal(responses[2].result.protocolVersion, '2025-06-18');
  });

  it('accepts an envelope without clientInfo and refuses a malformed clientInfo', async () => {
    const meta = envelope();
    delete (meta as Record<string, unknown>)['io.modelcontextprotocol/clientInfo'];
    const withoutInfo = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } };
    const badInfo = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/list',
      params: { _meta: envelope('2026-07-28', { 'io.modelcontextprotocol/clientInfo': { name: 'x' } }) },
    };
    const { responses } = await exchange(withoutInfo, badInfo);
    assert.equal(responses[0].result.resultType, 'complete');
    assert.equal(responses[1].error.code, -32602);
  });

  it('answers initialize carrying the claim with -32601, before and after pinning', async () => {
    const claimed = { ...initialize(1), params: { ...initialize(1).params, _meta: envelope() } };
    const { responses } = await exchange(claimed, modern(2, 'server/discover'), { ...claimed, id: 3 });
    assert.equal(responses[0].error.code, -32601);
    assert.equal(responses[1].result.resultType, 'complete');
    assert.equal(responses[2].error.code, -32601);
  });

  it('answers initialize without a claim on a modern connection with -32022', async () => {
    const { responses } = await exchange(modern(1, 'server/discover'), modern(2, 'tools/list'), initialize(3, '2025-06-18'));
    assert.equal(responses[1].result.resultType, 'complete');
    assert.equal(responses[2].error.code, -32022);
    assert.deepEqual(responses[2].error.data.supported, ['2026-07-28']);
  });

  it('serves the legacy era to a client that falls back to initialize after its server/discover probe alone (the probe timed out)', async () => {
    const { responses } = await exchange(
      modern(1, 'server/discover'),
      initialize(2, '2025-11-25'),
      request(3, 'tools/list'),
      modern(4, 'tools/list'),
      initialize(5, '2025-11-25'),
    );
    assert.deepEqual(responses[0].result.supportedVersions, ['2026-07-28']);
    assert.equal(responses[1].result.protocolVersion, '2025-11-25');
    assert.equal(responses[2].result.tools.length, 12);
    assert.equal(responses[2].result.resultType, undefined);
    assert.equal(responses[3].error.code, -32600);
    assert.equal(responses[4].error.code, -32600);
  });

  it('keeps the probe window open across several probes and refuses a malformed initialize after one with -32602, pinning nothing', async () => {
    const malformed = request(3, 'initialize', { protocolVersion: '2025-06-18' });
    const { responses } = await exchange(modern(1, 'server/discover'), modern(2, 'server/discover'), malformed, initialize(4, '2025-06-18'));
    assert.equal(responses[1].result.resultType, 'complete');
    assert.equal(responses[2].error.code, -32602);
    assert.equal(responses[3].result.protocolVersion, '2025-06-18');
  });

  it('closes the probe window with any other modern request, even one it refuses', async () => {
    const { responses } = await exchange(modern(1, 'server/discover'), modern(2, 'prompts/list'), initialize(3, '2025-11-25'));
    assert.equal(responses[1].error.code, -32601);
    assert.equal(responses[2].error.code, -32022);
  });

  it('refuses a request without the claim on a modern connection with -32602', async () => {
    const progressOnly = request(3, 'tools/list', { _meta: { progressToken: 'p' } });
    const { responses } = await exchange(modern(1, 'server/discover'), request(2, 'tools/list'), progressOnly);
    assert.equal(responses[1].error.code, -32602);
    assert.equal(responses[2].error.code, -32602);
  });

  it('answers ping, logging/setLevel, subscriptions/listen and unknown methods with -32601', async () => {
    const methods = ['ping', 'logging/setLevel', 'subscriptions/listen', 'prompts/list'];
    const { responses } = await exchange(...methods.map((method, index) => modern(index + 1, method)));
    assert.deepEqual(
      responses.map((response) => response.error.code),
      [-32601, -32601, -32601, -32601],
    );
  });

  it('checks the envelope of every request, relying on no earlier one', async () => {
    const { responses } = await exchange(modern(1, 'tools/list'), modern(2, 'tools/list', {}, '2025-11-25'), modern(3, 'tools/list'));
    assert.equal(responses[0].result.resultType, 'complete');
    assert.equal(responses[1].error.code, -32022);
    assert.equal(responses[2].result.resultType, 'complete');
  });

  it('treats a progressToken alone as no claim (legacy _meta keys are not a claim)', async () => {
    const { responses } = await exchange(request(1, 'tools/list', { _meta: { progressToken: 1 } }), initialize(2));
    assert.equal(responses[0].error.code, -32600);
    assert.equal(responses[1].result.protocolVersion, '2025-06-18');
  });

  it('echoes only a date-shaped requested version in -32022 data', async () => {
    const { responses } = await exchange(modern(1, 'tools/list', {}, 'CANARY-version'));
    assert.equal(responses[0].error.code, -32022);
    assert.equal(responses[0].error.data.requested, null);
  });
});
