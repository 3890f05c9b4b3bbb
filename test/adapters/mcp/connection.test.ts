import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_PENDING_ANSWERS, McpConnection } from '../../../src/adapters/mcp/connection.js';
import { ToolRegistry } from '../../../src/adapters/mcp/tool-registry.js';
import { ALL_CAPABILITY_GROUPS } from '../../../src/domain/shared/capability-groups.js';
import { success } from '../../../src/domain/shared/result.js';
import { TOOL_ERRORS } from '../../../src/domain/shared/tool-failure.js';
import { FakeTransport } from '../../fakes/transport.fake.js';
import { modern, request } from '../../support/messages.js';
import { connect, controllableTool, tick } from './connection-support.js';
import { testConnectionOptions } from '../../support/connection-options.js';

describe('MCP connection dispatch (docs/protocol.md#in-both-eras)', () => {
  it('answers a fast request while a slow call is still running (responses may arrive out of order)', async () => {
    let release!: () => void;
    const slow = controllableTool('qiongli_task_plan', () => new Promise((resolve) => (release = () => resolve(success({ done: true })))));
    const { transport } = connect([slow]);
    transport.receive(request(1, 'tools/call', { name: 'qiongli_task_plan', arguments: {} }));
    transport.receive(request(2, 'ping'));
    await tick();
    assert.deepEqual(transport.responseTo(2).result, {});
    assert.equal(transport.responseTo(1), undefined);
    release();
    await tick();
    assert.equal(transport.responseTo(1).result.structuredContent.done, true);
  });

  it('aborts the signal of a cancelled request and never sends its response', async () => {
    let seen: AbortSignal | undefined;
    const slow = controllableTool('qiongli_task_plan', (_args, context) => {
      seen = context.signal;
      return new Promise((resolve) => context.signal.addEventListener('abort', () => resolve(success({ late: true }))));
    });
    const { transport } = connect([slow]);
    transport.receive(request('c1', 'tools/call', { name: 'qiongli_task_plan', arguments: {} }));
    transport.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c1' } });
    await tick();
    assert.equal(seen?.aborted, true);
    assert.equal(transport.responseTo('c1'), undefined);
  });

  it('gives each request its own signal and ignores cancellation of unknown ids', async () => {
    const signals: AbortSignal[] = [];
    const releases: (() => void)[] = [];
    const slow = controllableTool('qiongli_task_plan', (_args, context) => {
      signals.push(context.signal);
      return new Promise((resolve) => releases.push(() => resolve(success({}))));
    });
    const { transport } = connect([slow]);
    transport.receive(request(1, 'tools/call', { name: 'qiongli_task_plan' }));
    transport.receive(request(2, 'tools/call', { name: 'qiongli_task_plan' }));
    transport.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 99 } });
    transport.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: '1' } });
    assert.notEqual(signals[0], signals[1]);
    assert.deepEqual(
      signals.map((signal) => signal.aborted),
      [false, false],
    );
    releases.forEach((release) => release());
    await tick();
    assert.ok(transport.responseTo(1) && transport.responseTo(2));
  });

  it('sends progress notifications with the request token before the response, in its framing', async () => {
    const reporting = controllableTool('qiongli_task_plan', async (_args, context) => {
      context.reportProgress(1, 2);
      context.reportProgress(2, 2);
      return success({});
    });
    const { transport } = connect([reporting]);
    transport.receive(request(5, 'tools/call', { name: 'qiongli_task_plan', _meta: { progressToken: 'tok' } }), 'content-length');
    await tick();
    const sent = transport.sent.slice(1);
    assert.deepEqual(
      sent.map((frame) => frame.framing),
      ['content-length', 'content-length', 'content-length'],
    );
    const [first, second, response] = sent.map((frame) => JSON.parse(frame.payload));
    assert.deepEqual(first.params, { progressToken: 'tok', progress: 1, total: 2 });
    assert.deepEqual(second.params, { progressToken: 'tok', progress: 2, total: 2 });
    assert.equal(response.id, 5);
  });

  it('sends no progress without a progressToken', async () => {
    const reporting = controllableTool('qiongli_task_plan', async (_args, context) => {
      context.reportProgress(1, 1);
      return success({});
    });
    const { transport } = connect([reporting]);
    transport.receive(request(6, 'tools/call', { name: 'qiongli_task_plan' }));
    await tick();
    assert.equal(transport.messages().filter((message) => message.method === 'notifications/progress').length, 0);
  });

  it('answers a result over its budget (40,000 characters, 100,000 widened) with the tool error answer-too-large, whole, and keeps serving', async () => {
    const sized = controllableTool('qiongli_task_plan', (args) => success({ blob: 'x'.repeat(Number(args.size)) }));
    const { transport } = connect([sized]);
    const callWith = (id: number, args: Record<string, unknown>) =>
      transport.receive(request(id, 'tools/call', { name: 'qiongli_task_plan', arguments: args }));
    callWith(1, { size: 39_000 });
    callWith(2, { size: 40_000 });
    callWith(3, { size: 40_000, wide: true });
    callWith(4, { size: 100_000, wide: true });
    transport.receive(request(5, 'ping'));
    assert.equal(transport.responseTo(1).result.isError, undefined);
    assert.equal(transport.responseTo(3).result.isError, undefined);
    for (const id of [2, 4]) {
      const { result } = transport.responseTo(id);
      assert.equal(result.isError, true);
      assert.equal(result.structuredContent, undefined);
      assert.deepEqual(JSON.parse(result.content[0].text), {
        status: 'error',
        error_kind: 'tool_error',
        reason_code: 'answer-too-large',
        message: TOOL_ERRORS['answer-too-large'],
      });
    }
    assert.deepEqual(transport.responseTo(5).result, {});
  });

  it('answers a tool that throws with a static -32603 and keeps serving', async () => {
    const broken = controllableTool('qiongli_task_plan', () => {
      throw new Error('secret /home/user/path');
    });
    const { transport } = connect([broken]);
    transport.receive(request(9, 'tools/call', { name: 'qiongli_task_plan' }));
    assert.deepEqual(transport.responseTo(9).error, { code: -32603, message: 'Internal error' });
  });

  it('stops reading while too many answers are pending and reads again once half are done', async () => {
    const releases: (() => void)[] = [];
    const slow = controllableTool('qiongli_task_plan', () => new Promise((resolve) => releases.push(() => resolve(success({})))));
    const { transport } = connect([slow]);
    for (let id = 1; id < MAX_PENDING_ANSWERS; id++) transport.receive(request(id, 'tools/call', { name: 'qiongli_task_plan' }));
    assert.deepEqual(transport.readingCalls, []);
    transport.receive(request(MAX_PENDING_ANSWERS, 'tools/call', { name: 'qiongli_task_plan' }));
    assert.deepEqual(transport.readingCalls, ['pause']);
    releases.slice(0, MAX_PENDING_ANSWERS / 2 - 1).forEach((release) => release());
    await tick();
    assert.deepEqual(transport.readingCalls, ['pause'], 'still held above half');
    releases[MAX_PENDING_ANSWERS / 2 - 1]!();
    await tick();
    assert.deepEqual(transport.readingCalls, ['pause', 'resume']);
    releases.slice(MAX_PENDING_ANSWERS / 2).forEach((release) => release());
    await tick();
    assert.equal(transport.messages().filter((message) => 'result' in message).length, MAX_PENDING_ANSWERS + 1);
  });

  it('finishes only after every request read before end of input is answered', async () => {
    let release!: () => void;
    const slow = controllableTool('qiongli_task_plan', () => new Promise((resolve) => (release = () => resolve(success({})))));
    const { transport, events } = connect([slow]);
    transport.receive(request(10, 'tools/call', { name: 'qiongli_task_plan' }));
    transport.end();
    assert.equal(events.finished, 0);
    release();
    await tick();
    assert.equal(events.finished, 1);
    assert.ok(transport.responseTo(10));
  });

  it('answers an oversize frame with -32600 and id null in its framing', () => {
    const { transport } = connect([]);
    transport.oversize('content-length');
    const last = transport.sent.at(-1)!;
    assert.equal(last.framing, 'content-length');
    assert.deepEqual(JSON.parse(last.payload).error.code, -32600);
    assert.equal(JSON.parse(last.payload).id, null);
  });

  it('answers the requests read before an input failure, then reports the failure', async () => {
    let release!: () => void;
    const slow = controllableTool('qiongli_task_plan', () => new Promise((resolve) => (release = () => resolve(success({})))));
    const { transport, events } = connect([slow]);
    transport.receive(request(11, 'tools/call', { name: 'qiongli_task_plan' }));
    transport.fail('incomplete-mcp-message');
    assert.deepEqual(events.failed, []);
    assert.equal(events.finished, 0, 'not before the pending answer');
    release();
    await tick();
    assert.ok(transport.responseTo(11)?.result);
    assert.deepEqual(events.finishedWith, ['incomplete-mcp-message']);
  });

  it('aborts in-flight work and reports an output failure at once', async () => {
    let seen: AbortSignal | undefined;
    const slow = controllableTool('qiongli_task_plan', (_args, context) => {
      seen = context.signal;
      return new Promise(() => undefined);
    });
    const { transport, events } = connect([slow]);
    transport.receive(request(12, 'tools/call', { name: 'qiongli_task_plan' }));
    transport.fail('stdout-closed');
    assert.deepEqual(events.failed, ['stdout-closed']);
    assert.equal(seen?.aborted, true);
  });

  it('on stop, aborts in-flight work, holds reading, sends nothing new and reports nothing', async () => {
    let seen: AbortSignal | undefined;
    const slow = controllableTool('qiongli_task_plan', (_args, context) => {
      seen = context.signal;
      return new Promise((resolve) => context.signal.addEventListener('abort', () => resolve(success({ late: true }))));
    });
    const { transport, events, connection } = connect([slow]);
    transport.receive(request(13, 'tools/call', { name: 'qiongli_task_plan' }));
    const sentBefore = transport.sent.length;
    connection.stop();
    transport.receive(request(14, 'ping'));
    transport.end();
    await tick();
    assert.equal(seen?.aborted, true);
    assert.deepEqual(transport.readingCalls, ['pause']);
    assert.equal(transport.sent.length, sentBefore);
    assert.equal(events.finished, 0);
    assert.deepEqual(events.failed, []);
  });

  it('applies the modern envelope to tools/call as well', () => {
    const fast = controllableTool('qiongli_task_plan', () => success({ ok: 1 }));
    const transport = new FakeTransport();
    const connection = new McpConnection(
      transport,
      new ToolRegistry([fast], new Set(ALL_CAPABILITY_GROUPS)),
      { name: 'qiongli', version: '0', title: 'Q', instructions: 'i' },
      { finished() {}, failed() {} },
      testConnectionOptions(),
    );
    connection.start();
    transport.receive(modern(1, 'tools/call', { name: 'qiongli_task_plan', arguments: {} }));
    const result = transport.responseTo(1).result;
    assert.equal(result.resultType, 'complete');
    assert.deepEqual(result.structuredContent, { ok: 1 });
  });
});
