import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AesGcmSealedTokens } from '../../../src/adapters/sealed-token/index.js';
import { Message } from '../../../src/adapters/mcp/protocol-constants.js';
import { MAX_PENDING_INPUTS, REQUEST_STATE_TTL_MS } from '../../../src/adapters/mcp/input-requests.js';
import { call } from '../../support/messages.js';
import { tick } from './connection-support.js';
import { PAGE_MESSAGE, PAGE_URL, URL_MODE, connectWith, handOffTool, modernCall, serverRequests } from './hand-off-support.js';

const CONFIGURE = 'qiongli_configure_provider';
const ARGS = { provider: 'crossref' };
const ACCEPT = { inputResponses: { open_page: { action: 'accept' } } };

/** A 2026-07-28 URL-mode connection whose first call (id 1) got an input-required result. */
async function inputRequired(options = {}, tools = [handOffTool()]) {
  const session = connectWith(
    tools.map((page) => page.tool),
    '2026-07-28',
    {},
    options,
  );
  session.transport.receive(modernCall(1, CONFIGURE, ARGS, URL_MODE));
  await tick();
  const result = session.transport.responseTo(1).result;
  const retry = (id: number, extra: Record<string, unknown>, name = CONFIGURE, args: Record<string, unknown> = ARGS) => {
    session.transport.receive(modernCall(id, name, args, URL_MODE, extra));
    return session.transport.responseTo(id);
  };
  return { ...session, result, retry, page: tools[0]! };
}

