#!/usr/bin/env node
import { main } from '../src/composition/main.js';

main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  writeStdout: (text) => process.stdout.write(text),
  writeStderr: (text) => process.stderr.write(text),
  exit: (code) => process.exit(code),
  onSignal: (handler) => {
    process.once('SIGINT', handler);
    process.once('SIGTERM', handler);
  },
});
