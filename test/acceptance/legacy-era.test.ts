import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exchange } from '../support/run-program.js';
import { call, initialize, initialized, modern, request } from '../support/messages.js';

describe('legacy era (docs/protocol.md#before-an-era-is-chosen, docs/protocol.md#the-legacy-era)', () => {
  for (const version of ['2025-03-26', '2025-06-18', '2025-11-25']) {
    it(`echoes the requested revision ${version} and pins it`, async () => {
      const { responses } = await exchange(initialize(1, version));
      const result = responses[0].result;
      assert.equal(result.protocolVersion, version);
      assert.deepEqual(result.capabilities, { tools: { listChanged: false }, resources: { subscribe: false, listChanged: false } });
      assert.equal(result.serverInfo.name, 'qiongli');
      assert.equal(typeof result.serverInfo.version, 'string');
      assert.equal(typeof result.instructions, 'string');
    });
  }

  it('answers an unknown requested revision with 2025-11-25', async () => {
    const { responses } = await exchange(initialize(1, '2024-11-05'), initialize(2, '1999-01-01'));
    assert.equal(responses[0].result.protocolVersion, '2025-11-25');
  });

  it('refuses malformed initialize params with -32602 and pins nothing', async () => {
    const noClientInfo = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {} } };
    const badClientInfo = {
      jsonrpc: '2.0',
      id: 2,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 1, version: '1' } },
    };
    const { responses } = await exchange(noClientInfo, badClientInfo, initialize(3, '2025-03-26'));
    assert.equal(responses[0].error.code, -32602);
    assert.equal(responses[1].error.code, -32602);
    assert.equal(responses[2].result.protocolVersion, '2025-03-26');
  });

  it('answers ping before initialize with {} and pins nothing', async () => {
    const { responses } = await exchange(request(1, 'ping'), initialize(2, '2025-03-26'));
    assert.deepEqual(responses[0].result, {});
    assert.equal(responses[1].result.protocolVersion, '2025-03-26');
  });

  it('refuses any other request before an era is chosen with -32600', async () => {
    const { responses } = await exchange(request(1, 'tools/list'), initialize(2));
    assert.equal(responses[0].error.code, -32600);
    assert.equal(responses[1].result.protocolVersion, '2025-06-18');
  });

  it('answers nothing to notifications/initialized and {} to ping', async () => {
    const { responses } = await exchange(initialize(1), initialized, request(2, 'ping'));
    assert.equal(responses.length, 2);
    assert.deepEqual(responses[1], { jsonrpc: '2.0', id: 2, result: {} });
  });

  it('refuses a second initialize with -32600', async () => {
    const { responses } = await exchange(initialize(1), initialize(2, '2025-03-26'));
    assert.equal(responses[1].error.code, -32600);
  });

  it('refuses any request carrying the modern claim with -32600', async () => {
    const { responses } = await exchange(initialize(1), modern(2, 'tools/list'));
    assert.equal(responses[1].error.code, -32600);
  });

  it('answers server/discover with -32601', async () => {
    const { responses } = await exchange(initialize(1), request(2, 'server/discover'));
    assert.equal(responses[1].error.code, -32601);
  });

  it('lists tools without title and outputSchema on 2025-03-26', async () => {
    const { responses } = await exchange(initialize(1, '2025-03-26'), request(2, 'tools/list'));
    const tools = responses[1].result.tools;
    assert.ok(tools.length > 0);
    for (const tool of tools) {
      assert.deepEqual(Object.keys(tool).sort(), ['annotations', 'description', 'inputSchema', 'name']);
      assert.equal(tool.annotations.readOnlyHint, true);
    }
    assert.equal(responses[1].result.resultType, undefined);
  });

  it('lists tools with title, outputSchema and annotations from 2025-06-18', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      const { responses } = await exchange(initialize(1, version), request(2, 'tools/list'));
      for (const tool of responses[1].result.tools) {
        assert.deepEqual(Object.keys(tool).sort(), ['annotations', 'description', 'inputSchema', 'name', 'outputSchema', 'title']);
        assert.equal(tool.inputSchema.type, 'object');
        assert.equal(tool.inputSchema.additionalProperties, false);
      }
    }
  });

  it('refuses a cursor on tools/list with -32602 (no cursor was ever issued)', async () => {
    const { responses } = await exchange(initialize(1), request(2, 'tools/list', { cursor: 'abc' }));
    assert.equal(responses[1].error.code, -32602);
  });

  it('returns content only on 2025-03-26 and structuredContent from 2025-06-18, never resultType', async () => {
    const route = call(2, 'qiongli_orchestrator_route', { request: 'find reviews' });
    const old = (await exchange(initialize(1, '2025-03-26'), route)).responses[1].result;
    assert.deepEqual(Object.keys(old), ['content']);
    assert.equal(JSON.parse(old.content[0].text).request, 'find reviews');
    const current = (await exchange(initialize(1, '2025-06-18'), route)).responses[1].result;
    assert.deepEqual(Object.keys(current).sort(), ['content', 'structuredContent']);
    assert.deepEqual(JSON.parse(current.content[0].text), current.structuredContent);
  });

  it('refuses tools/call params with unknown keys, a non-object arguments or an unknown tool with -32602', async () => {
    const { responses } = await exchange(
      initialize(1),
      request(2, 'tools/call', { name: 'qiongli_task_plan', arguments: {}, extra: 1 }),
      request(3, 'tools/call', { name: 'qiongli_task_plan', arguments: [] }),
      request(4, 'tools/call', { arguments: {} }),
      call(5, 'qiongli_no_such_tool'),
    );
    for (const response of responses.slice(1)) assert.equal(response.error.code, -32602);
  });
});

