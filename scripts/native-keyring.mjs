// The native keyring module in the distributions (docs/runtime.md#the-native-keyring-module),
// kept apart from build-binary.mjs and pack-mcpb.mjs. In the single executable the platform's
// `.node` file of @napi-rs/keyring becomes the SEA asset `keyring.node`, and the program's module
// that locates it is swapped for scripts/binary/keyring-module-from-asset.ts, which unpacks and
// verifies the asset at run time. The `.mcpb` carries, in server/node_modules, the platform
// package of every platform and architecture it claims (BUNDLED_PLATFORMS): this machine's as
// npm installed it, the others fetched from the npm registry with `npm pack` into .cache/keyring/
// and checked against the sha512 integrity package-lock.json records for them (the registry's
// `dist.integrity`), at the fetch and at every use.
//
//   node scripts/native-keyring.mjs      fetches and verifies what the bundle needs (npm test does)
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './pinned-node.mjs';

/** The SEA asset name the run-time side reads. */
export const KEYRING_ASSET = 'keyring.node';

const PACKAGE_SUFFIX = {
  'linux-x64': 'linux-x64-gnu',
  'linux-arm64': 'linux-arm64-gnu',
  'darwin-x64': 'darwin-x64',
  'darwin-arm64': 'darwin-arm64',
  'win-x64': 'win32-x64-msvc',
};

/** The installed `.node` file for a build target (`linux-x64`, `win-x64-wine`, …), or undefined when its package is not installed. */
export function keyringNativeFile(target) {
  const suffix = PACKAGE_SUFFIX[target.replace(/-wine$/, '')];
  if (suffix === undefined) return undefined;
  const dir = installedPackage(suffix) ?? unpackCached(suffix);
  if (dir === undefined) return undefined;
  const file = join(dir, JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).main);
  return existsSync(file) ? file : undefined;
}

/** Copies the target's native module into the build folder as the asset; answers the assets to embed (none when not installed). */
export function stageKeyringAsset(target, workDir) {
  if (keyringNativeFile(target) === undefined) {
    try {
      ensureKeyringPackages(); // another platform's module: fetched and verified once into .cache/keyring/
    } catch {
      // offline: the binary is built without a credential store (it then reports none reachable)
    }
  }
  const file = keyringNativeFile(target);
  if (file === undefined) return {};
  copyFileSync(file, join(workDir, KEYRING_ASSET));
  return { [KEYRING_ASSET]: KEYRING_ASSET };
}

/** esbuild plugin: the program locates the keyring module through the SEA asset. */
export const keyringFromAsset = {
  name: 'keyring-from-asset',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /(^|[\\/])keyring-module-location\.js$/ }, () => ({
      path: join(REPO_ROOT, 'scripts', 'binary', 'keyring-module-from-asset.ts'),
    }));
  },
};

/**
 * The platform packages the `.mcpb` carries, by the platform manifest.json's
 * `compatibility.platforms` names: each architecture Claude Desktop ships for (macOS Apple
 * silicon and Intel, Windows x64 and ARM64) and Linux x64/ARM64 with glibc.
 */
export const BUNDLED_PLATFORMS = {
  darwin: ['darwin-arm64', 'darwin-x64'],
  win32: ['win32-x64-msvc', 'win32-arm64-msvc'],
  linux: ['linux-x64-gnu', 'linux-arm64-gnu'],
};

const CACHE = join(REPO_ROOT, '.cache', 'keyring');
const LOCK = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8'));

/** The lockfile's record of `@napi-rs/keyring-<suffix>`: `{name, version, integrity}`. */
export function lockedKeyringPackage(suffix) {
  const name = `@napi-rs/keyring-${suffix}`;
  const entry = LOCK.packages[`node_modules/${name}`];
  if (entry?.integrity === undefined) throw new Error(`package-lock.json records no ${name}`);
  return { name, version: entry.version, integrity: entry.integrity };
}

