import { constants, type Stats } from 'node:fs';
import { lstat, open, type FileHandle } from 'node:fs/promises';

/** Largest settings document accepted, in bytes (docs/configuration.md: ≤ 64 KiB). */
export const MAX_SETTINGS_BYTES = 64 * 1024;

/** How strictly file ownership and permissions are checked. */
export interface FileSafetyPolicy {
  /** Whether POSIX permission bits exist (false on Windows). */
  readonly posixModes: boolean;
  /** The uid the process runs as, when known; files must be owned by it or by root. */
  readonly currentUid: number | undefined;
}

/** Outcome of fetching the raw settings bytes. */
export type SettingsBytes = { readonly kind: 'missing' } | { readonly kind: 'refused' } | { readonly kind: 'bytes'; readonly bytes: Uint8Array };

const MISSING: SettingsBytes = { kind: 'missing' };
const REFUSED: SettingsBytes = { kind: 'refused' };
const GROUP_OR_OTHER_WRITABLE = 0o022;
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Reads the settings document's bytes, refusing anything that is not plainly the user's own
 * small regular file (docs/configuration.md). Never throws.
 *
 * - `missing`: the configuration root or the file does not exist (ENOENT).
 * - `refused`: the file is a symlink or not a regular file; the configuration root is a symlink
 *   or not a directory; file or root is writable by group or others, or owned by someone other
 *   than the current user or root (only where POSIX modes exist); the file is over
 *   {@link MAX_SETTINGS_BYTES} (checked before and while reading); it changed between the check
 *   and the open; or any I/O error (unreadable, a component is not a directory, …).
 *
 * Root checks apply only when the file exists: with no file nothing is read, so the defaults
 * are safe. Ancestors of the root are not checked (dotfile managers often symlink `~/.config`).
 */
export async function readSettingsBytes(root: string, file: string, policy: FileSafetyPolicy): Promise<SettingsBytes> {
  try {
    const rootStats = await lstatOrMissing(root);
    if (rootStats === undefined) return MISSING;
    const fileStats = await lstatOrMissing(file);
    if (fileStats === undefined) return MISSING;
    if (rootStats.isSymbolicLink() || !rootStats.isDirectory() || !isOwnedSafely(rootStats, policy)) return REFUSED;
    if (fileStats.isSymbolicLink() || !fileStats.isFile() || fileStats.size > MAX_SETTINGS_BYTES) return REFUSED;
    return await readOpenedFile(file, fileStats, policy);
  } catch {
    return REFUSED;
  }
}

/** lstat that maps ENOENT to `undefined` and lets every other error propagate. */
async function lstatOrMissing(target: string): Promise<Stats | undefined> {
  try {
    return await lstat(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return undefined;
    throw error;
  }
}

async function readOpenedFile(file: string, checked: Stats, policy: FileSafetyPolicy): Promise<SettingsBytes> {
  const handle = await open(file, OPEN_FLAGS);
  try {
    const opened = await handle.stat();
    const sameFile = opened.ino === checked.ino && opened.dev === checked.dev;
    if (!sameFile || !opened.isFile() || opened.size > MAX_SETTINGS_BYTES || !isOwnedSafely(opened, policy)) {
      return REFUSED;
    }
    const bytes = await readAtMost(handle, MAX_SETTINGS_BYTES);
    return bytes === undefined ? REFUSED : { kind: 'bytes', bytes };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * Reads an opened file to its end, or `undefined` as soon as it holds more than `limit` bytes
 * — whatever its size said, so a file that grew after it was checked is still caught.
 */
export async function readAtMost(handle: FileHandle, limit: number): Promise<Uint8Array | undefined> {
  const buffer = new Uint8Array(limit + 1);
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled > limit ? undefined : buffer.subarray(0, filled);
}

/** Not writable by group/others, owned by the current user or root (POSIX only). */
function isOwnedSafely(stats: Stats, policy: FileSafetyPolicy): boolean {
  if (!policy.posixModes) return true;
  if ((stats.mode & GROUP_OR_OTHER_WRITABLE) !== 0) return false;
  return policy.currentUid === undefined || stats.uid === policy.currentUid || stats.uid === 0;
}
