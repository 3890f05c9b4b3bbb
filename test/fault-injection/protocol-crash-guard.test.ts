import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exitWithin, frame, initializeFrame, injected, ping, responsesIn, ServerProcess } from './protocol-harness/server-process.js';

/** Runs the injected server on one call of the misbehaving tool, then a ping. */
async function misbehave(mode: string) {
  const server = new ServerProcess('injected');
  server.startReading();
  await server.write(initializeFrame('2025-11-25') + frame(injected('bad', { mode })));
  const exit = await exitWithin(server, 20_000);
  return exit;
}

describe('fault injection: an exception escapes everything (docs/robustness.md)', () => {
  it('ends the process on a throw from a timer with exit 1 and nothing on stderr but error: internal-failure', async () => {
    const exit = await misbehave('throw-later');
    assert.equal(exit.code, 1);
    assert.equal(exit.stderr, 'error: internal-failure\n', 'no source, stack or path');
  });

  it('ends the process on a rejection nobody handles with exit 1 and the same single line', async () => {
    const exit = await misbehave('reject-floating');
    assert.equal(exit.code, 1);
    assert.equal(exit.stderr, 'error: internal-failure\n');
  });

  it('answers a tool that throws inside its call with a static -32603 and keeps serving', async () => {
    const server = new ServerProcess('injected');
    server.startReading();
    server.end(initializeFrame('2025-11-25') + frame(injected('bad', { mode: 'throw-now' })) + frame(ping('after')));
    const exit = await exitWithin(server, 20_000);
    assert.equal(exit.code, 0);
    assert.equal(exit.stderr, '');
    const responses = responsesIn(exit.stdout);
    assert.deepEqual(responses.find((response) => response.id === 'bad')?.error, { code: -32603, message: 'Internal error' });
    assert.ok(responses.some((response) => response.id === 'after'));
  });
});
