/**
 * A harness program: the Lite server over real stdio, composed and served as the built program
 * does from its own command line (so `--capabilities …,verify` grants the reference check), except
 * that every provider request goes to a loopback server in this process answering from the world
 * of real bodies (test/support/reference-world.ts), and every provider is enabled without keys.
 * The reference lookups are the container's own, built on first use with the real pacing. The
 * interop suite and the acceptance tests start it: no test touches the network.
 */
import { parseCommandLine } from '../../src/adapters/cli/index.js';
import { createContainer } from '../../src/index.js';
import { serve } from '../../src/composition/serve.js';
import { processIo } from '../../bin/process-io.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { FakeSecretStore } from '../fakes/secret-store.fake.js';
import { startLoopbackGraph } from './loopback-graph.js';
import { referenceWorldRoute } from './reference-world.js';

const command = parseCommandLine(process.argv.slice(2));
if (command.kind !== 'serve') {
  process.stderr.write('error: the harness only serves\n');
  process.exit(2);
}
const loopback = await startLoopbackGraph(referenceWorldRoute(), { delayMs: 1 });
serve(
  createContainer('lite', {
    dispatcher: loopback.dispatcher,
    grants: command.grants,
    configSource: FakeConfigSource.defaults(),
    secretStore: FakeSecretStore.unavailable(),
  }),
  processIo(),
);
