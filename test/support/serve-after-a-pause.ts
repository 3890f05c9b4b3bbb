/**
 * A harness program (an entry point, never imported): the built program, started only after a
 * pause of two seconds.
 * It stands for a server that starts slowly (a cold disk, a scanner reading the executable, a
 * loaded machine): whatever the client wrote meanwhile waits in the pipe and is read at once
 * when the built program starts, with the same command line (`process.argv` is unchanged).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { BUILT_BIN } from './built-program.js';

/** Longer than the one second AI SDK 2 waits for its `server/discover` probe. */
const START_PAUSE_MS = 2_000;

await sleep(START_PAUSE_MS);
await import(pathToFileURL(BUILT_BIN).href);
