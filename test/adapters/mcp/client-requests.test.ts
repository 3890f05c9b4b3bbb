import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClientRequests, CLIENT_REQUEST_BOUNDS } from '../../../src/adapters/mcp/client-requests.js';

/** A ClientRequests whose sent frames are kept, parsed. */
function requests(bounds = { maxOutstanding: 2, timeoutMs: 1_000 }) {
  const sent: any[] = [];
  const outbound = new ClientRequests(bounds);
  const send = (frame: string) => sent.push(JSON.parse(frame));
  return { outbound, sent, send };
}

describe('requests to the client (docs/protocol.md#requests-to-the-client)', () => {
  it('bounds the product uses: four out at once, 45 s each', () => {
    assert.deepEqual(CLIENT_REQUEST_BOUNDS, { maxOutstanding: 4, timeoutMs: 45_000 });
  });

  it("sends a request under a server-chosen id and settles it with the client's result for that id", async () => {
    const { outbound, sent, send } = requests();
    const answer = outbound.ask('elicitation/create', { mode: 'url' }, send);
    assert.deepEqual(sent, [{ jsonrpc: '2.0', id: 'qiongli-1', method: 'elicitation/create', params: { mode: 'url' } }]);
    outbound.receiveAnswer('qiongli-1', { kind: 'result', value: { action: 'accept' } });
    assert.deepEqual(await answer, { kind: 'result', value: { action: 'accept' } });
    assert.equal(outbound.outstanding, 0);
  });

  it('never reuses an id and matches each answer to its own request, in any order', async () => {
    const { outbound, sent, send } = requests();
    const first = outbound.ask('m', {}, send);
    const second = outbound.ask('m', {}, send);
    assert.deepEqual(
      sent.map((frame) => frame.id),
      ['qiongli-1', 'qiongli-2'],
    );
    outbound.receiveAnswer('qiongli-2', { kind: 'result', value: 2 });
    outbound.receiveAnswer('qiongli-1', { kind: 'error' });
    assert.deepEqual(await second, { kind: 'result', value: 2 });
    assert.deepEqual(await first, { kind: 'error' });
    const third = outbound.ask('m', {}, send);
    assert.equal(sent.at(-1).id, 'qiongli-3');
    outbound.receiveAnswer('qiongli-3', { kind: 'result', value: 3 });
    await third;
  });

  it('ignores answers with an unknown id, a numeric id, or an id already settled (a duplicate)', async () => {
    const { outbound, send } = requests();
    const answer = outbound.ask('m', {}, send);
    outbound.receiveAnswer('qiongli-99', { kind: 'result', value: 'wrong' });
    outbound.receiveAnswer(1, { kind: 'result', value: 'numeric' });
    assert.equal(outbound.outstanding, 1);
    outbound.receiveAnswer('qiongli-1', { kind: 'result', value: 'first' });
    outbound.receiveAnswer('qiongli-1', { kind: 'result', value: 'duplicate' });
    assert.deepEqual(await answer, { kind: 'result', value: 'first' });
  });

  it('answers no_answer at once, sending nothing, past the bound of requests out', async () => {
    const { outbound, sent, send } = requests({ maxOutstanding: 2, timeoutMs: 1_000 });
    const pending = [outbound.ask('m', {}, send), outbound.ask('m', {}, send)];
    assert.deepEqual(await outbound.ask('m', {}, send), { kind: 'no_answer' });
    assert.equal(sent.length, 2);
    outbound.closeAll();
    await Promise.all(pending);
  });

  it('stops waiting after its timeout, tells the client the request is cancelled, and ignores a late answer', async () => {
    const { outbound, sent, send } = requests({ maxOutstanding: 2, timeoutMs: 20 });
    const answer = await outbound.ask('m', {}, send);
    assert.deepEqual(answer, { kind: 'no_answer' });
    assert.deepEqual(sent[1], { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'qiongli-1' } });
    outbound.receiveAnswer('qiongli-1', { kind: 'result', value: 'late' });
    assert.equal(outbound.outstanding, 0);
  });

  it('ends the wait when the call is cancelled, and sends nothing for a signal already aborted', async () => {
    const { outbound, sent, send } = requests();
    const controller = new AbortController();
    const answer = outbound.ask('m', {}, send, controller.signal);
    controller.abort();
    assert.deepEqual(await answer, { kind: 'no_answer' });
    assert.equal(sent.at(-1).method, 'notifications/cancelled');
    const count = sent.length;
    assert.deepEqual(await outbound.ask('m', {}, send, controller.signal), { kind: 'no_answer' });
    assert.equal(sent.length, count);
  });

  it('ends every wait when no answer can come any more (end of input, stop), and sends nothing after', async () => {
    const { outbound, sent, send } = requests();
    const waits = [outbound.ask('m', {}, send), outbound.ask('m', {}, send)];
    outbound.closeAll();
    assert.deepEqual(await Promise.all(waits), [{ kind: 'no_answer' }, { kind: 'no_answer' }]);
    assert.deepEqual(await outbound.ask('m', {}, send), { kind: 'no_answer' });
    assert.equal(sent.length, 2);
  });
});
