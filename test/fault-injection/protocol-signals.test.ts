import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { exitWithin, frame, initializeFrame, injected, listTools, ping, responsesIn, ServerProcess } from './protocol-harness/server-process.js';

/** The product's promise: SIGINT/SIGTERM end the process within 2 s, even with a stalled peer. */
const SIGNAL_EXIT_LIMIT_MS = 2000;

/** Sends `signal` and returns how long the process took to exit, measured from the signal. */
async function timeToExit(server: ServerProcess, signal: NodeJS.Signals) {
  const sentAt = performance.now();
  server.child.kill(signal);
  const exit = await exitWithin(server, 10_000);
  return { exit, elapsedMs: exit.exitedAt - sentAt };
}

describe('fault injection: signals with a stalled peer (docs/robustness.md)', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`exits 0 within 2 s of ${signal} while the peer has stopped reading stdout`, async () => {
      const server = new ServerProcess();
      server.startReading();
      await server.write(initializeFrame('2025-11-25'));
      await server.waitForOutput('"id":0');
      server.stopReading();
      await server.write(Array.from({ length: 200 }, (_, index) => frame(listTools(index + 1))).join(''));
      await sleep(500);
      const { exit, elapsedMs } = await timeToExit(server, signal);
      assert.equal(exit.killed, false, 'the process ended on its own');
      assert.equal(exit.code, 0);
      assert.equal(exit.stderr, '');
      assert.ok(elapsedMs <= SIGNAL_EXIT_LIMIT_MS, `exited ${Math.round(elapsedMs)} ms after the signal`);
    });
  }

  it('aborts a slow call on SIGTERM and exits 0 promptly, without its answer', async () => {
    const server = new ServerProcess('injected');
    server.startReading();
    await server.write(initializeFrame('2025-11-25') + frame(injected('slow', { mode: 'sleep', ms: 30_000 })) + frame(ping('p')));
    await server.waitForOutput('"id":"p"');
    const { exit, elapsedMs } = await timeToExit(server, 'SIGTERM');
    assert.equal(exit.code, 0);
    assert.ok(elapsedMs <= SIGNAL_EXIT_LIMIT_MS, `exited ${Math.round(elapsedMs)} ms after the signal`);
    assert.equal(
      responsesIn(exit.stdout).some((response) => response.id === 'slow'),
      false,
    );
  });
});
