import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, open, rename, rm, unlink, type FileHandle } from 'node:fs/promises';
import { hostname } from 'node:os';
import { readAtMost } from './bounded-read.js';
import { errorCodeOf } from './settings-problem.js';
import type { SettingsFolder } from './settings-folder.js';

/** The lock file beside `settings.json` that one writer at a time holds. */
export const LOCK_FILE_NAME = 'settings.json.lock';

/** A lock this process holds. */
export interface SettingsLock {
  /** Whether the lock file is still this holder's (a stale-lock recovery elsewhere may have taken it). */
  stillHeld(): Promise<boolean>;
  /** Removes the lock file if it is still this holder's. Never throws. */
  release(): Promise<void>;
}

/** How long to wait for another writer, and when a lock counts as abandoned. */
export interface LockTiming {
  /** How long to keep trying while another writer holds the lock (default 2 s: a write takes milliseconds). */
  readonly waitMs?: number;
  /** A lock older than this is abandoned whoever holds it (default 30 s). */
  readonly staleMs?: number;
}

const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const MAX_LOCK_BYTES = 1024;
/** Most abandoned locks one acquisition removes and retries at once. */
const MAX_TAKEOVERS = 5;

/**
 * Takes the settings lock in `folder`: creates `settings.json.lock` with `O_CREAT | O_EXCL |
 * O_NOFOLLOW` (mode 0600), holding this process's id, host name and a random token. While
 * another writer holds it, tries again every 20-40 ms for `waitMs`, then gives up (`undefined`).
 *
 * A lock is abandoned (stale) when its holder is a process of this host that no longer runs.
 * A holder that runs on this host is never taken over, however old (or future-dated) its lock:
 * a writer stalled at its rename keeps its lock, so its change can never replace another's. A
 * lock of another host, or one that does not say who holds it, is abandoned once older than
 * `staleMs`. It is removed by renaming it aside first and checking the renamed file is the one
 * judged stale, so two writers recovering at once cannot both remove a fresh lock; a fresh lock
 * taken aside by mistake is linked back; a stale lock that is a folder is removed with what it
 * holds. Throws only on an unexpected file-system error.
 */
export async function acquireSettingsLock(folder: SettingsFolder, timing: LockTiming = {}): Promise<SettingsLock | undefined> {
  const route = folder.route(LOCK_FILE_NAME);
  const content = `${JSON.stringify({ pid: process.pid, host: hostname(), token: randomBytes(16).toString('hex') })}\n`;
  const deadline = Date.now() + (timing.waitMs ?? 2000);
  // A takeover is retried at once, whatever the time (it may itself outlast a short wait on a
  // loaded machine), but only so often: locks that keep reappearing stale cannot spin forever.
  for (let takeovers = 0; ; ) {
    if (await createLockFile(route, content)) return heldLock(route, content);
    if ((await removeIfStale(folder, route, timing.staleMs ?? 30_000)) && takeovers < MAX_TAKEOVERS) {
      takeovers += 1;
      continue;
    }
    if (Date.now() >= deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.floor(Math.random() * 20)));
  }
}

/** Creates the lock file holding `content`; false when one exists already. */
async function createLockFile(route: string, content: string): Promise<boolean> {
  let handle: FileHandle;
  try {
    handle = await open(route, CREATE_FLAGS, 0o600);
  } catch (error) {
    if (errorCodeOf(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(content);
  } catch (error) {
    // A lock that does not say who holds it (a full disk) would block every writer until it
    // grew stale: remove it, and let the write fail.
    await handle.close().catch(() => undefined);
    await unlink(route).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return true;
}

/** The lock file's content (never following a link), or `undefined` when it is gone or unreadable. */
async function lockContent(route: string): Promise<string | undefined> {
  try {
    const handle = await open(route, READ_FLAGS);
    try {
      const bytes = await readAtMost(handle, MAX_LOCK_BYTES);
      return bytes === undefined ? undefined : Buffer.from(bytes).toString('utf8');
    } finally {
      await handle.close().catch(() => undefined);
    }
  } catch {
    return undefined;
  }
}

function heldLock(route: string, content: string): SettingsLock {
  const stillHeld = async (): Promise<boolean> => (await lockContent(route)) === content;
  return {
    stillHeld,
    release: async () => {
      if (await stillHeld().catch(() => false)) await unlink(route).catch(() => undefined);
    },
  };
}

/** Removes the lock at `route` when it is abandoned; true when the caller should try again at once. */
async function removeIfStale(folder: SettingsFolder, route: string, staleMs: number): Promise<boolean> {
  const stats = await lstat(route).catch(() => undefined);
  if (stats === undefined) return true;
  const content = stats.isFile() ? await lockContent(route) : undefined;
  if (!isAbandoned(content, Date.now() - stats.mtimeMs, staleMs)) return false;
  const aside = folder.route(`${LOCK_FILE_NAME}.stale-${randomBytes(8).toString('hex')}`);
  try {
    await rename(route, aside);
  } catch (error) {
    if (errorCodeOf(error) === 'ENOENT') return true; // another writer removed it first
    throw error;
  }
  // The same file: same inode, and (inodes are reused at once on some file systems) the same holder.
  const taken = await lstat(aside).catch(() => undefined);
  const same = taken !== undefined && taken.ino === stats.ino && taken.dev === stats.dev && (content === undefined || (await lockContent(aside)) === content);
  if (!same) await link(aside, route).catch(() => undefined); // a fresh lock: give it back
  await (taken?.isDirectory() === true ? rm(aside, { recursive: true, force: true }) : unlink(aside)).catch(() => undefined);
  return same;
}

/** A lock whose holder no longer runs on this host; one of another host, or of no known holder, older than `staleMs`. */
function isAbandoned(content: string | undefined, ageMs: number, staleMs: number): boolean {
  const holder = parseHolder(content);
  if (holder !== undefined && holder.host === hostname()) return !isRunning(holder.pid);
  return ageMs > staleMs;
}

function parseHolder(content: string | undefined): { pid: number; host: string } | undefined {
  try {
    const value = JSON.parse(content ?? '') as { pid?: unknown; host?: unknown };
    return Number.isSafeInteger(value.pid) && typeof value.host === 'string' ? { pid: value.pid as number, host: value.host } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this id runs (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCodeOf(error) === 'EPERM';
  }
}
