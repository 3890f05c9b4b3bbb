import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/** Root of the project (tests run from dist/test/...). */
export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The built program, as `npm test` builds it before running tests. */
export const BUILT_BIN = join(PROJECT_ROOT, 'dist', 'bundle', 'qiongli.mjs');
/** The bundle's folder: everything a copy of the program needs. */
export const BUNDLE_DIR = join(PROJECT_ROOT, 'dist', 'bundle');
/** The arguments every client configuration uses. */
export const SERVE_ARGS = ['mcp', 'serve', '--profile', 'lite', '--transport', 'stdio'] as const;
