import type { SettingsProblem, SettingsRule, TextPosition } from '../../ports/config-source.port.js';

export type { SettingsProblem, TextPosition } from '../../ports/config-source.port.js';

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
