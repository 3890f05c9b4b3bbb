import { existsSync } from 'node:fs';

/** The parts of the process a reachability check reads. */
export interface StoreEnvironment {
  readonly platform: NodeJS.Platform;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * The socket of the D-Bus session bus the environment names, where one exists: the first
 * `unix:path=` that exists, a `unix:abstract=` name (as `\0name`), else `$XDG_RUNTIME_DIR/bus`
 * when no address is set. Undefined on macOS and Windows, and when none is there.
 */
export function sessionBusPath({ platform, env }: StoreEnvironment): string | undefined {
  if (platform === 'darwin' || platform === 'win32') return undefined;
  const address = env.DBUS_SESSION_BUS_ADDRESS;
  if (address === undefined || address === '') {
    const user = env.XDG_RUNTIME_DIR === undefined ? undefined : `${env.XDG_RUNTIME_DIR}/bus`;
    return user !== undefined && existsSync(user) ? user : undefined;
  }
  for (const part of address.split(';')) {
    const path = /^unix:(?:.*,)?path=([^,]+)/.exec(part)?.[1];
    if (path !== undefined && existsSync(decodeURIComponent(path))) return decodeURIComponent(path);
    const abstract = /^unix:(?:.*,)?abstract=([^,]+)/.exec(part)?.[1];
    if (abstract !== undefined) return `\0${decodeURIComponent(abstract)}`;
  }
  return undefined;
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
