import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  configStatus,
  exitWithin,
  frame,
  initializeFrame,
  listTools,
  PEAK_RSS_LIMIT_MIB,
  ping,
  responsesIn,
  ServerProcess,
} from './protocol-harness/server-process.js';

describe('fault injection: a slow reader and 50,000 pipelined requests (docs/robustness.md)', () => {
  it('answers every request, keeps memory bounded and exits 0 at end of input', async () => {
    const server = new ServerProcess();
    server.startReading(true);
    const total = 50_000;
    await server.write(initializeFrame('2025-11-25'));
    let block = '';
    for (let id = 1; id < total; id++) {
      block += frame(id % 250 === 0 ? listTools(id) : id % 2 === 0 ? configStatus(id) : ping(id));
      if (block.length >= 64 * 1024 && id < total - 500) {
        await server.write(block);
        block = '';
      }
    }
    // The reader stalls near the end: a run of large answers fills the output so the server
    // holds reading; the last requests (large answers again) and the end of input then come
    // while it holds, which once lost answers.
    const largeAnswers = (from: number) => Array.from({ length: 40 }, (_, index) => frame(listTools(from + index))).join('');
    server.stopReading();
    server.stdin.write(largeAnswers(total));
    await sleep(300);
    server.end(block + largeAnswers(total + 40));
    await sleep(300);
    server.resumeReading();
    const exit = await exitWithin(server, 120_000);
    assert.equal(exit.code, 0);
    assert.equal(exit.stderr, '');
    assert.equal(responsesIn(exit.stdout).length, total + 80);
    assert.ok(exit.peakRssMiB !== undefined && exit.peakRssMiB <= PEAK_RSS_LIMIT_MIB, `peak RSS ${exit.peakRssMiB} MiB`);
  });
});
