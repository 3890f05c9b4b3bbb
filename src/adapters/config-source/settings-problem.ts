import type { SettingsRule } from '../../ports/config-source.port.js';

/** A line and column (both from 1, columns in characters) in the settings text. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/**
 * One reason the settings are unusable: the rule it breaks (all an MCP client ever learns),
 * and for `qiongli config check` only, what exactly is wrong and where. `detail` may name keys
 * of the file (never a value) or the file's status; it never leaves the person's terminal.
 */
export interface SettingsProblem {
  readonly rule: SettingsRule;
  readonly detail?: string;
  readonly at?: TextPosition;
}

/** Builds a {@link SettingsProblem}. */
export const settingsProblem = (rule: SettingsRule, detail?: string, at?: TextPosition): SettingsProblem => ({
  rule,
  ...(detail === undefined ? {} : { detail }),
  ...(at === undefined ? {} : { at }),
});

/** The error code of a failed system call (`EACCES`, …), or `undefined`. */
export const errorCodeOf = (error: unknown): string | undefined => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The problem a failed system call on the settings file or folder stands for. */
export function problemOfSystemError(error: unknown, what: string): SettingsProblem {
  const code = errorCodeOf(error);
  if (code === 'ELOOP') return settingsProblem('symlink', `${what} is a symbolic link`);
  if (code === 'EACCES' || code === 'EPERM') return settingsProblem('unreadable', `${what} cannot be read: permission denied (${code})`);
  return settingsProblem('unreadable', `${what} cannot be read (${code ?? 'unknown error'})`);
}
