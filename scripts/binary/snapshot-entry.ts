// Entry point of the binary's start-up snapshot (scripts/build-binary.mjs): evaluated once at
// build time, after which the heap is saved into the executable. At every start the runtime
// restores that heap and runs only the deserialize function: the program's own entry point,
// bin/qiongli.ts.
//
// Before the warm-up, one full collection with V8's code flushing forced drops the bytecode of
// everything evaluated so far (module bodies, run once, never again);
// the warm-up then compiles just the request path. The snapshot is smaller (about 0.9 MB) and
// what it keeps compiled is what a session runs.
//
// `node:net` is loaded here because the first read of `process.stdin` loads it when stdin is a
// pipe, as it is under every MCP client. Loaded after the start, it (with the performance-timing
// modules it needs) was parsed and compiled in every session (V8's --log-function-events shows
// it): about 1.5 ms of a cold session (docs/runtime.md#start-up-against-the-target).
import { Socket } from 'node:net';
import { devNull } from 'node:os';
import { setFlagsFromString, startupSnapshot, writeHeapSnapshot } from 'node:v8';
import { prebuildServingContainer } from '../../src/composition/serving-container.js';
import { forgetBuiltSchemas } from '../../src/domain/shared/schema-on-first-use.js';
import { warmUp } from './warm-up.js';

// A use, so the bundler keeps the import.
if (typeof Socket !== 'function') throw new Error('node:net did not load');
setFlagsFromString('--stress-flush-code');
writeHeapSnapshot(devNull); // a full garbage collection; the heap dump itself is discarded
setFlagsFromString('--no-stress-flush-code');
warmUp()
  // The container the default command line serves with, composed and resolved now: a start
  // restores it instead of composing one (docs/runtime.md#start-up-against-the-target).
  .then(prebuildServingContainer)
  // Every tool list is encoded by now; the schemas themselves are dropped and built again on
  // first use, as in the bundle: restoring them cost more than building the one a call needs.
  .then(forgetBuiltSchemas)
  .catch((error: unknown) => {
    // Fail the build: the snapshot would hold a server that does not answer.
    process.exitCode = 1;
    throw error;
  });
startupSnapshot.setDeserializeMainFunction(() => {
  void import('../../bin/qiongli.js');
});
