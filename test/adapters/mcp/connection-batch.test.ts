import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { MAX_PENDING_ANSWERS } from '../../../src/adapters/mcp/connection.js';
import { success } from '../../../src/domain/shared/result.js';
import { request } from '../../support/messages.js';
import { connect, controllableTool, tick } from './connection-support.js';

const MiB = 1024 * 1024;
const call = (id: number, args: Record<string, unknown> = {}) => request(id, 'tools/call', { name: 'qiongli_task_plan', arguments: args });
/** An answer near the widened budget (100,000 characters of text; SPEC §13): about 95 KB each, 89 of them pass 8 MiB. */
const NEAR_BUDGET = 95_000;
const bigCalls = (count: number, args: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, index) => call(index + 1, { size: NEAR_BUDGET, wide: true, key: index + 1, ...args }));

/** A batch-era connection whose tool answers `{blob}` of `args.size` copies of `args.char`, at once or when released. */
function batchConnection(mode: 'sync' | 'held' = 'sync') {
  let runs = 0;
  const releases = new Map<number, () => void>();
  const tool = controllableTool('qiongli_task_plan', (args) => {
    runs++;
    const outcome = () => success({ blob: String(args.char ?? 'x').repeat(Number(args.size ?? 1)) });
    // `wide` widens the answer's budget to 100,000 characters (connection-support's test tool).
    if (mode === 'sync') return outcome();
    return new Promise((resolve) => releases.set(Number(args.key ?? runs), () => resolve(outcome())));
  });
  const connection = connect([tool], '2025-03-26');
  return { ...connection, runs: () => runs, releases };
}

/** The last frame sent, parsed, with its encoded size in bytes. */
const lastFrame = (sent: { payload: string }[]) => {
  const payload = sent.at(-1)!.payload;
  return { value: JSON.parse(payload), bytes: Buffer.byteLength(payload) };
};

describe('MCP connection: batches and their bounds (2025-03-26)', () => {
  it('refuses a batch of more than 1024 elements with one -32600 (id null) and runs none of its elements', () => {
    const { transport, runs } = batchConnection();
    const before = transport.sent.length;
    transport.receive(Array.from({ length: 1025 }, (_, index) => call(index + 1)));
    assert.equal(transport.sent.length, before + 1);
    const { value } = lastFrame(transport.sent);
    assert.equal(value.id, null);
    assert.equal(value.error.code, -32600);
    assert.equal(runs(), 0);
  });

  it('answers a batch of exactly 1024 elements with 1024 answers in element order', () => {
    const { transport } = batchConnection();
    transport.receive(Array.from({ length: 1024 }, (_, index) => request(index + 1, 'ping')));
    const { value } = lastFrame(transport.sent);
    assert.deepEqual(
      value.map((answer: any) => answer.id),
      Array.from({ length: 1024 }, (_, index) => index + 1),
    );
  });

  it('answers an oversized array that is not valid JSON with a parse error, not a batch error', () => {
    const { transport } = batchConnection();
    transport.receive(`[${'{"jsonrpc":"2.0","method":"ping"},'.repeat(1100)}]`);
    assert.equal(lastFrame(transport.sent).value.error.code, -32700);
  });

  it('replaces the answers that would push the array past 8 MiB with -32603 tool-output-too-large and keeps the rest', () => {
    const { transport } = batchConnection();
    transport.receive([...bigCalls(100), request(101, 'ping')]);
    const { value, bytes } = lastFrame(transport.sent);
    assert.ok(bytes <= 8 * MiB);
    assert.deepEqual(
      value.map((answer: any) => answer.id),
      Array.from({ length: 101 }, (_, index) => index + 1),
    );
    const kinds = value.map((answer: any) => ('result' in answer ? 'result' : answer.error.code));
    const first = kinds.indexOf(-32603);
    assert.ok(first > 80 && kinds.slice(0, first).every((kind: unknown) => kind === 'result'), `${first}`);
    assert.deepEqual(value[first].error.data, { reason_code: 'tool-output-too-large' });
    assert.equal(kinds.at(-1), 'result', 'the ping after them is answered');
  });

  it('measures the 8 MiB bound in UTF-8 bytes, not in characters', () => {
    const { transport } = batchConnection();
    // 90 answers of 33,000 characters: 3 MB in characters, 9 MB in UTF-8 bytes.
    transport.receive(bigCalls(90, { size: 33_000, char: '文' }));
    const { value, bytes } = lastFrame(transport.sent);
    assert.ok(bytes <= 8 * MiB);
    const kinds = value.map((answer: any) => ('result' in answer ? 'result' : answer.error.code));
    assert.equal(kinds[0], 'result');
    assert.equal(kinds.at(-1), -32603);
  });

  it('lets an earlier element that settles last displace a later answer, never the other way round', async () => {
    const { transport, releases } = batchConnection('held');
    // 64 answers (the in-flight bound) of 98,000 characters, 196,000 UTF-8 bytes each: 12.5 MB together.
    transport.receive(bigCalls(MAX_PENDING_ANSWERS, { size: 49_000, char: '😀' }));
    for (let key = MAX_PENDING_ANSWERS; key >= 1; key--) {
      releases.get(key)!();
      await tick();
    }
    const { value, bytes } = lastFrame(transport.sent);
    assert.ok(bytes <= 8 * MiB);
    assert.ok(value[0].result, 'the first element, settled last, keeps its answer');
    assert.equal(value.at(-1).error.code, -32603, 'the last one, settled first, gave way');
  });

  it('counts batch elements against the in-flight bound: the rest wait, reading pauses, and all are answered', async () => {
    const { transport, runs, releases, events } = batchConnection('held');
    transport.receive(Array.from({ length: 100 }, (_, index) => call(index + 1, { key: index + 1 })));
    assert.equal(runs(), MAX_PENDING_ANSWERS, 'elements past the bound have not started');
    assert.deepEqual(transport.readingCalls, ['pause']);
    transport.end();
    for (let key = 1; key <= 100; key++) {
      while (!releases.has(key)) await tick();
      releases.get(key)!();
    }
    await tick();
    const { value } = lastFrame(transport.sent);
    assert.equal(value.length, 100);
    assert.ok(value.every((answer: any) => 'result' in answer));
    assert.deepEqual(transport.readingCalls, ['pause', 'resume']);
    assert.equal(events.finished, 1, 'end of input is reported once the batch was answered');
  });

  it('leaves a cancelled element out of the array and still answers the others', async () => {
    const { transport, releases } = batchConnection('held');
    transport.receive([call(1, { key: 1 }), call(2, { key: 2 }), { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }]);
    releases.get(1)!();
    releases.get(2)!();
    await tick();
    assert.deepEqual(
      lastFrame(transport.sent).value.map((answer: any) => answer.id),
      [2],
    );
  });
});
