import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A private D-Bus session with an unlocked gnome-keyring Secret Service, for one test suite. */
export interface PrivateSecretService {
  /** The environment a program needs to reach it (session bus, HOME and XDG folders in a fresh temp folder). */
  readonly env: NodeJS.ProcessEnv;
  /** `secret-tool lookup service qiongli username REF` in this session: the store read without our code. */
  lookup(reference: string): string | undefined;
  /** Stops (SIGSTOP) the Secret Service daemon: calls to it then hang until D-Bus gives up. */
  freeze(): void;
  /** Lets the frozen daemon run again (SIGCONT). */
  thaw(): void;
  /** Kills the daemons and removes the folder. */
  stop(): Promise<void>;
}

const REQUIRED = ['dbus-daemon', 'dbus-send', 'gnome-keyring-daemon', 'secret-tool'];
const MISSING =
  'the Secret Service tests need Debian packages gnome-keyring, dbus and libsecret-tools (apt-get install -y gnome-keyring dbus libsecret-tools; .ci/run installs them)';

/** A session bus of its own: no service activation, so nothing but the daemon started here answers. */
const busConfig = (folder: string): string => `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:dir=${folder}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>
`;

const ownsSecrets = (env: NodeJS.ProcessEnv): boolean => {
  const asked = spawnSync(
    'dbus-send',
    [
      '--session',
      '--print-reply',
      '--dest=org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.NameHasOwner',
      'string:org.freedesktop.secrets',
    ],
    { env, encoding: 'utf8' },
  );
  return asked.status === 0 && asked.stdout.includes('boolean true');
};

const firstLine = (child: ChildProcess): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.split('\n')[0] ?? '');
    });
    child.on('exit', () => reject(new Error('a daemon of the private Secret Service ended before it was ready')));
  });

/**
 * Starts `dbus-daemon --session` and `gnome-keyring-daemon --unlock --components=secrets` (a
 * non-empty password on stdin creates and unlocks a fresh `login` keyring headless) with HOME
 * and XDG_DATA_HOME in a new empty folder. Throws — the test fails, never skips — when the
 * packages are missing.
 */
export async function startPrivateSecretService(): Promise<PrivateSecretService> {
  for (const program of REQUIRED) {
    if (spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0) throw new Error(MISSING);
  }
  const home = await mkdtemp(join(tmpdir(), 'qiongli-secret-service-'));
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_RUNTIME_DIR: home,
  };
  await writeFile(join(home, 'bus.conf'), busConfig(home));
  const bus = spawn('dbus-daemon', [`--config-file=${join(home, 'bus.conf')}`, '--nofork', '--print-address=1'], {
    env: base,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const address = (await firstLine(bus)).trim();
  const env = { ...base, DBUS_SESSION_BUS_ADDRESS: address };
  const keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], { env, stdio: ['pipe', 'ignore', 'ignore'] });
  keyring.stdin?.end('qiongli-test-keyring-password\n');
  for (let tries = 0; !ownsSecrets(env); tries++) {
    if (tries === 100 || keyring.exitCode !== null) throw new Error('the private Secret Service did not start');
    await delay(50);
  }
  const lookup = (reference: string): string | undefined => {
    const found = spawnSync('secret-tool', ['lookup', 'service', 'qiongli', 'username', reference], { env, encoding: 'utf8' });
    return found.status === 0 ? found.stdout : undefined;
  };
  const stop = async (): Promise<void> => {
    for (const child of [keyring, bus]) child.kill('SIGKILL');
    await rm(home, { recursive: true, force: true });
  };
  const freeze = (): void => void keyring.kill('SIGSTOP');
  const thaw = (): void => void keyring.kill('SIGCONT');
  return { env, lookup, freeze, thaw, stop };
}
