/**
 * A harness program: the Lite server over real stdio, composed and served as the built program
 * does from its own command line (so `--capabilities …,graph` grants the graph tools), except
 * that every provider request goes to a loopback server in this process answering from the
 * recorded bodies (test/support/graph-world.ts), and the settings enable every graph source. The
 * interop suite starts it for the sessions that list and call the graph tools: no test touches
 * the network, whatever network the machine has.
 */
import { parseCommandLine } from '../../src/adapters/cli/index.js';
import { createContainer } from '../../src/index.js';
import { serve } from '../../src/composition/serve.js';
import { processIo } from '../../bin/process-io.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { ALL_GRAPH_SOURCES } from './graph-server.js';
import { realGraphRoute } from './graph-world.js';
import { startLoopbackGraph } from './loopback-graph.js';

const command = parseCommandLine(process.argv.slice(2));
if (command.kind !== 'serve') {
  process.stderr.write('error: the harness only serves\n');
  process.exit(2);
}
const loopback = await startLoopbackGraph(realGraphRoute(), { delayMs: 1 });
serve(
  createContainer('lite', { dispatcher: loopback.dispatcher, grants: command.grants, configSource: FakeConfigSource.available(ALL_GRAPH_SOURCES) }),
  processIo(),
);
