// Entry point of the binary's start-up snapshot (scripts/build-binary.mjs): evaluated once at
// build time, after which the heap is saved into the executable. At every start the runtime
// restores that heap and runs only the deserialize function, which does what bin/qiongli.ts
// does: `main` over the process's stdio. Its modules (the command-line parser, the help texts)
// are evaluated here, at build time, not at every start (issue 24, row 11).
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
import { main } from '../../src/composition/main.js';
import { processIo } from '../../bin/process-io.js';

/**
 * Built-in modules that must not be in the snapshot: Qiongli loads them on first use only
 * (`node:crypto` for sealed tokens, digests and hand-offs; the others with the lazy adapters).
 * One of them loaded at build time would be restored at every start: `node:crypto` alone was
 * 36 modules and 0.3 MB of the snapshot, and 3-8 ms of a bundle's start (issue 24, row 11).
 */
const NOT_AT_START_UP = ['crypto', 'http', 'https', 'http2', 'tls', 'zlib', 'dns', 'worker_threads', 'child_process'];

function refuseHeavyBuiltins(): void {
  // Node's own record of the built-in modules loaded so far (not in its type declarations).
  const { moduleLoadList } = process as unknown as { moduleLoadList: readonly string[] };
  const loaded = NOT_AT_START_UP.filter((name) => moduleLoadList.includes(`NativeModule ${name}`));
  if (loaded.length > 0) throw new Error(`the start-up snapshot would hold node:${loaded.join(', node:')}: load it on first use`);
}

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
  // V8 keeps the subject of the last successful regular-expression match (`RegExp.input`): after
  // the tool lists are encoded, a raw 95 KB list the snapshot would save. One empty match drops it.
  .then(() => /(?:)/.exec(''))
  .then(refuseHeavyBuiltins)
  .catch((error: unknown) => {
    // Fail the build: the snapshot would hold a server that does not answer.
    process.exitCode = 1;
    throw error;
  });
startupSnapshot.setDeserializeMainFunction(() => {
  main(process.argv.slice(2), processIo());
});
