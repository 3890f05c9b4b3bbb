#!/usr/bin/env node
// `npm test` (and `npm run test:pinned`, `npm run coverage`) runs this first: the suite starts
// real programs that npm cannot install — Debian's Chromium for the setup page's browser tests,
// a private D-Bus session with gnome-keyring's Secret Service (read back with secret-tool) for
// the credential-store tests, and strace for the copied-binary acceptance, which traces execve.
// On Debian or Ubuntu as root with apt-get, what is missing is installed here, and the line says
// what; elsewhere the line names what is missing and how to install it, and the run goes on (those
// tests then fail with the same install line, never skip). QIONGLI_TEST_INSTALL=0 installs
// nothing. It also fetches once, into .cache/keyring/, the other platforms' keyring modules the
// .mcpb carries (scripts/native-keyring.mjs; the tests themselves never reach the network).
// docs/install.md#running-the-tests tells the same.
//
//   node scripts/test-prerequisites.mjs
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureKeyringPackages } from './native-keyring.mjs';

/**
 * What the suite needs, per Debian package: the programs that show it is there. strace is only
 * needed as root (the copied-binary acceptance needs root for its mount namespace).
 */
export const PREREQUISITES = [
  { package: 'chromium', programs: ['/usr/bin/chromium'], rootOnly: false },
  { package: 'dbus', programs: ['dbus-daemon', 'dbus-send'], rootOnly: false },
  { package: 'gnome-keyring', programs: ['gnome-keyring-daemon'], rootOnly: false },
  { package: 'libsecret-tools', programs: ['secret-tool'], rootOnly: false },
  { package: 'strace', programs: ['/usr/bin/strace'], rootOnly: true },
];

/**
 * What to do on this machine: `{missing, install}` where `install` is true when the missing
 * packages can be installed here (Linux, root, apt-get, not switched off).
 */
export function plan({ platform, root, has, aptGet, allowed }) {
  if (platform !== 'linux') return { missing: [], install: false };
  const missing = PREREQUISITES.filter((item) => (root || !item.rootOnly) && !item.programs.every(has)).map((item) => item.package);
  return { missing, install: missing.length > 0 && root && aptGet && allowed };
}

const onPath = (program) =>
  program.startsWith('/') ? existsSync(program) : spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;

/** Checks, installs when it may, and prints one line on stderr when anything was missing. */
export function ensureTestPrerequisites({ log = (text) => process.stderr.write(`${text}\n`) } = {}) {
  const { missing, install } = plan({
    platform: process.platform,
    root: process.getuid?.() === 0,
    has: onPath,
    aptGet: onPath('apt-get'),
    allowed: process.env.QIONGLI_TEST_INSTALL !== '0',
  });
  if (missing.length === 0) return true;
  const command = `apt-get install -y ${missing.join(' ')}`;
  if (!install) {
    log(`npm test: missing ${missing.join(', ')} — their tests will fail; install with: ${command}`);
    return false;
  }
  log(`npm test: installing ${missing.join(', ')} (apt-get update && ${command})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  const done = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  log(done ? `npm test: installed ${missing.join(', ')}` : `npm test: could not install ${missing.join(', ')} — their tests will fail`);
  return done;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureTestPrerequisites();
  try {
    ensureKeyringPackages({ log: (text) => process.stderr.write(`npm test: ${text}\n`) });
  } catch (error) {
    process.stderr.write(`npm test: ${error.message.split('\n')[0]} — the MCP Bundle test will fail\n`);
  }
}
