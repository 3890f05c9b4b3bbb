import path from 'node:path';

/** File name of the native settings document inside the configuration root (docs/configuration.md). */
export const SETTINGS_FILE_NAME = 'settings.json';

/** Directory name appended to the platform's user configuration directory (docs/configuration.md). */
const CONFIG_DIRECTORY_NAME = 'qiongli';

/**
 * What the settings location depends on. The composition root passes the real process values;
 * tests inject their own so every platform's rule can be checked on any machine.
 */
export interface ConfigEnvironment {
  /** Environment variables (only `QIONGLI_CONFIG_HOME`, `XDG_CONFIG_HOME`, `APPDATA` are read). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The platform whose conventions apply (`process.platform`). */
  readonly platform: NodeJS.Platform;
  /** The user's home directory (`os.homedir`); only called when a rule needs it. May throw. */
  readonly homedir: () => string;
}

/** Where the settings document lives, or which rule keeps a trustworthy location from being named. */
export type SettingsLocation =
  | { readonly kind: 'located'; readonly root: string; readonly file: string }
  | { readonly kind: 'invalid'; readonly rule: 'relative-config-home' | 'unknown-home' };

const RELATIVE_CONFIG_HOME: SettingsLocation = { kind: 'invalid', rule: 'relative-config-home' };
const UNKNOWN_HOME: SettingsLocation = { kind: 'invalid', rule: 'unknown-home' };

/**
 * Names the configuration root and the settings file (docs/configuration.md).
 *
 * - `$QIONGLI_CONFIG_HOME` wins when set and absolute. Empty counts as unset. Set but not
 *   absolute → `invalid`, rule `relative-config-home` (the user asked for a place we cannot name safely: it would depend on
 *   the working directory the MCP client happens to start us in).
 * - Otherwise the platform's user config directory + `qiongli`: `%APPDATA%` on Windows,
 *   `~/Library/Application Support` on macOS, `$XDG_CONFIG_HOME` or `~/.config` elsewhere.
 *   A relative or empty `XDG_CONFIG_HOME`/`APPDATA` is ignored, as the XDG Base Directory
 *   specification requires, falling back to `~/.config` / `~\AppData\Roaming`.
 * - A home directory that is needed but unknown or not absolute → `invalid`, rule `unknown-home`.
 *
 * "Absolute" on Windows means fully qualified (`C:\…` or `\\server\…`): a drive-relative
 * `\dir` would depend on the current drive. Paths are built with the platform's `node:path`
 * flavour. Never throws.
 */
export function locateSettings(environment: ConfigEnvironment): SettingsLocation {
  const flavour = environment.platform === 'win32' ? path.win32 : path.posix;
  const absolute = (candidate: string): boolean =>
    environment.platform === 'win32' ? isFullyQualifiedWindowsPath(candidate) : path.posix.isAbsolute(candidate);
  const located = (root: string): SettingsLocation => {
    const normalised = flavour.normalize(root);
    return { kind: 'located', root: normalised, file: flavour.join(normalised, SETTINGS_FILE_NAME) };
  };
  const home = (): string | undefined => {
    try {
      const value = environment.homedir();
      return typeof value === 'string' && absolute(value) ? value : undefined;
    } catch {
      return undefined;
    }
  };

  const explicit = environment.env['QIONGLI_CONFIG_HOME'];
  if (explicit !== undefined && explicit !== '') return absolute(explicit) ? located(explicit) : RELATIVE_CONFIG_HOME;

  if (environment.platform === 'win32') {
    const appData = environment.env['APPDATA'];
    if (appData !== undefined && absolute(appData)) return located(flavour.join(appData, CONFIG_DIRECTORY_NAME));
    const homeDir = home();
    return homeDir === undefined ? UNKNOWN_HOME : located(flavour.join(homeDir, 'AppData', 'Roaming', CONFIG_DIRECTORY_NAME));
  }
  if (environment.platform === 'darwin') {
    const homeDir = home();
    return homeDir === undefined ? UNKNOWN_HOME : located(flavour.join(homeDir, 'Library', 'Application Support', CONFIG_DIRECTORY_NAME));
  }
  const xdg = environment.env['XDG_CONFIG_HOME'];
  if (xdg !== undefined && absolute(xdg)) return located(flavour.join(xdg, CONFIG_DIRECTORY_NAME));
  const homeDir = home();
  return homeDir === undefined ? UNKNOWN_HOME : located(flavour.join(homeDir, '.config', CONFIG_DIRECTORY_NAME));
}

/** `C:\…`, `C:/…` or a UNC/device path `\\…`; not `\dir` (current drive) nor `C:dir`. */
const isFullyQualifiedWindowsPath = (candidate: string): boolean => /^[A-Za-z]:[\\/]/.test(candidate) || /^[\\/]{2}[^\\/]/.test(candidate);
