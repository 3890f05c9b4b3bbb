import { constants, type Stats } from 'node:fs';
import { chmod, lstat, mkdir, open, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileSafetyPolicy } from './ownership-rule.js';
import { folderProblem, lstatOrMissing } from './settings-file-bytes.js';
import { failure, success, type Result } from '../../domain/shared/result.js';
import { settingsProblem, type SettingsProblem } from './settings-problem.js';

/**
 * The configuration root, held for one write (docs/configuration.md#writes).
 *
 * Where the platform allows it (Linux), the folder is opened once (`O_DIRECTORY | O_NOFOLLOW`)
 * and every name inside it is reached through `/proc/self/fd/<fd>/`: the kernel resolves that
 * route to the folder that was opened, not to whatever its path names later, so a folder
 * swapped for a symbolic link during the write is never followed. Elsewhere names are reached
 * through the folder's path, and {@link SettingsFolder.problemSinceOpened} tells a swap apart
 * before and after the replace (a swap between that check and the rename cannot be seen).
 */
export interface SettingsFolder {
  /** A path to `name` inside the folder. */
  route(name: string): string;
  /** Whether the route goes through the opened folder itself (true on Linux). */
  readonly pinned: boolean;
  /** Why the folder's path no longer names the folder that was opened, or `undefined`. */
  problemSinceOpened(): Promise<SettingsProblem | undefined>;
  /** Flushes the folder, so a rename in it survives a crash (best effort where folders cannot be opened). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** A held folder, or why the settings folder cannot be used for a write. */
export type OpenedFolder = Result<SettingsFolder, SettingsProblem>;

const FOLDER_MODE = 0o700;
const DIRECTORY_FLAGS = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0);

/**
 * Opens the configuration root for a write, creating it (and missing parents) with mode 0700
 * when it does not exist. An existing root must pass the same rules as for reading: not a
 * symlink, a folder, not writable by others.
 */
export async function openSettingsFolder(root: string, policy: FileSafetyPolicy): Promise<OpenedFolder> {
  let stats = await lstatOrMissing(root);
  if (stats === undefined) {
    await mkdir(root, { recursive: true, mode: FOLDER_MODE });
    if (policy.posixModes) await chmod(root, FOLDER_MODE);
    stats = await lstat(root);
  }
  const problem = await folderProblem(stats, policy);
  if (problem !== undefined) return failure(problem);
  if (!policy.posixModes) return success(pathFolder(root, stats));
  const handle = await open(root, DIRECTORY_FLAGS);
  try {
    const opened = await handle.stat();
    if (opened.dev !== stats.dev || opened.ino !== stats.ino) return failure(moved());
    return success(await heldFolder(root, handle, opened));
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

const moved = (): SettingsProblem => settingsProblem('unreadable', 'the settings folder was moved or replaced during the write; try again');

/** Why `root` no longer names the folder `opened` describes, or `undefined`. */
async function problemSince(root: string, opened: Stats): Promise<SettingsProblem | undefined> {
  const now = await lstatOrMissing(root).catch(() => undefined);
  if (now?.isSymbolicLink() === true)
    return settingsProblem('symlink', 'the settings folder became a symbolic link during the write; nothing was written through it');
  return now?.isDirectory() && now.dev === opened.dev && now.ino === opened.ino ? undefined : moved();
}

/** A folder reached through its path (no POSIX modes, so no folder handle: Windows). */
function pathFolder(root: string, opened: Stats): SettingsFolder {
  return {
    route: (name) => join(root, name),
    pinned: false,
    problemSinceOpened: () => problemSince(root, opened),
    flush: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/** A folder held open; routed through `/proc/self/fd` when that route is proven to reach it. */
async function heldFolder(root: string, handle: FileHandle, opened: Stats): Promise<SettingsFolder> {
  const procRoute = `/proc/self/fd/${handle.fd}`;
  const reached = await stat(`${procRoute}/.`).catch(() => undefined);
  const pinned = reached !== undefined && reached.dev === opened.dev && reached.ino === opened.ino;
  return {
    route: (name) => (pinned ? `${procRoute}/${name}` : join(root, name)),
    pinned,
    problemSinceOpened: () => problemSince(root, opened),
    flush: () => handle.sync().catch(() => undefined),
    close: () => handle.close().catch(() => undefined),
  };
}
