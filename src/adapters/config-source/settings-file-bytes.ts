import { constants, type Stats } from 'node:fs';
import { lstat, open, type FileHandle } from 'node:fs/promises';
import { readAtMost } from './bounded-read.js';
import { judgeOwnership, type FileSafetyPolicy } from './ownership-rule.js';
import { errorCodeOf, problemOfSystemError, settingsProblem, type SettingsProblem } from './settings-problem.js';

export { readAtMost } from './bounded-read.js';
export type { FileSafetyPolicy } from './ownership-rule.js';

/** Largest settings document accepted, in bytes (docs/configuration.md: ≤ 64 KiB). */
export const MAX_SETTINGS_BYTES = 64 * 1024;

/** Outcome of fetching the raw settings bytes. */
export type SettingsBytes =
  | { readonly kind: 'missing' }
  | { readonly kind: 'refused'; readonly problem: SettingsProblem }
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array };

const MISSING: SettingsBytes = { kind: 'missing' };
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const FOLDER = 'the settings folder';
const FILE = 'settings.json';

const refused = (problem: SettingsProblem): SettingsBytes => ({ kind: 'refused', problem });

/**
 * Reads the settings document's bytes, refusing anything that is not plainly the user's own
 * small regular file (docs/configuration.md#when-the-settings-are-unavailable). Never throws.
 *
 * - `missing`: the configuration root or the file does not exist (ENOENT).
 * - `refused`, with the rule: the file or the root is a symlink; the file is not a regular file
 *   or the root not a folder; file or root can be changed by other users ({@link judgeOwnership},
 *   only where POSIX modes exist); the file is over {@link MAX_SETTINGS_BYTES} (checked before
 *   and while reading); any I/O error. A file replaced or removed between its check and its open
 *   (a writer's atomic rename) is checked and read again, up to 50 times (each attempt is a few system calls; a writer replaces the file once).
 *
 * `file` is normally `<root>/settings.json`; the settings writer passes a route through the
 * folder it holds open instead. Root checks apply only when the file exists: with no file
 * nothing is read, so the defaults are safe. Ancestors of the root are not checked (dotfile
 * managers often symlink `~/.config`).
 */
export async function readSettingsBytes(root: string, file: string, policy: FileSafetyPolicy): Promise<SettingsBytes> {
  // A writer replacing the document between the check and the open is normal (an atomic rename):
  // look again, a few times, before calling the file unreadable.
  for (let attempt = 1; ; attempt += 1) {
    const fetched = await readSettingsBytesOnce(root, file, policy);
    if (fetched !== CHANGED) return fetched;
    if (attempt === MAX_ATTEMPTS) return refused(settingsProblem('unreadable', `${FILE} kept being replaced while it was being read; try again`));
  }
}

/** Outcome of one attempt: the file changed between its check and its open. */
const CHANGED = Symbol('changed');
const MAX_ATTEMPTS = 50;

async function readSettingsBytesOnce(root: string, file: string, policy: FileSafetyPolicy): Promise<SettingsBytes | typeof CHANGED> {
  let rootStats: Stats | undefined;
  let fileStats: Stats | undefined;
  try {
    rootStats = await lstatOrMissing(root);
  } catch (error) {
    return refused(problemOfSystemError(error, FOLDER));
  }
  if (rootStats === undefined) return MISSING;
  const rootProblem = await folderProblem(rootStats, policy);
  try {
    fileStats = await lstatOrMissing(file);
  } catch (error) {
    // A root that is a file: nothing can be inside it (ENOTDIR), and the root is what is wrong.
    return refused(rootProblem ?? problemOfSystemError(error, FILE));
  }
  if (fileStats === undefined) return MISSING;
  // Only what lstat alone tells is judged before the open, so a writer's rename has the least
  // time to fall between the two; the owner and mode are judged on the opened file.
  const problem = rootProblem ?? fileKindProblem(fileStats);
  if (problem !== undefined) return refused(problem);
  return readOpenedFile(file, fileStats, policy);
}

/** lstat that maps ENOENT to `undefined` and lets every other error propagate. */
export async function lstatOrMissing(target: string): Promise<Stats | undefined> {
  try {
    return await lstat(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Why the configuration root cannot hold trustworthy settings, or `undefined`. */
export async function folderProblem(stats: Stats, policy: FileSafetyPolicy): Promise<SettingsProblem | undefined> {
  if (stats.isSymbolicLink()) return settingsProblem('symlink', `${FOLDER} is a symbolic link`);
  if (!stats.isDirectory()) return settingsProblem('not-a-folder', `${FOLDER} is ${kindOf(stats)}, not a folder`);
  const verdict = await judgeOwnership(stats, policy);
  return verdict.ok ? undefined : settingsProblem('unsafe-permissions', `${FOLDER}: ${verdict.error}`);
}

/** Why the settings file (as lstat or fstat saw it) cannot be trusted or read, or `undefined`. */
async function fileProblem(stats: Stats, policy: FileSafetyPolicy): Promise<SettingsProblem | undefined> {
  const kindProblem = fileKindProblem(stats);
  if (kindProblem !== undefined) return kindProblem;
  const verdict = await judgeOwnership(stats, policy);
  return verdict.ok ? undefined : settingsProblem('unsafe-permissions', `${FILE}: ${verdict.error}`);
}

/** What the file's kind and size alone make wrong (a link, not a regular file, too large), or `undefined`. */
function fileKindProblem(stats: Stats): SettingsProblem | undefined {
  if (stats.isSymbolicLink()) return settingsProblem('symlink', `${FILE} is a symbolic link`);
  if (!stats.isFile()) return settingsProblem('not-regular-file', `${FILE} is ${kindOf(stats)}, not a regular file`);
  if (stats.size > MAX_SETTINGS_BYTES) return tooLarge(stats.size);
  return undefined;
}

const tooLarge = (size?: number): SettingsProblem =>
  settingsProblem('too-large', `${FILE} holds ${size === undefined ? 'more than 65536' : size} bytes; at most ${MAX_SETTINGS_BYTES} are read`);

async function readOpenedFile(file: string, checked: Stats, policy: FileSafetyPolicy): Promise<SettingsBytes | typeof CHANGED> {
  let handle: FileHandle;
  try {
    handle = await open(file, OPEN_FLAGS);
  } catch (error) {
    // Removed, or replaced by a link, since it was checked: look again.
    return errorCodeOf(error) === 'ENOENT' || errorCodeOf(error) === 'ELOOP' ? CHANGED : refused(problemOfSystemError(error, FILE));
  }
  try {
    const opened = await handle.stat();
    if (opened.ino !== checked.ino || opened.dev !== checked.dev) return CHANGED;
    const problem = await fileProblem(opened, policy);
    if (problem !== undefined) return refused(problem);
    const bytes = await readAtMost(handle, MAX_SETTINGS_BYTES);
    return bytes === undefined ? refused(tooLarge()) : { kind: 'bytes', bytes };
  } catch (error) {
    return refused(problemOfSystemError(error, FILE));
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** What kind of file system entry `stats` describes, in words. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isFile()) return 'a regular file';
  return 'not a regular file';
}
