import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { performance } from 'node:perf_hooks';
import { LIMITS } from '../../src/adapters/mcp/protocol-constants.js';
import { createContainer } from '../../src/composition/create-container.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { initialize, request } from '../support/messages.js';
import { CONTRACT_MS, describeSamples, probeUntilWithin } from './provider-lag-probe.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';

/** The ping contract: a ping sent while a frame is worked on is answered within this. */
const PING_CONTRACT_MS = 100;

/** An evidence export whose one result object holds `members` keys: `{"k0":0,"k1":1,…}`. */
const wideFrame = (id: string, members: number): string => {
  const keys = Array.from({ length: members }, (_, index) => `"k${index}":${index % 10}`).join(',');
  return `{"jsonrpc":"2.0","id":"${id}","method":"tools/call","params":{"name":"qiongli_literature_export_evidence","arguments":{"results":[{${keys}}]}}}`;
};

/** Counts the values the prescan counts: `{`, `[` and `,` outside strings (the frames here have none inside). */
const valuesOf = (frame: string): number => frame.replace(/[^{[,]/g, '').length;

function connect(): FakeTransport {
  const container = createContainer('lite');
  const transport = new FakeTransport();
  mcpConnection(container, transport, { finished: () => undefined, failed: () => undefined }).start();
  transport.receive(initialize(0, '2025-06-18'));
  return transport;
}

/**
 * Delivers `frame` with a ping read right behind it (as a transport reads what arrived together),
 * then waits for the frame's answer; returns the ping's latency and the answer.
 */
async function frameThenPing(transport: FakeTransport, frame: string, id: string, attempt: number): Promise<{ pingMs: number; answer: any }> {
  const sent = performance.now();
  transport.receive(frame);
  transport.receive(request(`ping-${attempt}`, 'ping'));
  const pingMs = performance.now() - sent;
  assert.deepEqual(transport.responseTo(`ping-${attempt}`)?.result, {});
  for (;;) {
    const answer = transport.responseTo(id) ?? transport.messages().find((message) => message.id === null && message.error);
    if (answer !== undefined) return { pingMs, answer };
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('a frame holding one huge object (issue 19, row 5)', { timeout: 120_000 }, () => {
  it(`refuses one object of 131,000 keys (within the value bound) before parsing it: every step within ${CONTRACT_MS} ms, a ping behind it within ${PING_CONTRACT_MS} ms`, async (t) => {
    const frame = wideFrame('wide', 131_000);
    assert.ok(valuesOf(frame) < LIMITS.maxFrameValues, 'within the value bound');
    const transport = connect();
    let attempt = 0;
    const samples = await probeUntilWithin(() => frameThenPing(transport, frame, 'wide', attempt++));
    t.diagnostic(`longest block ${describeSamples(samples)}; ping ${samples.map((sample) => sample.result.pingMs.toFixed(1)).join(', ')} ms`);
    const last = samples.at(-1)!;
    assert.ok(last.longestBlockMs <= CONTRACT_MS, `longest block ${describeSamples(samples)}`);
    assert.ok(last.result.pingMs <= PING_CONTRACT_MS, `ping ${last.result.pingMs.toFixed(1)} ms`);
    assert.deepEqual(last.result.answer, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request: message holds too many values' } });
    assert.equal(transport.responseTo('wide'), undefined, 'the request never ran');
  });

  it('still runs a request whose objects hold up to 1,024 members each', async () => {
    const transport = connect();
    const { answer } = await frameThenPing(transport, wideFrame('at-bound', LIMITS.maxObjectMembers), 'at-bound', 0);
    assert.equal(answer.id, 'at-bound');
    assert.equal(answer.result.isError, undefined, JSON.stringify(answer).slice(0, 200));
  });
});

/** A request of 8 MiB whose params hold 131,000 long number literals: within every prescan bound, parsed as usual. */
const longNumbersFrame = (id: string): string => {
  const digits = '1234567890'.repeat(7).slice(0, 62);
  const numbers = Array.from({ length: 131_000 }, (_, index) => `${digits}${index % 10}`).join(',');
  return `{"jsonrpc":"2.0","id":"${id}","method":"tools/call","params":{"name":"qiongli_literature_export_evidence","arguments":{"results":[${numbers}]}}}`;
};

describe('a legitimate 8 MiB frame of long number literals (issue 24, row 13)', { timeout: 120_000 }, () => {
  it(`is prescanned without walking every byte: a ping behind it answered within ${PING_CONTRACT_MS} ms`, async (t) => {
    const frame = longNumbersFrame('numbers');
    assert.ok(Buffer.byteLength(frame) > 8 * 1024 * 1024 - 64 * 1024 && valuesOf(frame) < LIMITS.maxFrameValues, 'an 8 MiB frame within the value bound');
    const transport = connect();
    let attempt = 0;
    const pingOf = (sample: { result: { pingMs: number } }): number => sample.result.pingMs;
    const samples = await probeUntilWithin(() => frameThenPing(transport, frame, 'numbers', attempt++), PING_CONTRACT_MS, 5, pingOf);
    t.diagnostic(`ping ${samples.map((sample) => pingOf(sample).toFixed(1)).join(', ')} ms`);
    const last = samples.at(-1)!;
    assert.ok(pingOf(last) <= PING_CONTRACT_MS, `ping ${pingOf(last).toFixed(1)} ms`);
    assert.equal(last.result.answer.id, 'numbers', 'the frame was parsed and answered, not refused before its parse');
  });
});
