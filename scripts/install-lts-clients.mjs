#!/usr/bin/env node
// Installs test/interop-lts/: the client majors that need Node 22 or later (AI SDK 2, Mastra 2,
// MCP Inspector 2), pinned in that folder's own package.json and package-lock.json so that the
// project's own install stays on what runs on Node 20. `npm ci` runs there with the pinned Node
// LTS (scripts/pinned-node.mjs) in front of PATH, so npm checks engines against the Node the
// tests will use. A stamp records the lockfile and Node it installed; a matching stamp skips
// the install. Needs the npm registry; the tests themselves do not touch the network.
//
//   node scripts/install-lts-clients.mjs
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT, ensurePinnedNode } from './pinned-node.mjs';

/** The folder of the Node ≥ 22 client majors. */
export const LTS_CLIENTS_DIR = join(REPO_ROOT, 'test', 'interop-lts');
const STAMP = join(LTS_CLIENTS_DIR, 'node_modules', '.qiongli-installed.json');

/** What an install depends on: the manifest, the lockfile and the Node that runs it. */
function installKey(node) {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) hash.update(readFileSync(join(LTS_CLIENTS_DIR, file)));
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  return { files: hash.digest('hex'), node: version };
}

/**
 * The environment for the nested npm: this one, with the pinned Node first on PATH and without
 * the `npm_*` variables an enclosing `npm run` exports (a nested npm would read them as its own
 * command-line configuration).
 */
function installEnv(node) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));
  const pathKey = Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';
  env[pathKey] = [dirname(node), env[pathKey]].filter(Boolean).join(delimiter);
  return env;
}

/** Runs `npm ci` in the folder: the npm that started this script when there is one, else the one on PATH. */
function npmCi(node, version, log) {
  const execpath = process.env.npm_execpath;
  const viaNpm = execpath?.endsWith('.js') === true;
  const [command, prefix] = viaNpm ? [node, [execpath]] : ['npm', []];
  log(`installing the Node 22+ client majors into test/interop-lts (npm ci on Node ${version})`);
  const result = spawnSync(command, [...prefix, 'ci', '--no-audit', '--no-fund'], {
    cwd: LTS_CLIENTS_DIR,
    env: installEnv(node),
    stdio: ['ignore', 'inherit', 'inherit'],
    shell: !viaNpm && process.platform === 'win32',
  });
  if (result.status !== 0) throw new Error(`npm ci in test/interop-lts failed (exit ${result.status})`);
}

/**
 * Installs the folder unless its stamp says this lockfile is already installed for this Node.
 * `node` is the pinned executable when the caller has it already (else it is ensured here).
 */
export async function ensureLtsClients({ node, log = () => {} } = {}) {
  node ??= await ensurePinnedNode(undefined, { log });
  const key = installKey(node);
  if (existsSync(STAMP) && JSON.stringify(JSON.parse(readFileSync(STAMP, 'utf8'))) === JSON.stringify(key)) return;
  npmCi(node, key.node, log);
  writeFileSync(STAMP, `${JSON.stringify(key)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await ensureLtsClients({ log: (text) => process.stderr.write(`${text}\n`) });
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
