import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { McpConnection } from '../../../src/adapters/mcp/connection.js';
import { ToolRegistry } from '../../../src/adapters/mcp/tool-registry.js';
import { ALL_CAPABILITY_GROUPS } from '../../../src/domain/shared/capability-groups.js';
import { success } from '../../../src/domain/shared/result.js';
import { FakeTransport } from '../../fakes/transport.fake.js';
import { testConnectionOptions } from '../../support/connection-options.js';
import { call, modern } from '../../support/messages.js';
import { connect, controllableTool, tick } from './connection-support.js';
import { URL_MODE, connectWith, handOffTool, serverRequests } from './hand-off-support.js';

/**
 * Issue 24, row 10: reading a call's signal creates its AbortController, and creating one for
 * every call of a tool that never reads it cost a quarter of the pipelined throughput and
 * 25 MiB of peak RSS. The signal is made when someone needs it, and still aborts on a cancel.
 */
describe('a call gets its AbortController only when something reads its signal (issue 24, row 10)', () => {
  const Original = globalThis.AbortController;
  let made = 0;

  beforeEach(() => {
    made = 0;
    globalThis.AbortController = class Counted extends Original {
      constructor() {
        super();
        made++;
      }
    };
  });
  afterEach(() => {
    globalThis.AbortController = Original;
  });

  const quiet = () => controllableTool('qiongli_task_plan', () => success({ planned: true }));

  it('makes none for legacy calls of a tool that never reads it', async () => {
    const { transport } = connect([quiet()]);
    for (let id = 1; id <= 5; id++) transport.receive(call(id, 'qiongli_task_plan'));
    await tick();
    for (let id = 1; id <= 5; id++) assert.equal(transport.responseTo(id)?.result.structuredContent.planned, true);
    assert.equal(made, 0);
  });

  it('makes none for modern calls of a tool that never reads it', async () => {
    const transport = new FakeTransport();
    const registry = new ToolRegistry([quiet()], new Set(ALL_CAPABILITY_GROUPS));
    const identity = { name: 'qiongli', version: '0', title: 'Q', instructions: 'i' };
    new McpConnection(transport, registry, identity, { finished() {}, failed() {} }, testConnectionOptions()).start();
    for (let id = 1; id <= 5; id++) transport.receive(modern(id, 'tools/call', { name: 'qiongli_task_plan', arguments: {} }));
    await tick();
    for (let id = 1; id <= 5; id++) assert.equal(transport.responseTo(id)?.result.structuredContent.planned, true);
    assert.equal(made, 0);
  });

  it('makes one for a call whose tool reads it, and a cancel still aborts it', async () => {
    let seen: AbortSignal | undefined;
    const slow = controllableTool('qiongli_task_plan', (_args, context) => {
      seen = context.signal;
      return new Promise(() => {});
    });
    const { transport } = connect([slow]);
    transport.receive(call(7, 'qiongli_task_plan'));
    await tick();
    assert.equal(made, 1);
    assert.equal(seen?.aborted, false);
    transport.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } });
    assert.equal(seen?.aborted, true);
  });

  it('makes one for a call that may ask a URL-mode client to open a page (its request must end with the call)', async () => {
    const page = handOffTool();
    const { transport } = connectWith([page.tool], '2025-11-25', URL_MODE);
    transport.receive(call(1, 'qiongli_configure_provider'));
    await tick();
    assert.equal(serverRequests(transport).length, 1);
    assert.equal(made, 1);
    // The client cancels the call: its elicitation request is cancelled with it (no wait is left behind).
    transport.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    await tick();
    assert.equal(transport.responseTo(1), undefined);
  });
});
