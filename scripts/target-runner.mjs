// Runs an executable of a build target: directly when the target is this machine's platform,
// or under wine for a Windows target on Linux (`win-x64-wine` in pinned-node.json, used to
// check the Windows build steps here; docs/runtime.md). Output goes through files, because
// Node under wine cannot write to pipes.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CACHE_DIR, hostTarget } from './pinned-node.mjs';

const WINE = ['/usr/lib/wine/wine64', '/usr/bin/wine64', '/usr/bin/wine'].find((path) => existsSync(path));

/** The wine prefix the project uses (inside .cache/, set to report Windows 10 on first use). */
function wineEnvironment() {
  const prefix = join(CACHE_DIR, '..', 'wine');
  const env = { ...process.env, WINEPREFIX: prefix, WINEDEBUG: '-all' };
  // Node refuses Windows versions before 10; a fresh wine prefix says Windows 7.
  if (!existsSync(join(prefix, 'system.reg'))) spawnSync(WINE, ['winecfg', '/v', 'win10'], { env, stdio: 'ignore', timeout: 300_000 });
  return env;
}

/**
 * A function `run(executable, args, { cwd, input, env })` → `{ status, stdout, stderr }` for
 * `target` (`input`: a file read as stdin; `env`: added variables), or an error saying where that
 * target can be built. Native runs get an otherwise empty environment.
 */
export function targetRunner(target) {
  const native = target === hostTarget();
  if (!native && !(target.startsWith('win-') && process.platform === 'linux' && WINE !== undefined)) {
    throw new Error(`${target} executables are built on ${target} itself (or, for Windows, on Linux with wine installed)`);
  }
  const env = native ? {} : wineEnvironment();
  return (executable, args, { cwd, input, env: extra = {} } = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'qiongli-run-'));
    const files = [input === undefined ? 'ignore' : openSync(input, 'r'), openSync(join(dir, 'out'), 'w'), openSync(join(dir, 'err'), 'w')];
    try {
      const [command, prefix] = native ? [executable, []] : [WINE, [executable]];
      const run = spawnSync(command, [...prefix, ...args], { cwd, env: { ...env, ...extra }, stdio: files, timeout: 600_000 });
      return { status: run.status, stdout: readFileSync(join(dir, 'out'), 'utf8'), stderr: readFileSync(join(dir, 'err'), 'utf8') };
    } finally {
      for (const file of files) if (typeof file === 'number') closeSync(file);
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
