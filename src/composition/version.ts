/** The package version, reported as `serverInfo.version` and by `--version` (kept equal to package.json by a test). */
export const VERSION = '0.2.0';

/**
 * The `--version` line: the program and the runtime it runs on, e.g.
 * `qiongli 0.2.0 (node v24.22.3, linux-x64)` — for the single executable, the embedded runtime.
 * Read when called, never at module evaluation (the binary's start-up snapshot is built elsewhere).
 */
export function versionLine(): string {
  const os = process.platform === 'win32' ? 'win' : process.platform;
  return `qiongli ${VERSION} (node ${process.version}, ${os}-${process.arch})`;
}
