// Preloaded into a server under test (`node --import <this file>`): at exit, reports the
// process's peak resident set size in KiB on file descriptor 3, which the test reads. The
// server's own stdout and stderr stay untouched.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  try {
    writeSync(3, `${process.resourceUsage().maxRSS}\n`);
  } catch {
    // No descriptor 3: the test did not ask for the figure.
  }
});