describe('input-required results on 2026-07-28 (docs/protocol.md#input-required-results)', () => {
  it('answers a URL-mode call with an InputRequiredResult: a URL-mode elicitation and a sealed requestState', async () => {
    const { result, transport } = await inputRequired();
    assert.deepEqual(Object.keys(result).sort(), ['_meta', 'inputRequests', 'requestState', 'resultType']);
    assert.equal(result.resultType, 'input_required');
    assert.deepEqual(result.inputRequests, { open_page: { method: 'elicitation/create', params: { mode: 'url', message: PAGE_MESSAGE, url: PAGE_URL } } });
    assert.match(result.requestState, /^q1\.[A-Za-z0-9_-]+$/);
    assert.ok(!result.requestState.includes('crossref') && !result.requestState.includes(CONFIGURE), 'the state is opaque');
    assert.deepEqual(result._meta, { 'io.modelcontextprotocol/serverInfo': { name: 'qiongli', version: '0.0.0' } });
    assert.deepEqual(serverRequests(transport), [], 'the modern era sends no server-to-client request');
  });

  it('completes the retry that carries the answer and the state, without running the tool again', async () => {
    const { result, retry, page } = await inputRequired();
    const answer = retry(2, { ...ACCEPT, requestState: result.requestState });
    assert.equal(answer.result.resultType, 'complete');
    assert.deepEqual(answer.result.structuredContent, { url: PAGE_URL, offer: 'accepted' });
    assert.equal(page.state.runs, 1);
  });

  for (const [action, offer] of [
    ['decline', 'declined'],
    ['cancel', 'cancelled'],
  ] as const) {
    it(`completes a retry whose answer is ${action} with the offer ${offer}`, async () => {
      const { result, retry } = await inputRequired();
      assert.equal(retry(2, { inputResponses: { open_page: { action } }, requestState: result.requestState }).result.structuredContent.offer, offer);
    });
  }

  it('refuses a replayed state with a static -32602, after it completed once', async () => {
    const { result, retry } = await inputRequired();
    retry(2, { ...ACCEPT, requestState: result.requestState });
    assert.deepEqual(retry(3, { ...ACCEPT, requestState: result.requestState }).error, { code: -32602, message: Message.invalidRequestState });
  });

  it('refuses a tampered state', async () => {
    const { result, retry } = await inputRequired();
    const state: string = result.requestState;
    const flipped = state.slice(0, -2) + (state.at(-2) === 'A' ? 'B' : 'A') + state.at(-1);
    for (const tampered of [flipped, `${state}x`, state.slice(0, -1), 'q1.AAAA', '', 7, null, { n: 1 }]) {
      const answer = retry(2, { ...ACCEPT, requestState: tampered });
      assert.deepEqual(answer.error, { code: -32602, message: Message.invalidRequestState }, JSON.stringify(tampered));
      assert.ok(!JSON.stringify(answer).includes(String(tampered).slice(3, 20)) || typeof tampered !== 'string' || tampered.length < 8, 'never echoed');
    }
    assert.equal(retry(3, { ...ACCEPT, requestState: state }).result.structuredContent.offer, 'accepted', 'the genuine state still works once');
  });

  it('refuses a foreign state: issued for another tool, for other arguments, or by another process', async () => {
    const alias = handOffTool('qiongli_open_config_wizard');
    const { result, retry } = await inputRequired({}, [handOffTool(), alias]);
    assert.equal(retry(2, { ...ACCEPT, requestState: result.requestState }, 'qiongli_open_config_wizard').error.code, -32602);
    assert.equal(retry(3, { ...ACCEPT, requestState: result.requestState }, CONFIGURE, { provider: 'pubmed' }).error.code, -32602);
    const other = await inputRequired();
    assert.equal(other.retry(2, { ...ACCEPT, requestState: result.requestState }).error.code, -32602);
    assert.equal(retry(4, { ...ACCEPT, requestState: result.requestState }).result.structuredContent.offer, 'accepted');
  });

  it('binds the state to the arguments, not to their key order', async () => {
    const { transport, retry } = await inputRequired();
    transport.receive(modernCall(5, CONFIGURE, { provider: 'crossref', host: 'localhost' }, URL_MODE));
    await tick();
    const state = transport.responseTo(5).result.requestState;
    assert.equal(
      retry(6, { ...ACCEPT, requestState: state }, CONFIGURE, { host: 'localhost', provider: 'crossref' }).result.structuredContent.offer,
      'accepted',
    );
  });

  it('refuses an expired state', async () => {
    let now = 1_000_000;
    const { result, retry } = await inputRequired({ sealedTokens: new AesGcmSealedTokens(() => now) });
    now += REQUEST_STATE_TTL_MS + 1;
    assert.deepEqual(retry(2, { ...ACCEPT, requestState: result.requestState }).error, { code: -32602, message: Message.invalidRequestState });
  });

  it('asks again, under a new state, when the retry carries no answer; the old state is spent', async () => {
    const { result, retry } = await inputRequired();
    const again = retry(2, { requestState: result.requestState }).result;
    assert.equal(again.resultType, 'input_required');
    assert.notEqual(again.requestState, result.requestState);
    assert.equal(retry(3, { inputResponses: { other: { action: 'accept' } }, requestState: again.requestState }).result.resultType, 'input_required');
    assert.equal(retry(4, { ...ACCEPT, requestState: result.requestState }).error.code, -32602);
  });

  it('refuses malformed inputResponses with a static -32602', async () => {
    for (const inputResponses of [[], 'accept', { open_page: { action: 'maybe' } }, { open_page: 'accept' }]) {
      const { result, retry } = await inputRequired();
      assert.deepEqual(retry(2, { inputResponses, requestState: result.requestState }).error, { code: -32602, message: Message.malformedInputResponses });
    }
  });

  it('refuses a state presented to a call that never issued one', async () => {
    const { result, retry } = await inputRequired();
    assert.equal(retry(2, { ...ACCEPT, requestState: result.requestState }, 'qiongli_task_plan', ARGS).error.code, -32602);
  });

  it('keeps at most a bounded number of input requests waiting: the oldest is forgotten', async () => {
    const { result, transport, retry } = await inputRequired();
    for (let id = 10; id < 10 + MAX_PENDING_INPUTS; id++) transport.receive(modernCall(id, CONFIGURE, ARGS, URL_MODE));
    await tick();
    assert.equal(retry(2, { ...ACCEPT, requestState: result.requestState }).error.code, -32602);
    assert.equal(retry(3, { ...ACCEPT, requestState: transport.responseTo(10 + MAX_PENDING_INPUTS - 1).result.requestState }).result.resultType, 'complete');
  });

  it('completes at once with not_offered for a client without URL mode', async () => {
    const page = handOffTool();
    const { transport } = connectWith([page.tool], '2026-07-28');
    transport.receive(modernCall(1, CONFIGURE, ARGS, { elicitation: { form: {} } }));
    await tick();
    const { result } = transport.responseTo(1);
    assert.equal(result.resultType, 'complete');
    assert.equal(result.structuredContent.offer, 'not_offered');
  });

  it('takes requestState and inputResponses as call params only on 2026-07-28', async () => {
    const page = handOffTool();
    const { transport } = connectWith([page.tool], '2025-11-25', URL_MODE);
    transport.receive({ ...call(1, CONFIGURE), params: { name: CONFIGURE, arguments: {}, requestState: 'q1.x' } });
    assert.deepEqual(transport.responseTo(1).error, { code: -32602, message: Message.invalidToolCall });
  });
});
