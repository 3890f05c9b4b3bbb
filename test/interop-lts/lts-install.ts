import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../support/built-program.js';

/** The folder holding the client majors that need Node 22 or later, with their own lockfile. */
export const LTS_CLIENTS_DIR = join(PROJECT_ROOT, 'test', 'interop-lts');

/**
 * Imports a package of that folder's install (`@ai-sdk/mcp`, `@mastra/mcp`, …) the way an ESM
 * program there would. Typed by the caller with the few members the suite uses.
 */
export async function loadLtsPackage<T>(specifier: string): Promise<T> {
  const loader = (await import(pathToFileURL(join(LTS_CLIENTS_DIR, 'load-package.mjs')).href)) as { loadPackage(specifier: string): Promise<unknown> };
  return (await loader.loadPackage(specifier)) as T;
}
