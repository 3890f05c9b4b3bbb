// Measurement (e): the single executable's cold session against the floor on the same pinned
// Node.js (docs/runtime.md), with the bundle on the pinned Node and on this machine's Node for
// comparison. Same session as (b): spawn, initialize, one route call, end of input, exit.
//
// Every executable is first copied into the run's work folder with the same 64 KiB writes
// (scripts/copy-in-chunks.mjs), so each starts from the same page-cache state: how a file was
// written changes how many of its pages a process maps, and so its RSS (docs/runtime.md).

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { copyInChunks } from '../../scripts/copy-in-chunks.mjs';
import { ensurePinnedNode, PINS } from '../../scripts/pinned-node.mjs';
import { requestFrame } from '../lib/messages.mjs';
import { REPO_ROOT } from '../lib/servers.mjs';
import { ServerProcess } from '../lib/server-process.mjs';
import { validatorFor } from '../lib/validators.mjs';
import { HAS_GNU_TIME } from './cold-session.mjs';
import { openSession, withTimeout } from './throughput.mjs';

/** The executable `npm run build:binary` writes. */
export const BINARY = join(REPO_ROOT, 'dist', 'binary', process.platform === 'win32' ? 'qiongli.exe' : 'qiongli');
/** Contestants in report order. */
export const BINARY_SERVERS = ['binary', 'floorPinned', 'bundlePinned', 'bundleMachine', 'floorMachine'];

const SERVE = ['mcp', 'serve', '--profile', 'lite', '--transport', 'stdio'];

/**
 * Spawn specs of the contestants, with their executables copied into `workDir` (unless `copy`
 * is false: a smoke run only checks that everything answers); a reason instead when there is
 * no binary to measure. Each compared build (`--compare`) whose checkout has a built binary
 * joins as `binary-<name>`, copied the same way.
 */
export async function binarySpecs({ workDir, bundle, fixturePath, copy = true, compares = [] }) {
  if (!existsSync(BINARY)) return { reason: `${BINARY} is missing (npm run build:binary)` };
  const bin = join(workDir, 'executables');
  mkdirSync(bin, { recursive: true });
  const place = (from, name) => {
    if (!copy) return from;
    const to = join(bin, name);
    copyInChunks(from, to);
    return to;
  };
  const pinned = place(await ensurePinnedNode(), 'node-pinned');
  const machine = place(process.execPath, 'node-machine');
  const binary = place(BINARY, 'qiongli');
  const floor = join(REPO_ROOT, 'bench', 'servers', 'floor-server.mjs');
  const config = join(workDir, 'config');
  mkdirSync(config, { recursive: true });
  const env = { PATH: process.env.PATH ?? '', QIONGLI_CONFIG_HOME: config };
  const compared = compares.filter((compare) => compare.binary !== undefined);
  const labels = Object.fromEntries(compared.map((compare) => [`binary-${compare.name}`, `binary at ${compare.commit}`]));
  const comparedSpecs = Object.fromEntries(
    compared.map((compare) => {
      const name = `binary-${compare.name}`;
      return [name, { name, command: place(compare.binary, name), args: SERVE, env }];
    }),
  );
  return {
    pinnedVersion: `v${PINS.version}`,
    compared: Object.keys(comparedSpecs),
    labels,
    specs: {
      ...comparedSpecs,
      binary: { name: 'binary', command: binary, args: SERVE, env },
      floorPinned: { name: 'floorPinned', command: pinned, args: [floor, fixturePath], env },
      bundlePinned: { name: 'bundlePinned', command: pinned, args: [bundle, ...SERVE], env },
      bundleMachine: { name: 'bundleMachine', command: machine, args: [bundle, ...SERVE], env },
      floorMachine: { name: 'floorMachine', command: machine, args: [floor, fixturePath], env },
    },
  };
}

/** The server's own pid when it runs under /usr/bin/time (the child of `time`). */
function serverPid(server) {
  if (server.timeOutput === undefined) return server.pid;
  try {
    return Number(readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim().split(' ')[0]);
  } catch {
    return undefined;
  }
}

/** VmHWM, RssAnon and RssFile (KiB) of a live process, from /proc. */
function memorySplit(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { hwmKiB: field('VmHWM'), anonKiB: field('RssAnon'), fileKiB: field('RssFile') };
  } catch {
    return {};
  }
}

/**
 * One cold session, as suite (b) runs it, plus the memory split read from /proc right after the
 * call is answered (before end of input): resident anonymous memory (the heap, the snapshot)
 * and resident file pages (the executable's own code and data).
 */
export async function runBinaryCold(spec, { fixture, timeoutMs, timeOutput }) {
  const server = new ServerProcess(spec, HAS_GNU_TIME ? { timeOutput } : {});
  try {
    const opened = await withTimeout(openSession(server, 'legacy'), timeoutMs);
    const firstAnswerMs = performance.now() - server.spawnedAt;
    const answer = await withTimeout(server.request(1, requestFrame('tools/call', 'legacy', 1)), timeoutMs);
    const split = memorySplit(serverPid(server));
    const exit = await server.end(timeoutMs);
    const usage = server.timedUsage();
    return {
      wallMs: exit.killed ? undefined : server.exitedAt - server.spawnedAt,
      firstAnswerMs,
      peakKiB: usage.peakKiB ?? split.hwmKiB,
      cpuMs: usage.cpuMs,
      ...split,
      complete: opened === true && answer !== 'timeout' && validatorFor('tools/call', fixture)(answer) && exit.code === 0,
      stderrBytes: server.stderrBytes,
      stderrHead: server.stderrHead,
      exit,
    };
  } finally {
    server.kill();
  }
}
