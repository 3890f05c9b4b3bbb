// Measurement (b): a cold session — spawn, initialize, one call, end of input — as a client
// runs it: each request is sent after the previous answer, input ends after the call's answer.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { requestFrame } from '../lib/messages.mjs';
import { ServerProcess } from '../lib/server-process.mjs';
import { validatorFor } from '../lib/validators.mjs';
import { openSession, withTimeout } from './throughput.mjs';

/** Whether GNU time is available to record the peak RSS of a process that exits. */
export const HAS_GNU_TIME = existsSync('/usr/bin/time');

/**
 * One cold session. Wall time runs from just before `spawn` to the exit event. Peak RSS comes
 * from `/usr/bin/time` (the kernel's ru_maxrss of the server, recorded at its exit, with its CPU
 * time), so it is exact whenever the process peaks — the only reliable reading for a process that exits on
 * its own. (Running under `time` adds the same ~1 ms fork/exec to every server's wall time.)
 *
 * @returns {Promise<{wallMs?:number, firstAnswerMs?:number, peakKiB?:number, cpuMs?:number, complete:boolean,
 *   stderrBytes:number, stderrHead:string, exit:object}>}
 */
export async function runColdSession(spec, { fixture, timeoutMs }) {
  const dir = mkdtempSync(join(tmpdir(), 'qiongli-bench-cold-'));
  const server = new ServerProcess(spec, HAS_GNU_TIME ? { timeOutput: join(dir, 'time.txt') } : {});
  try {
    const opened = await withTimeout(openSession(server, 'legacy'), timeoutMs);
    const firstAnswerMs = performance.now() - server.spawnedAt;
    const answer = await withTimeout(server.request(1, requestFrame('tools/call', 'legacy', 1)), timeoutMs);
    const exit = await server.end(timeoutMs);
    const called = answer !== 'timeout' && validatorFor('tools/call', fixture)(answer);
    const usage = server.timedUsage();
    return {
      wallMs: exit.killed ? undefined : server.exitedAt - server.spawnedAt,
      firstAnswerMs,
      peakKiB: usage.peakKiB,
      cpuMs: usage.cpuMs,
      complete: opened === true && called && exit.code === 0,
      stderrBytes: server.stderrBytes,
      stderrHead: server.stderrHead,
      exit,
    };
  } finally {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
