import { lstat, readdir, rm, unlink } from 'node:fs/promises';
import type { SettingsFolder } from './settings-folder.js';

/** A writer's temporary file: `settings.json.<16 hex>.tmp`. */
const TEMPORARY = /^settings\.json\.[0-9a-f]{16}\.tmp$/;
/** A lock taken aside while it was judged stale: `settings.json.lock.stale-<16 hex>`. */
const ASIDE = /^settings\.json\.lock\.stale-[0-9a-f]{16}$/;
/** An aside lock is removed by the writer that made it within milliseconds; older than this, it was left. */
const ASIDE_LEFT_MS = 10_000;
/** The most entries of the settings folder looked at (it holds a handful). */
const MAX_ENTRIES = 1_000;

/**
 * Removes what writers that died mid-write left in the settings folder (docs/configuration.md#writes):
 * their temporary files and aside locks. Called only by a writer holding the lock: writers
 * make temporary files only while they hold it, and a live holder on this host is never taken
 * over, so every temporary file found then is left by a writer that no longer runs. An aside
 * lock may belong to another writer recovering at this moment, so only one older than 10 s is
 * removed. Never follows a link (`lstat`, `unlink`); never throws.
 */
export async function sweepLeftovers(folder: SettingsFolder): Promise<void> {
  const names = await readdir(folder.route('.')).catch(() => [] as string[]);
  for (const name of names.slice(0, MAX_ENTRIES)) {
    const temporary = TEMPORARY.test(name);
    if (!temporary && !ASIDE.test(name)) continue;
    const route = folder.route(name);
    const stats = await lstat(route).catch(() => undefined);
    if (stats === undefined || (!temporary && Date.now() - stats.mtimeMs < ASIDE_LEFT_MS)) continue;
    await (stats.isDirectory() ? rm(route, { recursive: true, force: true }) : unlink(route)).catch(() => undefined);
  }
}
