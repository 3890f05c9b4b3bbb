// What the benchmark ran on.

import { readFileSync } from 'node:fs';
import os from 'node:os';

/** CPU model, core count, memory, Node and OS versions, current load. */
export function describeMachine() {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu;
  } catch {
    // keep os.cpus()'s answer
  }
  return {
    cpu,
    cores: os.availableParallelism?.() ?? os.cpus().length,
    memoryMiB: Math.round(os.totalmem() / 2 ** 20),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

/** The 1-, 5- and 15-minute load averages. */
export const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);
