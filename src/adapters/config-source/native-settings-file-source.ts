import { homedir } from 'node:os';
import type { ConfigSource, NativeSettings, SettingsInspection, SettingsReading, SettingsRule } from '../../ports/config-source.port.js';
import { DEFAULT_SETTINGS } from '../../domain/provider-readiness/provider-readiness.js';
import { systemAccountDatabase, type AccountDatabase } from './account-database.js';
import type { FileSafetyPolicy } from './ownership-rule.js';
import { locateSettings, type ConfigEnvironment, type SettingsLocation } from './settings-location.js';
import { freezeSettings } from './settings-document.js';
import { loadSettings } from './settings-load.js';
import { settingsSignature } from './settings-signature.js';

/** Inputs of {@link NativeSettingsFileSource}: where to look, and who we are. */
export interface NativeSettingsFileSourceOptions extends ConfigEnvironment {
  /**
   * The uid the process runs as (`process.getuid`), or undefined where there is none. Defaults
   * to the real one; tests inject another to check the ownership rule without root.
   */
  readonly currentUid?: () => number | undefined;
  /** The account database of the private-group rule (default: this machine's `/etc/passwd` and `/etc/group`). */
  readonly accounts?: () => AccountDatabase;
}

const unavailable = (rule: SettingsRule): SettingsReading => Object.freeze({ status: 'unavailable', rule });
const available = (settings: NativeSettings): SettingsReading => Object.freeze({ status: 'available', settings });
const UNREADABLE = unavailable('unreadable');

/**
 * The native settings document `settings.json` (docs/configuration.md), as a {@link ConfigSource}.
 *
 * Nothing is touched until the first `read()`. Each read takes a cheap signature of the file and
 * its folder (`lstat`: device, inode, size, times, mode, owner); while it is unchanged every read
 * shares the same reading, and once it changes (a key set in a terminal) the next read loads the
 * file again. No file → the defaults. A file that breaks a rule → `unavailable` with that rule
 * (see `readSettingsBytes` and `parseSettingsText`). Never throws, never logs, and never puts
 * the path or any refused content into what it returns.
 */
export class NativeSettingsFileSource implements ConfigSource {
  private located: SettingsLocation | undefined;
  private last: { readonly signature: string; readonly reading: Promise<SettingsReading> } | undefined;

  constructor(private readonly options: NativeSettingsFileSourceOptions) {}

  /** A source for this process: real environment, platform, home directory and uid. */
  static forThisProcess(): NativeSettingsFileSource {
    return new NativeSettingsFileSource({ env: process.env, platform: process.platform, homedir });
  }

  /** Where the settings are looked for (computed once: the environment is the process's). */
  location(): SettingsLocation {
    this.located ??= locateSettings(this.options);
    return this.located;
  }

  /** The settings: the previous reading while the file is unchanged, a fresh one after a change. */
  read(): Promise<SettingsReading> {
    return this.readCurrent().catch(() => UNREADABLE);
  }

  /** Everything `qiongli config check` explains: the file's path, and every problem with it. */
  async inspect(): Promise<SettingsInspection> {
    const location = this.location();
    if (location.kind === 'invalid') return { kind: 'unlocated', rule: location.rule };
    const loaded = await loadSettings(location.root, location.file, this.policy());
    if (loaded.kind === 'missing') return { kind: 'missing', file: location.file };
    if (loaded.kind === 'unusable') return { kind: 'unusable', file: location.file, problems: loaded.problems };
    return { kind: 'valid', file: location.file, revision: loaded.revision, settings: loaded.settings };
  }

  /** The policy of one load; a fresh account database each time, so group changes are seen. */
  policy(): FileSafetyPolicy {
    const posixModes = this.options.platform !== 'win32';
    return {
      posixModes,
      currentUid: posixModes ? (this.options.currentUid ?? defaultUid)() : undefined,
      accounts: (this.options.accounts ?? systemAccountDatabase)(),
    };
  }

  private async readCurrent(): Promise<SettingsReading> {
    const location = this.location();
    if (location.kind === 'invalid') return unavailable(location.rule);
    const signature = await settingsSignature(location.root, location.file);
    if (this.last?.signature === signature) return this.last.reading;
    const reading = this.load(location.root, location.file).catch(() => UNREADABLE);
    this.last = { signature, reading };
    return reading;
  }

  private async load(root: string, file: string): Promise<SettingsReading> {
    const loaded = await loadSettings(root, file, this.policy());
    if (loaded.kind === 'missing') return available(freezeSettings(DEFAULT_SETTINGS));
    return loaded.kind === 'document' ? available(loaded.settings) : unavailable(loaded.problems[0].rule);
  }
}

const defaultUid = (): number | undefined => process.getuid?.();
