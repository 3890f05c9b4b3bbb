import { describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { call } from '../../support/messages.js';
import { tick } from './connection-support.js';
import { PAGE_MESSAGE, PAGE_URL, URL_MODE, connectWith, handOffTool, serverNotifications, serverRequests } from './hand-off-support.js';

/** The wait for the client's answer, on node:test's mock clock (no test depends on how busy the machine is). */
const TIMEOUT_MS = 30_000;
const SHORT = { clientRequests: { maxOutstanding: 4, timeoutMs: TIMEOUT_MS } };

/** Lets the mock clock pass the whole wait, then lets the answer go out. */
async function pastTheWait(t: TestContext): Promise<void> {
  t.mock.timers.tick(TIMEOUT_MS);
  await tick();
}

/** A 2025-11-25 URL-mode connection that called the hand-off tool (id 1) and got the elicitation request. */
async function elicited(options = {}) {
  const page = handOffTool();
  const session = connectWith([page.tool], '2025-11-25', URL_MODE, options);
  session.transport.receive(call(1, 'qiongli_configure_provider'));
  await tick();
  const [request] = serverRequests(session.transport);
  return { ...page, ...session, request };
}

describe('URL elicitation on 2025-11-25 (docs/protocol.md#url-elicitation)', () => {
  it('asks a URL-mode client to open the page with elicitation/create {mode, url, elicitationId, message}, before answering the call', async () => {
    const { transport, request } = await elicited();
    assert.equal(request.method, 'elicitation/create');
    assert.equal(request.id, 'qiongli-1');
    assert.deepEqual(Object.keys(request.params).sort(), ['elicitationId', 'message', 'mode', 'url']);
    assert.equal(request.params.mode, 'url');
    assert.equal(request.params.url, PAGE_URL);
    assert.equal(request.params.message, PAGE_MESSAGE);
    assert.match(request.params.elicitationId, /^[0-9a-f-]{36}$/);
    assert.equal(transport.responseTo(1), undefined);
  });

  it('answers the call with the accepted offer, then sends notifications/elicitation/complete with the same elicitationId after the save', async () => {
    const { transport, request, save } = await elicited();
    transport.receive({ jsonrpc: '2.0', id: request.id, result: { action: 'accept' } });
    await tick();
    assert.deepEqual(transport.responseTo(1).result.structuredContent, { url: PAGE_URL, offer: 'accepted' });
    assert.deepEqual(serverNotifications(transport, 'notifications/elicitation/complete'), []);
    save();
    await tick();
    assert.deepEqual(serverNotifications(transport, 'notifications/elicitation/complete'), [
      { jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId: request.params.elicitationId } },
    ]);
  });

  for (const [action, offer] of [
    ['decline', 'declined'],
    ['cancel', 'cancelled'],
  ] as const) {
    it(`reports a ${action} as ${offer} and sends no completion, even after a save`, async () => {
      const { transport, request, save } = await elicited();
      transport.receive({ jsonrpc: '2.0', id: request.id, result: { action } });
      await tick();
      assert.equal(transport.responseTo(1).result.structuredContent.offer, offer);
      save();
      await tick();
      assert.deepEqual(serverNotifications(transport, 'notifications/elicitation/complete'), []);
    });
  }

  it('sends no completion when the page closed without a save', async () => {
    const { transport, request, save } = await elicited();
    transport.receive({ jsonrpc: '2.0', id: request.id, result: { action: 'accept' } });
    save(false);
    await tick();
    assert.deepEqual(serverNotifications(transport, 'notifications/elicitation/complete'), []);
  });

  it('ignores an answer with a wrong id (never echoing it), then times out with no_answer and cancels its request', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { transport, request } = await elicited(SHORT);
    const before = transport.sent.length;
    transport.receive({ jsonrpc: '2.0', id: 'qiongli-999', result: { action: 'accept' } });
    transport.receive({ jsonrpc: '2.0', id: 1, result: { action: 'accept' } });
    await tick();
    assert.equal(transport.sent.length, before, 'nothing answers a response');
    await pastTheWait(t);
    assert.equal(transport.responseTo(1).result.structuredContent.offer, 'no_answer');
    assert.deepEqual(serverNotifications(transport, 'notifications/cancelled').at(-1).params, { requestId: request.id });
  });

  it('takes the first of duplicate answers and ignores the second silently', async () => {
    const { transport, request } = await elicited();
    transport.receive({ jsonrpc: '2.0', id: request.id, result: { action: 'decline' } });
    await tick();
    const after = transport.sent.length;
    transport.receive({ jsonrpc: '2.0', id: request.id, result: { action: 'accept' } });
    await tick();
    assert.equal(transport.sent.length, after);
    assert.equal(transport.responseTo(1).result.structuredContent.offer, 'declined');
  });

  it('answers no_answer when no answer comes at all within the wait', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { transport } = await elicited(SHORT);
    await pastTheWait(t);
    assert.equal(transport.responseTo(1).result.structuredContent.offer, 'no_answer');
  });

  it('counts an error answer, or a result without a known action, as no_answer', async () => {
    for (const answer of [{ error: { code: -32602, message: 'no' } }, { result: { action: 'maybe' } }, { result: null }]) {
      const { transport, request } = await elicited();
      transport.receive({ jsonrpc: '2.0', id: request.id, ...answer });
      await tick();
      assert.equal(transport.responseTo(1).result.structuredContent.offer, 'no_answer', JSON.stringify(answer));
    }
  });

  it('never takes a request for a response: a request reusing the id gets its own answer and settles nothing', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { transport, request } = await elicited(SHORT);
    transport.receive({ jsonrpc: '2.0', id: request.id, method: 'ping' });
    transport.receive({ jsonrpc: '2.0', id: request.id, method: 'x', result: { action: 'accept' } });
    await tick();
    const answers = transport.messages().filter((message) => message.id === request.id && !('method' in message));
    assert.deepEqual(answers[0], { jsonrpc: '2.0', id: request.id, result: {} });
    assert.equal(answers[1].error.code, -32600);
    assert.equal(transport.responseTo(1), undefined);
    await pastTheWait(t);
    assert.equal(transport.responseTo(1).result.structuredContent.offer, 'no_answer');
  });

  it('ignores malformed responses: extra keys, both result and error, a null id', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { transport, request } = await elicited(SHORT);
    const before = transport.sent.length;
    transport.receive({ jsonrpc: '2.0', id: request.id, result: { action: 'accept' }, extra: 1 });
    transport.receive({ jsonrpc: '2.0', id: request.id, result: { action: 'accept' }, error: { code: 1, message: 'x' } });
    transport.receive({ jsonrpc: '1.0', id: request.id, result: { action: 'accept' } });
    transport.receive({ jsonrpc: '2.0', id: null, result: { action: 'accept' } });
    await tick();
    assert.equal(transport.sent.length, before);
    await pastTheWait(t);
    assert.equal(transport.responseTo(1).result.structuredContent.offer, 'no_answer');
  });

  it('answers the call with no_answer at end of input, then finishes', async () => {
    const { transport, events } = await elicited();
    transport.end();
    await tick();
    assert.equal(transport.responseTo(1).result.structuredContent.offer, 'no_answer');
    assert.equal(events.finished, 1);
  });

  it('cancels its request when the client cancels the call, and answers nothing for the call', async () => {
    const { transport, request } = await elicited();
    transport.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    await tick();
    assert.deepEqual(serverNotifications(transport, 'notifications/cancelled').at(-1).params, { requestId: request.id });
    assert.equal(transport.responseTo(1), undefined);
  });

  it('sends nothing more after a stop, not even the completion', async () => {
    const { transport, connection, request, save } = await elicited();
    transport.receive({ jsonrpc: '2.0', id: request.id, result: { action: 'accept' } });
    await tick();
    connection.stop();
    const count = transport.sent.length;
    save();
    await tick();
    assert.equal(transport.sent.length, count);
  });

  it('sends no request to a client without URL mode: form-only, no elicitation, or a revision before 2025-11-25', async () => {
    for (const [revision, capabilities] of [
      ['2025-11-25', {}],
      ['2025-11-25', { elicitation: {} }],
      ['2025-11-25', { elicitation: { form: {} } }],
      ['2025-11-25', { elicitation: { url: true } }],
      ['2025-06-18', URL_MODE],
      ['2025-03-26', URL_MODE],
    ] as const) {
      const page = handOffTool();
      const { transport } = connectWith([page.tool], revision, capabilities);
      transport.receive(call(1, 'qiongli_configure_provider'));
      await tick();
      assert.deepEqual(serverRequests(transport), [], `${revision} ${JSON.stringify(capabilities)}`);
      const answer = transport.responseTo(1).result;
      const value = answer.structuredContent ?? JSON.parse(answer.content[0].text);
      assert.equal(value.offer, 'not_offered');
    }
  });

  it('bounds the requests out at once: past the bound the call answers no_answer without a request', async () => {
    const page = handOffTool();
    const { transport } = connectWith([page.tool], '2025-11-25', URL_MODE, { clientRequests: { maxOutstanding: 1, timeoutMs: 1_000 } });
    transport.receive(call(1, 'qiongli_configure_provider'));
    transport.receive(call(2, 'qiongli_configure_provider'));
    await tick();
    assert.equal(serverRequests(transport).length, 1);
    assert.equal(transport.responseTo(2).result.structuredContent.offer, 'no_answer');
    transport.end();
  });
});
