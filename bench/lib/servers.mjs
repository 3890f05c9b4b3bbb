// The servers compared side by side: Qiongli, the official SDK server, the floor, and any other
// Qiongli builds given with --compare (other checkouts, run in the same rotation).

import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/lib/ → ../../). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The program bundle `npm run build` produces. */
export const DEFAULT_BUNDLE = `${REPO_ROOT}dist/bundle/qiongli.mjs`;

/** Server names in report order. */
export const SERVER_NAMES = /** @type {const} */ (['qiongli', 'sdk', 'floor']);

/** Human labels for reports. */
export const SERVER_LABELS = {
  qiongli: 'Qiongli (dist/bundle/qiongli.mjs)',
  sdk: 'official SDK (@modelcontextprotocol/server 2.4.0, serveStdio)',
  floor: 'floor (split, JSON.parse, JSON.stringify, write)',
};

/** The command line every Qiongli build is served with. */
const QIONGLI_SERVE = ['mcp', 'serve', '--profile', 'lite', '--transport', 'stdio'];

/**
 * Spawn specs `{ name, command, args }` of the selected servers.
 * @param {{bundle:string, fixturePath:string, nodeArgs?:string[]}} options
 */
export function serverSpecs({ bundle, fixturePath, nodeArgs = [] }) {
  if (!existsSync(bundle)) throw new Error(`missing ${bundle}: run \`npm run build\` first`);
  const node = process.execPath;
  return {
    qiongli: { name: 'qiongli', command: node, args: [...nodeArgs, bundle, ...QIONGLI_SERVE] },
    sdk: { name: 'sdk', command: node, args: [...nodeArgs, `${REPO_ROOT}bench/servers/sdk-server.mjs`, fixturePath] },
    floor: { name: 'floor', command: node, args: [...nodeArgs, `${REPO_ROOT}bench/servers/floor-server.mjs`, fixturePath] },
  };
}

/**
 * Reads one `--compare name=PATH`: another Qiongli build to run beside this one. PATH is a built
 * checkout (its `dist/bundle/qiongli.mjs` is served, and its `dist/binary/qiongli`, when built,
 * joins measurement (e)) or a bundle file itself.
 * @returns {{name:string, checkout:string|undefined, bundle:string, binary:string|undefined, commit:string}}
 */
export function parseCompare(text) {
  const match = /^([A-Za-z0-9][A-Za-z0-9._-]{0,31})=(.+)$/.exec(text);
  if (match === null) throw new Error(`--compare ${text}: expected name=PATH (name: letters, digits, . _ -)`);
  const [, name, given] = match;
  if (SERVER_NAMES.includes(name) || name.startsWith('binary') || name.startsWith('floor') || name.startsWith('bundle'))
    throw new Error(`--compare ${name}: that name is taken by a built-in server`);
  const path = resolve(given);
  if (!existsSync(path)) throw new Error(`--compare ${name}: ${path} does not exist`);
  const checkout = statSync(path).isDirectory() ? path : undefined;
  const bundle = checkout === undefined ? path : join(checkout, 'dist', 'bundle', 'qiongli.mjs');
  if (!existsSync(bundle)) throw new Error(`--compare ${name}: ${bundle} is missing (npm run build in that checkout)`);
  const binary = checkout === undefined ? undefined : join(checkout, 'dist', 'binary', process.platform === 'win32' ? 'qiongli.exe' : 'qiongli');
  return {
    name,
    checkout,
    bundle,
    binary: binary !== undefined && existsSync(binary) ? binary : undefined,
    commit: commitOf(checkout ?? resolve(bundle, '..')),
  };
}

/** The short commit of the checkout holding `dir` (read-only git), marked when src/ or bin/ differ from it. */
export function commitOf(dir) {
  try {
    const git = (args) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const commit = git(['rev-parse', '--short', 'HEAD']).trim();
    return git(['status', '--porcelain', '--', 'src', 'bin']).trim() === '' ? commit : `${commit} + uncommitted changes in src/ or bin/`;
  } catch {
    return 'unknown';
  }
}

/** The spawn spec of a compared build's bundle, on this machine's Node like `qiongli`. */
export const compareSpec = (compare, nodeArgs = []) => ({
  name: compare.name,
  command: process.execPath,
  args: [...nodeArgs, compare.bundle, ...QIONGLI_SERVE],
});
