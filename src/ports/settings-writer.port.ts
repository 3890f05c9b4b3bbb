import type { NativeSettings, ProviderId, ProviderSettings, SettingsRule, SourceId, SourceSettings, ZoteroSettings } from './config-source.port.js';
import { portToken, type PortToken } from './port-token.js';

/**
 * The settings as read for a change: what they say now, and the revision a change must be based
 * on (`null` when there is no settings document yet, so the defaults apply).
 */
export type SettingsDraft =
  | { readonly status: 'available'; readonly settings: NativeSettings; readonly revision: number | null }
  | { readonly status: 'unavailable'; readonly rule: SettingsRule };

/**
 * A change to the settings: the entries to replace, each whole. Everything else in the document
 * (other entries, keys this build does not change) is kept as it is.
 */
export interface SettingsEdit {
  readonly providers?: Readonly<Partial<Record<ProviderId, ProviderSettings>>>;
  readonly sources?: Readonly<Partial<Record<SourceId, SourceSettings>>>;
  readonly zotero?: ZoteroSettings;
}

/**
 * How a write ended.
 * - `written`: the document now holds the change, under `revision` (the one read + 1); with
 *   `warning: 'folder-moved'` when the settings folder was moved or replaced while it was
 *   written: the change is in the folder that was opened, which its path may no longer name.
 *   A writer reports what happened: a change that landed is never reported refused.
 * - `conflict`: the document's revision is no longer the one the change was based on (another
 *   writer came first), or the file changed after it was read (a hand edit); nothing was written.
 * - `busy`: another writer held the settings for longer than a write takes; nothing was written.
 * - `unavailable`: the settings (or their folder) break `rule`; nothing was written.
 * - `failed`: the file system refused (no space, no permission, …); the document is unchanged.
 */
export type SettingsWriteResult =
  | { readonly status: 'written'; readonly revision: number; readonly warning?: 'folder-moved' }
  | { readonly status: 'conflict' }
  | { readonly status: 'busy' }
  | { readonly status: 'unavailable'; readonly rule: SettingsRule }
  | { readonly status: 'failed' };

/**
 * Changes the native settings document (docs/configuration.md#writes): the `qiongli config`
 * commands, and the Standard profile's save tool and setup page.
 *
 * Promise: a write is atomic (a reader sees the old document or the new one, never a mix),
 * raises `revision` by one, and happens only when the document still has the revision the
 * change was based on (compare-and-swap: of two writers racing, one wins and the other gets
 * `conflict` or `busy`, and no change is lost). It never follows a symbolic link, writes the
 * file with mode 0600 and creates the folder with mode 0700 where POSIX modes exist. No method
 * throws; nothing is logged; no result carries a path.
 */
export interface SettingsWriter {
  /** The settings and their revision, read under the same rules as {@link ConfigSource}. */
  readForChange(): Promise<SettingsDraft>;
  /** Applies `edit` to the document if its revision is still `basedOn` (`null`: no document yet). */
  write(basedOn: number | null, edit: SettingsEdit): Promise<SettingsWriteResult>;
}

/** Service identifier of the {@link SettingsWriter} port. */
export const SettingsWriterId: PortToken<SettingsWriter> = portToken('qiongli.SettingsWriter');
