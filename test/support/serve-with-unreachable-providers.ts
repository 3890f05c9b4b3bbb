/**
 * A harness program: the Lite server over real stdio, composed and served exactly as the built
 * program does, except that every provider request goes to a loopback socket that is closed as
 * soon as it connects. It stands for a machine with no route to the providers, whatever network
 * the machine really has (tests must not depend on it).
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { createContainer } from '../../src/index.js';
import { serve } from '../../src/composition/serve.js';
import { processIo } from '../../bin/process-io.js';

const unreachable = createServer((socket) => socket.destroy());
await new Promise<void>((resolve) => unreachable.listen(0, '127.0.0.1', resolve));
unreachable.unref();
const origin = `http://127.0.0.1:${(unreachable.address() as AddressInfo).port}`;
const agent = new Agent({ connect: { timeout: 1000 } });
const dispatcher = agent.compose((dispatch) => (options, handler) => dispatch({ ...options, origin }, handler));

serve(createContainer('lite', { dispatcher }), processIo());
