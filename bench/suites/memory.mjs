// Measurement (c, second part): does RSS grow with the number of requests served? One process
// serves `total` legacy `tools/call` requests, pipelined in chunks of `chunk`; its RSS is read
// after each chunk has been answered completely.

import { setTimeout as sleep } from 'node:timers/promises';
import { ServerProcess } from '../lib/server-process.mjs';
import { validatorFor } from '../lib/validators.mjs';
import { batchFor, openSession, withTimeout } from './throughput.mjs';

/**
 * @returns {Promise<{rssKiB:number[], firstKiB?:number, lastKiB?:number, peakKiB?:number,
 *   complete:boolean, answered:number, expected:number, stderrBytes:number, stderrHead:string}>}
 *   `rssKiB[i]` is the RSS after `(i+1)*chunk` requests.
 */
export async function runMemoryGrowth(spec, { total, chunk, fixture, timeoutMs, settleMs }) {
  const server = new ServerProcess(spec);
  const rssKiB = [];
  let answered = 0;
  let complete = true;
  try {
    complete = (await withTimeout(openSession(server, 'legacy'), timeoutMs)) === true;
    const validate = validatorFor('tools/call', fixture);
    for (let first = 1; complete && first <= total; first += chunk) {
      const count = Math.min(chunk, total - first + 1);
      const tracker = server.track(first, count, validate);
      const writing = server.write(batchFor('tools/call', 'legacy', first, count));
      const waited = await withTimeout(Promise.race([tracker.done, server.exited]), timeoutMs);
      if (waited === 'timeout') server.kill();
      await writing;
      answered += tracker.answered;
      complete = tracker.complete;
      if (settleMs > 0) await sleep(settleMs);
      rssKiB.push(server.memory()?.rssKiB);
    }
    const peakKiB = server.memory()?.hwmKiB;
    const exit = await server.end();
    return {
      rssKiB,
      firstKiB: rssKiB[0],
      lastKiB: rssKiB[rssKiB.length - 1],
      peakKiB,
      complete: complete && exit.code === 0,
      answered,
      expected: total,
      stderrBytes: server.stderrBytes,
      stderrHead: server.stderrHead,
      exit,
    };
  } finally {
    server.kill();
  }
}
