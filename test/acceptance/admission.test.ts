import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exchange, lines, parseLines, runProgram } from '../support/run-program.js';
import { call, initialize, request } from '../support/messages.js';

const ping = (id: unknown) => ({ jsonrpc: '2.0', id, method: 'ping' });
const nest = (depth: number): unknown => (depth === 0 ? 1 : { a: nest(depth - 1) });

describe('admission over stdio (docs/protocol.md#admission)', () => {
  it('answers text that is not JSON with -32700 and id null, then keeps serving', async () => {
    const { responses } = await exchange('{not json', ping(1));
    assert.deepEqual(responses[0], { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    assert.deepEqual(responses[1], { jsonrpc: '2.0', id: 1, result: {} });
  });

  it('answers bytes that are not UTF-8 with -32700 (docs/protocol.md#admission step 1)', async () => {
    const input = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,"method":"p\xff"}', 'latin1'), Buffer.from('\n' + lines(ping(2)))]);
    const run = await runProgram({ input });
    const responses = parseLines(run.stdout) as any[];
    assert.equal(responses[0].error.code, -32700);
    assert.equal(responses[0].id, null);
    assert.deepEqual(responses[1].result, {});
  });

  it('accepts 32 nested containers and refuses 33 with -32600, echoing a valid id (step 2)', async () => {
    // the message is one container; params = nest(31) adds 31 more: 32 in all
    const ok = { jsonrpc: '2.0', id: 'deep-ok', method: 'ping', params: nest(31) };
    const tooDeep = { jsonrpc: '2.0', id: 'deep-no', method: 'ping', params: nest(32) };
    const { responses } = await exchange(ok, tooDeep);
    assert.deepEqual(responses[0], { jsonrpc: '2.0', id: 'deep-ok', result: {} });
    assert.equal(responses[1].id, 'deep-no');
    assert.equal(responses[1].error.code, -32600);
  });

  it('answers a too-deep message whose id is invalid with id null (step 2)', async () => {
    const { responses } = await exchange({ jsonrpc: '2.0', id: 1.5, method: 'ping', params: nest(40) });
    assert.equal(responses[0].id, null);
    assert.equal(responses[0].error.code, -32600);
  });

  it('refuses a wrong jsonrpc version with -32600 and the id echoed (step 3)', async () => {
    const { responses } = await exchange({ jsonrpc: '1.0', id: 7, method: 'ping' });
    assert.deepEqual(responses[0].error.code, -32600);
    assert.equal(responses[0].id, 7);
  });

  it('refuses an empty method and a method over 128 UTF-8 bytes (step 3)', async () => {
    const { responses } = await exchange(
      initialize(0),
      { jsonrpc: '2.0', id: 1, method: '' },
      { jsonrpc: '2.0', id: 2, method: 'é'.repeat(65) },
      { jsonrpc: '2.0', id: 3, method: 'x'.repeat(128) },
    );
    assert.equal(responses[1].error.code, -32600);
    assert.equal(responses[2].error.code, -32600);
    assert.equal(responses[3].error.code, -32601, 'a 128-byte method is admitted, then unknown');
  });

  it('refuses any top-level key outside jsonrpc, method, id and params (step 3)', async () => {
    const { responses } = await exchange({ jsonrpc: '2.0', id: 4, method: 'ping', extra: true });
    assert.equal(responses[0].error.code, -32600);
    assert.equal(responses[0].id, 4);
  });

  it('refuses ids that are not short strings or safe integers, answering with id null (step 3)', async () => {
    const { responses } = await exchange(ping('i'.repeat(129)), ping(1.5), ping(2 ** 53), ping({ a: 1 }), ping(true), ping('i'.repeat(128)), ping(-42));
    for (const response of responses.slice(0, 5)) {
      assert.equal(response.id, null);
      assert.equal(response.error.code, -32600);
    }
    assert.deepEqual(responses[5], { jsonrpc: '2.0', id: 'i'.repeat(128), result: {} });
    assert.deepEqual(responses[6], { jsonrpc: '2.0', id: -42, result: {} });
  });

  it('refuses params that are not an object (step 3)', async () => {
    const { responses } = await exchange({ jsonrpc: '2.0', id: 5, method: 'ping', params: [1, 2] });
    assert.equal(responses[0].error.code, -32600);
  });

  it('answers a malformed id-less message with an invalid-request error (step 3)', async () => {
    const { responses } = await exchange({ jsonrpc: '2.0', method: 42 }, { jsonrpc: '2.0' }, 'null', '3');
    assert.equal(responses.length, 4);
    for (const response of responses) assert.deepEqual([response.id, response.error.code], [null, -32600]);
  });

  it('ignores client responses silently (step 3 exception)', async () => {
    const { responses } = await exchange({ jsonrpc: '2.0', id: 9, result: {} }, { jsonrpc: '2.0', id: 10, error: { code: 1, message: 'x' } }, ping(11));
    assert.deepEqual(responses, [{ jsonrpc: '2.0', id: 11, result: {} }]);
  });

  it('refuses encoded params over 256 KiB with -32602 (step 4)', async () => {
    const big = { jsonrpc: '2.0', id: 12, method: 'ping', params: { pad: 'x'.repeat(256 * 1024) } };
    const fits = { jsonrpc: '2.0', id: 13, method: 'ping', params: { pad: 'x'.repeat(256 * 1024 - 20) } };
    const { responses } = await exchange(big, fits);
    assert.equal(responses[0].error.code, -32602);
    assert.equal(responses[0].id, 12);
    assert.deepEqual(responses[1].result, {});
  });

  it('applies the 256 KiB budget to tools/call of an ordinary tool (step 4)', async () => {
    const { responses } = await exchange(initialize(0), call(1, 'qiongli_orchestrator_route', { request: 'x'.repeat(300 * 1024) }));
    assert.equal(responses[1].error.code, -32602);
  });

  it('never answers a notification, whatever it asks (step 5)', async () => {
    const { responses } = await exchange(
      { jsonrpc: '2.0', method: 'tools/list' },
      { jsonrpc: '2.0', method: 'no/such/method', params: { a: 1 } },
      { jsonrpc: '2.0', method: 'initialize' },
      ping(1),
    );
    assert.deepEqual(responses, [{ jsonrpc: '2.0', id: 1, result: {} }]);
  });

  it('answers an explicit null id with -32600 and id null (step 5)', async () => {
    const { responses } = await exchange(request(null, 'ping'));
    assert.deepEqual(responses[0].id, null);
    assert.equal(responses[0].error.code, -32600);
  });

  it('changes no negotiation state for an inadmissible initialize (docs/protocol.md#admission, last line)', async () => {
    const bad = { ...initialize(1, '2025-03-26'), extra: 1 };
    const { responses } = await exchange(bad, initialize(2, '2025-03-26'));
    assert.equal(responses[0].error.code, -32600);
    assert.equal(responses[1].result.protocolVersion, '2025-03-26');
  });

  it('never echoes peer text in any error (docs/protocol.md#admission)', async () => {
    const canary = 'CANARY-q1x9';
    const { responses, run } = await exchange(
      `{"${canary}":`,
      { jsonrpc: '2.0', id: canary, method: canary, [canary]: canary },
      { jsonrpc: '2.0', id: 1, method: canary },
      initialize(2),
      { jsonrpc: '2.0', id: 3, method: canary, params: { [canary]: canary } },
      call(4, canary, { [canary]: canary }),
      call(5, 'qiongli_orchestrator_route', { [canary]: canary }),
      call(6, 'qiongli_orchestrator_route', { request: 'fine', platform: canary }),
    );
    assert.equal(responses.length, 8);
    const errorsOnly = responses.map((response) => (response.id === canary ? { ...response, id: null } : response));
    assert.ok(!JSON.stringify(errorsOnly).includes(canary));
    assert.equal(run.stderr, '');
  });
});
