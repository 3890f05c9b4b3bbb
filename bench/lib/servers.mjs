// The three servers compared side by side.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/lib/ → ../../). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The program bundle `npm run build` produces. */
export const DEFAULT_BUNDLE = `${REPO_ROOT}dist/bundle/qiongli.mjs`;

/** Server names in report order. */
export const SERVER_NAMES = /** @type {const} */ (['qiongli', 'sdk', 'floor']);

/** Human labels for reports. */
export const SERVER_LABELS = {
  qiongli: 'Qiongli (dist/bundle/qiongli.mjs)',
  sdk: 'official SDK (@modelcontextprotocol/server 2.4.0, serveStdio)',
  floor: 'floor (split, JSON.parse, JSON.stringify, write)',
};

/**
 * Spawn specs `{ name, command, args }` of the selected servers.
 * @param {{bundle:string, fixturePath:string, nodeArgs?:string[]}} options
 */
export function serverSpecs({ bundle, fixturePath, nodeArgs = [] }) {
  if (!existsSync(bundle)) throw new Error(`missing ${bundle}: run \`npm run build\` first`);
  const node = process.execPath;
  return {
    qiongli: { name: 'qiongli', command: node, args: [...nodeArgs, bundle, 'mcp', 'serve', '--profile', 'lite', '--transport', 'stdio'] },
    sdk: { name: 'sdk', command: node, args: [...nodeArgs, `${REPO_ROOT}bench/servers/sdk-server.mjs`, fixturePath] },
    floor: { name: 'floor', command: node, args: [...nodeArgs, `${REPO_ROOT}bench/servers/floor-server.mjs`, fixturePath] },
  };
}
