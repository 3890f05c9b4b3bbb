// CPU time of a live process from /proc/<pid>/stat (Linux only).

import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ; 100 on Linux). */
const USER_HZ = 100;

/**
 * User + system CPU time consumed so far by `pid`, in milliseconds (10 ms resolution);
 * undefined when /proc is unavailable or the process is gone.
 */
export function cpuMillis(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces; fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / USER_HZ;
  } catch {
    return undefined;
  }
}
