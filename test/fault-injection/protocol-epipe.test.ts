import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { exitWithin, frame, initializeFrame, injected, ping, ServerProcess } from './protocol-harness/server-process.js';

describe('fault injection: stdout closed by the peer (docs/robustness.md)', () => {
  it('exits 1 with error: stdout-closed as soon as a write fails, without waiting for a call still running', async () => {
    const server = new ServerProcess('injected');
    server.startReading();
    await server.write(initializeFrame('2025-11-25') + frame(injected('slow', { mode: 'sleep', ms: 60_000 })));
    await server.waitForOutput('"id":0');
    server.stdout.destroy();
    for (let id = 1; server.child.exitCode === null && id <= 200; id++) {
      await server.write(frame(ping(id)));
      await sleep(10);
    }
    const exit = await exitWithin(server, 20_000);
    assert.equal(exit.killed, false, 'it did not wait for the 60 s call');
    assert.equal(exit.code, 1);
    assert.equal(exit.stderr, 'error: stdout-closed\n');
  });
});
