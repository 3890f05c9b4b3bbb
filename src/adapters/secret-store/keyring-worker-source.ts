/**
 * The source of the worker thread that makes the credential store's native calls (CommonJS,
 * run with `eval`, so the bundle, the single executable and the compiled tests all start it the
 * same way). The native module is loaded here, on the worker's first request, never on the main
 * thread. It runs as a script or as a module alike (no `require`: a parent started with
 * `--input-type=module` evaluates it as a module). Messages in: `{ id, op: 'resolve' | 'presence' | 'store' | 'remove', reference, value? }`; out:
 * `{ id, status, value? }` — a value only for a resolved secret, never an error text. `presence`
 * reads the secret and drops it here: only `present` or `missing` leaves the worker.
 *
 * A `file` location was verified against its sha256 by the main thread just before this worker
 * started (no node:crypto here: inside the single executable a worker that loads it aborts).
 *
 * Service `qiongli`, username = the secret reference; on Linux always the Secret Service
 * (`{ linux: { store: 'secret-service' } }`), never the kernel keyring.
 */
export const KEYRING_WORKER_SOURCE = `'use strict';
const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
const OPTIONS = { linux: { store: 'secret-service' } };
let keyring;
let unloadable = false;
function load() {
  if (keyring !== undefined || unloadable) return keyring;
  try {
    if (workerData.kind === 'file') {
      const holder = { exports: {} };
      process.dlopen(holder, workerData.path);
      keyring = holder.exports;
    } else {
      keyring = process.getBuiltinModule('node:module').createRequire(workerData.from)('@napi-rs/keyring');
    }
    if (typeof keyring.Entry !== 'function') throw new Error('shape');
  } catch {
    keyring = undefined;
    unloadable = true;
  }
  return keyring;
}
const storeProblem = (error) => /platform (secure )?storage/i.test(String(error && error.message)) ? 'unavailable' : 'failed';
function answer(request) {
  const native = load();
  if (native === undefined) return { status: 'unavailable' };
  let entry;
  try {
    entry = new native.Entry('qiongli', request.reference, OPTIONS);
  } catch {
    return { status: 'unavailable' };
  }
  try {
    if (request.op === 'resolve') {
      const value = entry.getPassword();
      return typeof value === 'string' ? { status: 'resolved', value } : { status: 'missing' };
    }
    if (request.op === 'presence') return { status: typeof entry.getPassword() === 'string' ? 'present' : 'missing' };
    if (request.op === 'store') entry.setPassword(request.value);
    else entry.deletePassword();
    return { status: 'done' };
  } catch (error) {
    if (request.op === 'remove' && /no matching entry/i.test(String(error && error.message))) return { status: 'done' };
    const problem = storeProblem(error);
    if (request.op === 'resolve' || request.op === 'presence') return { status: problem === 'unavailable' ? 'unavailable' : 'missing' };
    return { status: problem };
  }
}
parentPort.on('message', (request) => parentPort.postMessage({ id: request.id, ...answer(request) }));
`;
