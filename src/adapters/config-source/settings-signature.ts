import type { BigIntStats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { errorCodeOf } from './settings-problem.js';

/** The identity and change marks of one path: any write, rename, chmod or chown changes it. */
const marksOf = (stats: BigIntStats): string => [stats.dev, stats.ino, stats.size, stats.mtimeNs, stats.ctimeNs, stats.mode, stats.uid, stats.gid].join(':');

/** The marks of one path (see {@link settingsSignature}), or what kept `lstat` from reading them. Never throws. */
export async function marksOrState(target: string): Promise<string> {
  try {
    return marksOf(await lstat(target, { bigint: true }));
  } catch (error) {
    return `none:${errorCodeOf(error) ?? 'unknown'}`;
  }
}

/**
 * A cheap signature of the settings file and its folder: device, inode, size, modification
 * and change times (nanoseconds), mode and owner of each, as `lstat` sees them. Two equal
 * signatures mean nothing a reading depends on has changed (an atomic replace makes a new
 * inode; an edit in place moves the times; chmod and chown move the change time). Never throws.
 */
export async function settingsSignature(root: string, file: string): Promise<string> {
  const [folder, document] = await Promise.all([marksOrState(root), marksOrState(file)]);
  return `${folder}|${document}`;
}
