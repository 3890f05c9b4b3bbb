import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import type { SettingsRule } from '../../ports/config-source.port.js';
import type { SettingsDraft, SettingsEdit, SettingsWriter, SettingsWriteResult } from '../../ports/settings-writer.port.js';
import { DEFAULT_SETTINGS } from '../../domain/provider-readiness/provider-readiness.js';
import { NativeSettingsFileSource, type NativeSettingsFileSourceOptions } from './native-settings-file-source.js';
import { freezeSettings, parseSettingsText } from './settings-document.js';
import { applyEdit, emptyDocument, serialiseDocument } from './settings-edit.js';
import { MAX_SETTINGS_BYTES } from './settings-file-bytes.js';
import { openSettingsFolder, type SettingsFolder } from './settings-folder.js';
import { SETTINGS_FILE_NAME } from './settings-location.js';
import { loadSettings } from './settings-load.js';
import { acquireSettingsLock, type LockTiming } from './settings-lock.js';
import { sweepLeftovers } from './settings-leftovers.js';
import { marksOrState } from './settings-signature.js';

/** Inputs of {@link SettingsFileWriter}: the source's, plus lock timing and a test hook. */
export interface SettingsFileWriterOptions extends NativeSettingsFileSourceOptions, LockTiming {
  /**
   * Runs after the new document is in its temporary file and before it replaces the old one.
   * Tests use it to race another writer or swap in a symbolic link at the worst moment.
   */
  readonly beforeReplace?: () => Promise<void>;
  /** Runs after the last checks, just before the rename (tests: a swap no check can see any more). */
  readonly afterChecks?: () => Promise<void>;
}

const TEMPORARY_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
const FILE_MODE = 0o600;
const CONFLICT: SettingsWriteResult = { status: 'conflict' };
const BUSY: SettingsWriteResult = { status: 'busy' };
const FAILED: SettingsWriteResult = { status: 'failed' };
const unavailable = (rule: SettingsRule): { readonly status: 'unavailable'; readonly rule: SettingsRule } => ({ status: 'unavailable', rule });

/**
 * The settings file as a {@link SettingsWriter} (docs/configuration.md#writes). One write:
 *
 * 1. opens the configuration root (created with mode 0700 when missing; see {@link openSettingsFolder}:
 *    on Linux every later path goes through the folder held open);
 * 2. takes the lock file `settings.json.lock` ({@link acquireSettingsLock}); `busy` when another
 *    writer keeps it;
 * 3. removes what writers that died mid-write left ({@link sweepLeftovers}), then reads the
 *    document under the reading rules; `unavailable` when it breaks one, `conflict` when its
 *    revision is not the one the change was based on;
 * 4. writes the edited document (revision + 1) to `settings.json.<random>.tmp`, opened with
 *    `O_CREAT | O_EXCL | O_NOFOLLOW` and mode 0600, and flushes it (fsync);
 * 5. checks that the folder is still in place, the lock still held and the document still the
 *    file that was read (device, inode, size, times: a hand edit since → `conflict`), renames the
 *    temporary file over `settings.json` (a symlink there is replaced, never followed), flushes
 *    the folder; a folder moved during the rename is reported with the write (`folder-moved`);
 * 6. removes the lock, and the temporary file if it is still there.
 *
 * Never throws: an unexpected file-system error is `failed`, and the old document is intact.
 */
export class SettingsFileWriter implements SettingsWriter {
  private readonly source: NativeSettingsFileSource;

  constructor(private readonly options: SettingsFileWriterOptions) {
    this.source = new NativeSettingsFileSource(options);
  }

  async readForChange(): Promise<SettingsDraft> {
    try {
      const location = this.source.location();
      if (location.kind === 'invalid') return unavailable(location.rule);
      const loaded = await loadSettings(location.root, location.file, this.source.policy());
      if (loaded.kind === 'unusable') return unavailable(loaded.problems[0].rule);
      if (loaded.kind === 'missing') return { status: 'available', settings: freezeSettings(DEFAULT_SETTINGS), revision: null };
      return { status: 'available', settings: loaded.settings, revision: loaded.revision };
    } catch {
      return unavailable('unreadable');
    }
  }

  async write(basedOn: number | null, edit: SettingsEdit): Promise<SettingsWriteResult> {
    try {
      const location = this.source.location();
      if (location.kind === 'invalid') return unavailable(location.rule);
      const policy = this.source.policy();
      const opened = await openSettingsFolder(location.root, policy);
      if (!opened.ok) return unavailable(opened.error.rule);
      try {
        const lock = await acquireSettingsLock(opened.value, this.options);
        if (lock === undefined) return BUSY;
        try {
          return await this.writeHeld(opened.value, location.root, basedOn, edit, () => lock.stillHeld());
        } finally {
          await lock.release();
        }
      } finally {
        await opened.value.close();
      }
    } catch {
      return FAILED;
    }
  }

  private async writeHeld(
    folder: SettingsFolder,
    root: string,
    basedOn: number | null,
    edit: SettingsEdit,
    stillHeld: () => Promise<boolean>,
  ): Promise<SettingsWriteResult> {
    await sweepLeftovers(folder);
    const route = folder.route(SETTINGS_FILE_NAME);
    const marks = await marksOrState(route);
    const current = await loadSettings(root, route, this.source.policy());
    if ((await marksOrState(route)) !== marks) return CONFLICT; // changed while it was read
    if (current.kind === 'unusable') return unavailable(current.problems[0].rule);
    const revision = current.kind === 'document' ? current.revision : null;
    if (revision !== basedOn) return CONFLICT;
    const text = serialiseDocument(applyEdit(current.kind === 'document' ? current.document : emptyDocument(), edit, (revision ?? 0) + 1));
    const checked = await parseSettingsText(text);
    if (!checked.ok || Buffer.byteLength(text) > MAX_SETTINGS_BYTES) return FAILED;
    const temporary = folder.route(`${SETTINGS_FILE_NAME}.${randomBytes(8).toString('hex')}.tmp`);
    let replaced = false;
    try {
      await writeTemporary(temporary, text);
      await this.options.beforeReplace?.();
      const moved = await folder.problemSinceOpened();
      if (moved !== undefined) return unavailable(moved.rule);
      if (!(await stillHeld())) return BUSY;
      if ((await marksOrState(route)) !== marks) return CONFLICT; // a hand edit since it was read
      await this.options.afterChecks?.();
      await rename(temporary, route);
      replaced = true;
      await folder.flush();
      // The change landed: say so, with what happened to the folder meanwhile.
      const movedDuring = await folder.problemSinceOpened();
      return { status: 'written', revision: checked.value.revision, ...(movedDuring === undefined ? {} : { warning: 'folder-moved' as const }) };
    } finally {
      if (!replaced) await unlink(temporary).catch(() => undefined);
    }
  }
}

/** Writes `text` to a new file (never an existing one, never through a link), mode 0600, flushed. */
async function writeTemporary(route: string, text: string): Promise<void> {
  const handle = await open(route, TEMPORARY_FLAGS, FILE_MODE);
  try {
    await handle.chmod(FILE_MODE).catch(() => undefined); // exact, whatever the umask
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