describe('2025-03-26 batches (docs/protocol.md#the-legacy-era)', () => {
  const ping = (id: number) => request(id, 'ping');

  it('answers a batch with one array of responses in the same framing', async () => {
    const { responses } = await exchange(initialize(1, '2025-03-26'), [ping(2), initialized, call(3, 'qiongli_zotero_status')]);
    assert.ok(Array.isArray(responses[1]));
    assert.deepEqual(
      responses[1].map((response: any) => response.id),
      [2, 3],
    );
    assert.equal(responses[1][1].result.content[0].type, 'text');
  });

  it('sends nothing for a batch made only of notifications', async () => {
    const { responses } = await exchange(initialize(1, '2025-03-26'), [initialized, initialized], ping(2));
    assert.deepEqual(responses.slice(1), [{ jsonrpc: '2.0', id: 2, result: {} }]);
  });

  it('refuses an empty batch with -32600', async () => {
    const { responses } = await exchange(initialize(1, '2025-03-26'), []);
    assert.equal(responses[1].error.code, -32600);
    assert.equal(responses[1].id, null);
  });

  it('refuses initialize inside a batch with -32600 for that element', async () => {
    const { responses } = await exchange(initialize(1, '2025-03-26'), [initialize(2, '2025-03-26'), ping(3)]);
    assert.equal(responses[1][0].error.code, -32600);
    assert.deepEqual(responses[1][1].result, {});
  });

  it('admits each element on its own', async () => {
    const { responses } = await exchange(initialize(1, '2025-03-26'), [{ jsonrpc: '1.0', id: 2, method: 'ping' }, 5, ping(3)]);
    assert.deepEqual(
      responses[1].map((response: any) => response.error?.code ?? 'ok'),
      [-32600, -32600, 'ok'],
    );
  });

  for (const version of ['2025-06-18', '2025-11-25']) {
    it(`refuses a batch on ${version} with -32600`, async () => {
      const { responses } = await exchange(initialize(1, version), [ping(2)]);
      assert.equal(responses[1].error.code, -32600);
    });
  }

  it('refuses a batch before an era is chosen and on the modern era with -32600', async () => {
    const before = await exchange([ping(1)]);
    assert.equal(before.responses[0].error.code, -32600);
    const modernRun = await exchange(modern(1, 'server/discover'), [modern(2, 'tools/list')]);
    assert.equal(modernRun.responses[1].error.code, -32600);
  });
});
