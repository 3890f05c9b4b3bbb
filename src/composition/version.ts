/** The package version, reported as `serverInfo.version` and by `--version` (kept equal to package.json by a test). */
export const VERSION = '0.1.0';
