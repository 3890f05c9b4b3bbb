import { existsSync } from 'node:fs';

/** The parts of the process a reachability check reads. */
export interface StoreEnvironment {
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * Whether a credential store can be reached at all, before any call: macOS and Windows always
 * have theirs; elsewhere the Secret Service needs a D-Bus session bus — named by
 * `DBUS_SESSION_BUS_ADDRESS` (a `unix:path=` socket must exist) or the user bus at
 * `$XDG_RUNTIME_DIR/bus`. Cheap and synchronous: it decides `secret_store_unavailable` in status
 * answers before the native module is ever loaded.
 */
export function sessionStoreReachable({ platform, env }: StoreEnvironment): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  const address = env.DBUS_SESSION_BUS_ADDRESS;
  if (address === undefined || address === '') return env.XDG_RUNTIME_DIR !== undefined && existsSync(`${env.XDG_RUNTIME_DIR}/bus`);
  const paths = [...address.matchAll(/unix:path=([^,;]+)/g)].map((match) => decodeURIComponent(match[1] ?? ''));
  if (paths.length === 0) return /^(unix:abstract=|unix:tmpdir=|tcp:)/.test(address);
  return paths.some((path) => existsSync(path));
}
