import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { runProgram } from '../support/run-program.js';
import { initialize, request } from '../support/messages.js';

const VALID = [
  JSON.stringify(initialize(1)),
  JSON.stringify(request(2, 'tools/list')),
  JSON.stringify(request(3, 'tools/call', { name: 'qiongli_orchestrator_route', arguments: { request: 'x' } })),
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } }),
  JSON.stringify([request(4, 'ping')]),
  '{"jsonrpc":"2.0","id":5,"method":"ping"}',
];

/** A frame: random JSON, random text, or a valid message mutated at one position. */
const frame = fc.oneof(
  fc.json().map((text) => text.replace(/\n/g, ' ')),
  fc.string({ unit: 'binary' }).map((text) => text.replace(/\n/g, ' ')),
  fc
    .record({ base: fc.constantFrom(...VALID), at: fc.nat(), insert: fc.string({ maxLength: 3 }), cut: fc.nat({ max: 3 }) })
    .map(({ base, at, insert, cut }) => {
      const position = at % (base.length + 1);
      return (base.slice(0, position) + insert + base.slice(position + cut)).replace(/\n/g, ' ');
    }),
);

/** Every output line must be one JSON-RPC response or notification (or a batch of responses). */
function assertValidOutput(stdout: Buffer): unknown[] {
  const text = stdout.toString('utf8');
  assert.ok(text === '' || text.endsWith('\n'), 'output ends with a newline');
  const messages = text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as any);
  for (const message of messages.flat()) {
    assert.equal(message.jsonrpc, '2.0');
    assert.ok('result' in message || 'error' in message || typeof message.method === 'string');
  }
  return messages;
}

describe('random and mutated frames (property, fast-check)', () => {
  it('never crash the server, never produce an invalid frame, and a valid request afterwards is answered', async () => {
    let frames = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 50, maxLength: 200 }), async (batch) => {
        frames += batch.length;
        const canary = { jsonrpc: '2.0', id: 'after-the-noise', method: 'ping' };
        const run = await runProgram({ input: batch.join('\n') + '\n' + JSON.stringify(canary) + '\n' });
        assert.equal(run.code, 0, 'exit 0 at end of input');
        assert.equal(run.stderr, '');
        const messages = assertValidOutput(run.stdout);
        assert.ok(messages.some((message: any) => message.id === 'after-the-noise'));
      }),
      { numRuns: 25 },
    );
    assert.ok(frames >= 1000, 'thousands of frames were tried');
  });
});