const integrityOf = (file) => `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
/** Where the verified tarball of `suffix` is kept. */
export const cachedTarball = (suffix) => join(CACHE, `keyring-${suffix}-${lockedKeyringPackage(suffix).version}.tgz`);

/** The installed package folder of `@napi-rs/keyring-<suffix>` (npm installs only this machine's), if any. */
function installedPackage(suffix) {
  try {
    return dirname(createRequire(join(REPO_ROOT, 'package.json')).resolve(`@napi-rs/keyring-${suffix}/package.json`));
  } catch {
    return undefined;
  }
}

/** True when `file` is the tarball of `@napi-rs/keyring-<suffix>` whose sha512 package-lock.json records. */
export const keyringTarballVerified = (file, suffix) => existsSync(file) && integrityOf(file) === lockedKeyringPackage(suffix).integrity;

/** The cached tarball of `suffix` when it is verified, else undefined. */
function verifiedTarball(suffix) {
  const tarball = cachedTarball(suffix);
  return keyringTarballVerified(tarball, suffix) ? tarball : undefined;
}

/** Unpacks the verified cached tarball of `suffix` into `into` (emptied first); undefined when not cached. */
function unpackCached(suffix, into = cachedTarball(suffix).replace(/\.tgz$/, '')) {
  const tarball = verifiedTarball(suffix);
  if (tarball === undefined) return undefined;
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', into, '--strip-components=1'], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`tar could not unpack ${tarball}: ${untar.stderr}`);
  return into;
}

/** Runs npm: the one that runs this script when started by npm, else `npm` on PATH. */
function npm(args, cwd) {
  const viaNpm = process.env.npm_execpath?.endsWith('.js');
  const [command, prefix] = viaNpm ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  return spawnSync(command, [...prefix, ...args], { cwd, encoding: 'utf8', shell: !viaNpm && process.platform === 'win32' });
}

/**
 * Fetches (`npm pack`) every bundled platform package that is neither installed nor cached, and
 * keeps it in .cache/keyring/ only when its sha512 is the lockfile's. Throws when one cannot be had.
 */
export function ensureKeyringPackages({ log = () => {} } = {}) {
  for (const suffix of Object.values(BUNDLED_PLATFORMS).flat()) {
    if (installedPackage(suffix) !== undefined || verifiedTarball(suffix) !== undefined) continue;
    const { name, version, integrity } = lockedKeyringPackage(suffix);
    log(`fetching ${name}@${version} from the npm registry for the .mcpb`);
    mkdirSync(CACHE, { recursive: true });
    const staging = mkdtempSync(join(CACHE, 'fetch-'));
    try {
      const packed = npm(['pack', `${name}@${version}`, '--pack-destination', staging, '--silent', '--no-fund', '--no-audit'], staging);
      const tarball = readdirSync(staging).find((file) => file.endsWith('.tgz'));
      if (packed.status !== 0 || tarball === undefined)
        throw new Error(`npm pack ${name}@${version} failed (the npm registry is needed once): ${packed.stderr}`);
      const actual = integrityOf(join(staging, tarball));
      if (actual !== integrity) throw new Error(`${name}@${version}: integrity ${actual} differs from package-lock.json's ${integrity}`);
      renameSync(join(staging, tarball), cachedTarball(suffix));
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
}

/**
 * Copies @napi-rs/keyring and the platform package of every platform in {@link BUNDLED_PLATFORMS}
 * into `<serverDir>/node_modules/@napi-rs/`, where the bundle's loader finds them: this machine's
 * as installed, the others from their verified tarballs ({@link ensureKeyringPackages} first).
 * Answers the package names it wrote.
 */
export function copyKeyringPackages(serverDir, options = {}) {
  const scope = join(REPO_ROOT, 'node_modules', '@napi-rs');
  const target = join(serverDir, 'node_modules', '@napi-rs');
  if (!existsSync(join(scope, 'keyring'))) throw new Error('node_modules/@napi-rs/keyring is missing; run npm ci first');
  cpSync(join(scope, 'keyring'), join(target, 'keyring'), { recursive: true });
  ensureKeyringPackages(options);
  const suffixes = Object.values(BUNDLED_PLATFORMS).flat();
  for (const suffix of suffixes) {
    const installed = installedPackage(suffix);
    if (installed !== undefined) cpSync(installed, join(target, `keyring-${suffix}`), { recursive: true });
    else if (unpackCached(suffix, join(target, `keyring-${suffix}`)) === undefined) throw new Error(`@napi-rs/keyring-${suffix} could not be verified`);
  }
  return ['@napi-rs/keyring', ...suffixes.map((suffix) => `@napi-rs/keyring-${suffix}`)];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureKeyringPackages({ log: (text) => process.stderr.write(`${text}\n`) });
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
