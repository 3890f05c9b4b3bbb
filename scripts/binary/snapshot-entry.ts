// Entry point of the binary's start-up snapshot (scripts/build-binary.mjs): evaluated once at
// build time, after which the heap (every module evaluated, the request path compiled by the
// warm-up) is saved into the executable. At every start the runtime restores that heap and
// runs only the deserialize function: the program's own entry point, bin/qiongli.ts.
import { startupSnapshot } from 'node:v8';
import { warmUp } from './warm-up.js';

warmUp().catch((error: unknown) => {
  // Fail the build: the snapshot would hold a server that does not answer.
  process.exitCode = 1;
  throw error;
});
startupSnapshot.setDeserializeMainFunction(() => {
  void import('../../bin/qiongli.js');
});
