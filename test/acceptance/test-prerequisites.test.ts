import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../support/built-program.js';

const SCRIPT = join(PROJECT_ROOT, 'scripts', 'test-prerequisites.mjs');

interface Plan {
  readonly missing: string[];
  readonly install: boolean;
}
interface Machine {
  readonly platform: string;
  readonly root: boolean;
  readonly has: (program: string) => boolean;
  readonly aptGet: boolean;
  readonly allowed: boolean;
}
const { plan } = (await import(pathToFileURL(SCRIPT).href)) as { plan: (machine: Machine) => Plan };

const fresh: Machine = { platform: 'linux', root: true, has: () => false, aptGet: true, allowed: true };

// Issue 25 row 1: the README promises two commands on a fresh machine; `npm test` installs the
// Debian packages its tests start (a browser, a Secret Service, strace) instead of failing.
describe('npm test installs what its tests need on Debian/Ubuntu (issue 25, row 1)', () => {
  it('npm test, test:pinned and coverage run the prerequisites first', () => {
    const scripts = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    for (const name of ['test', 'test:pinned', 'coverage']) assert.match(scripts[name]!, /^node scripts\/test-prerequisites\.mjs && /u, name);
  });

  it('a fresh Debian machine as root: every package is installed', () => {
    assert.deepEqual(plan(fresh), { missing: ['chromium', 'dbus', 'gnome-keyring', 'libsecret-tools', 'strace'], install: true });
  });

  it('without root, apt-get or permission nothing is installed, and strace (needed only as root) is not asked for', () => {
    assert.deepEqual(plan({ ...fresh, root: false }), { missing: ['chromium', 'dbus', 'gnome-keyring', 'libsecret-tools'], install: false });
    assert.equal(plan({ ...fresh, aptGet: false }).install, false);
    assert.equal(plan({ ...fresh, allowed: false }).install, false);
  });

  it('a package counts as present only when every program it brings is there', () => {
    const present = new Set(['/usr/bin/chromium', 'dbus-daemon', 'gnome-keyring-daemon', 'secret-tool', '/usr/bin/strace']);
    assert.deepEqual(plan({ ...fresh, has: (program) => present.has(program) }), { missing: ['dbus'], install: true });
    assert.deepEqual(plan({ ...fresh, has: () => true }), { missing: [], install: false });
    assert.deepEqual(plan({ ...fresh, platform: 'darwin' }), { missing: [], install: false });
  });

  it('on this machine (which has them all) it prints nothing and exits 0', () => {
    const run = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
    assert.equal(run.status, 0);
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, '');
  });
});
