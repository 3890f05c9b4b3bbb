// Measurement (a): pipelined throughput over stdio, and (c, first part) peak RSS while doing it.

import { performance } from 'node:perf_hooks';
import { legacyOpening, requestBatch } from '../lib/messages.mjs';
import { cpuMillis } from '../lib/process-stats.mjs';
import { ServerProcess } from '../lib/server-process.mjs';
import { validatorFor } from '../lib/validators.mjs';

/**
 * Opens a session: for the legacy era, `initialize` (answered before anything else is sent)
 * and `notifications/initialized`; the modern era needs no opening.
 * @returns {Promise<boolean>} whether the opening succeeded
 */
export async function openSession(server, era) {
  if (era !== 'legacy') return true;
  const [initialize, initialized] = legacyOpening(0).split('\n');
  const answer = await server.request(0, `${initialize}\n`);
  server.send(`${initialized}\n`);
  return answer?.result !== undefined;
}

const batches = new Map();
/** The request buffer of a scenario, built once and reused by every server and run. */
export function batchFor(method, era, first, count) {
  const key = `${method}|${era}|${first}|${count}`;
  let batch = batches.get(key);
  if (batch === undefined) {
    batch = requestBatch(method, era, first, count);
    batches.set(key, batch);
  }
  return batch;
}

/**
 * One pipelined run: spawn, open the session, then write `count` requests as fast as the pipe
 * allows while reading responses concurrently. Time runs from the first write to the last
 * response; every id is counted. Peak RSS (VmHWM) and CPU time are read once the last response
 * arrived, while the process is still alive.
 *
 * @returns {Promise<{seconds?:number, perSecond?:number, peakKiB?:number, cpuMsPerK?:number, harnessCpuMsPerK:number,
 *   responses:object, complete:boolean, stderrBytes:number, stderrHead:string, exit:object}>}
 */
export async function runThroughput(spec, { era, method, count, fixture, timeoutMs }) {
  const server = new ServerProcess(spec);
  try {
    const opened = await withTimeout(openSession(server, era), timeoutMs);
    const batch = batchFor(method, era, 1, count);
    const tracker = server.track(1, count, validatorFor(method, fixture));
    const cpuBefore = cpuMillis(server.pid);
    const harnessBefore = process.cpuUsage();
    const start = performance.now();
    const writing = server.write(batch);
    const waited = await withTimeout(Promise.race([tracker.done, server.exited]), timeoutMs);
    const memory = server.memory();
    const cpuAfter = cpuMillis(server.pid);
    const harness = process.cpuUsage(harnessBefore);
    if (waited === 'timeout') server.kill();
    await writing;
    const exit = await server.end();
    const complete = opened === true && tracker.complete;
    const seconds = tracker.answered === count ? (tracker.lastAt - start) / 1000 : undefined;
    return {
      seconds,
      perSecond: seconds === undefined ? undefined : count / seconds,
      peakKiB: memory?.hwmKiB,
      cpuMsPerK: cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1000) / count,
      harnessCpuMsPerK: (harness.user + harness.system) / count,
      responses: { ...tracker.summary(), unexpected: server.unexpected },
      complete,
      stderrBytes: server.stderrBytes,
      stderrHead: server.stderrHead,
      exit,
    };
  } finally {
    server.kill();
  }
}

/** Resolves with `promise`'s value, or with 'timeout' after `ms`. */
export async function withTimeout(promise, ms) {
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
