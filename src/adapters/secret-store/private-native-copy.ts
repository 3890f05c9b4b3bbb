import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyringModuleLocation } from './keyring-module-location.js';

/**
 * `node:crypto` on first use (the first key resolved in the single executable), not when the
 * program loads: it was part of the executable's start-up snapshot (issue 24, row 11).
 */
const nodeCrypto = () => process.getBuiltinModule('node:crypto');

const sha256 = (bytes: Uint8Array): string => nodeCrypto().createHash('sha256').update(bytes).digest('hex');

/** The parts of the process the cache folder depends on. */
export interface CacheEnvironment {
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
  readonly home: string;
}

/** The user's cache folder for Qiongli: `$XDG_CACHE_HOME/qiongli` (Linux), `~/Library/Caches/qiongli`, `%LOCALAPPDATA%\qiongli\Cache`. */
export function qiongliCacheFolder({ platform, env, home }: CacheEnvironment): string {
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'qiongli');
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'qiongli', 'Cache');
  const base = env.XDG_CACHE_HOME?.startsWith('/') ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(base, 'qiongli');
}

/** The folder must be a real directory (not a link), owned by this user, open to nobody else. */
function assertPrivate(folder: string): void {
  const stat = lstatSync(folder);
  if (!stat.isDirectory() || stat.isSymbolicLink()) throw new Error('native-cache-not-a-folder');
  if (process.platform === 'win32') return;
  if (stat.uid !== process.getuid?.() || (stat.mode & 0o077) !== 0) throw new Error('native-cache-not-private');
}

/**
 * Writes `bytes` (a native module embedded in the single executable) to
 * `<cache>/native/<sha256>.node`, in a folder of mode 0700 owned by this user, and answers its
 * location with the hash the worker checks again right before `process.dlopen`. An existing
 * copy is reused only when its hash matches; a copy that does not match is replaced. Written
 * to a fresh temporary name first and renamed, so a reader never sees half a file. Throws
 * (the store is then unavailable) when the folder is not private.
 */
export function privateNativeCopy(bytes: Uint8Array, cacheFolder: string): KeyringModuleLocation {
  const digest = sha256(bytes);
  const folder = join(cacheFolder, 'native');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  assertPrivate(cacheFolder);
  assertPrivate(folder);
  const path = join(folder, `${digest}.node`);
  const present = (): boolean => {
    try {
      return sha256(readFileSync(path)) === digest;
    } catch {
      return false;
    }
  };
  if (!present()) {
    const staging = join(folder, `.${digest}.${nodeCrypto().randomBytes(8).toString('hex')}`);
    try {
      writeFileSync(staging, bytes, { mode: 0o700, flag: 'wx' });
      renameSync(staging, path);
    } finally {
      rmSync(staging, { force: true });
    }
    if (!present()) throw new Error('native-copy-mismatch');
  }
  return { kind: 'file', path, sha256: digest };
}
