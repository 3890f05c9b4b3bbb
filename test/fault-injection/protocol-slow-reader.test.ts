import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { configStatus, exitWithin, frame, initializeFrame, listTools, PEAK_RSS_LIMIT_MIB, ping, responsesIn, ServerProcess } from './protocol-harness/server-process.js';

describe('fault injection: a slow reader and 50,000 pipelined requests (docs/robustness.md)', () => {
  it('answers every request, keeps memory bounded and exits 0 at end of input', async () => {
    const server = new ServerProcess();
    server.startReading(true);
    const total = 50_000;
    await server.write(initializeFrame('2025-11-25'));
    let block = '';
    for (let id = 1; id < total; id++) {
      block += frame(id % 250 === 0 ? listTools(id) : id % 2 === 0 ? configStatus(id) : ping(id));
      if (block.length >= 64 * 1024) {
        await server.write(block);
        block = '';
      }
    }
    server.end(block);
    const exit = await exitWithin(server, 120_000);
    assert.equal(exit.code, 0);
    assert.equal(exit.stderr, '');
    assert.equal(responsesIn(exit.stdout).length, total);
    assert.ok(exit.peakRssMiB !== undefined && exit.peakRssMiB <= PEAK_RSS_LIMIT_MIB, `peak RSS ${exit.peakRssMiB} MiB`);
  });
});
