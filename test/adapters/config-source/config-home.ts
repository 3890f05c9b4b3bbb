/** A throw-away configuration root for the settings-file tests (docs/configuration.md). */
import { chmod, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NativeSettingsFileSource, type NativeSettingsFileSourceOptions } from '../../../src/adapters/config-source/index.js';

/** A temporary directory holding a `qiongli` configuration root (created 0o700, no file yet). */
export interface ConfigHome {
  /** The temporary directory (parent of the root); plays `$XDG_CONFIG_HOME`. */
  readonly base: string;
  /** The configuration root (`<base>/qiongli`). */
  readonly root: string;
  /** `<root>/settings.json`. */
  readonly file: string;
  /** Writes `settings.json` (0o600 unless told). */
  write(content: string | Uint8Array, mode?: number): Promise<void>;
  /** A source pointed at this root through `$QIONGLI_CONFIG_HOME`. */
  source(overrides?: Partial<NativeSettingsFileSourceOptions>): NativeSettingsFileSource;
  /** Removes everything (restoring permissions first). */
  remove(): Promise<void>;
}

/** Creates a fresh configuration home under the system temporary directory. */
export async function createConfigHome(label = 'qiongli-config-'): Promise<ConfigHome> {
  const base = await mkdtemp(join(tmpdir(), label));
  const root = join(base, 'qiongli');
  const file = join(root, 'settings.json');
  await mkdir(root, { mode: 0o700 });
  return {
    base,
    root,
    file,
    async write(content, mode = 0o600) {
      await writeFile(file, content);
      await chmod(file, mode);
    },
    source(overrides = {}) {
      return new NativeSettingsFileSource({
        env: { QIONGLI_CONFIG_HOME: root },
        platform: process.platform,
        homedir: () => join(base, 'no-such-home'),
        ...overrides,
      });
    },
    async remove() {
      await chmod(root, 0o700).catch(() => undefined);
      await chmod(file, 0o600).catch(() => undefined);
      await rm(base, { recursive: true, force: true });
    },
  };
}

/**
 * The configuration root swapped for a symbolic link to an empty folder `elsewhere`, the real
 * root moved to `movedAside`: `swap()` does it (as a writer's test hook), `restore()` undoes it.
 */
export async function folderSwap(home: ConfigHome) {
  const elsewhere = join(home.base, 'elsewhere');
  const movedAside = join(home.base, 'moved-aside');
  await mkdir(elsewhere, { mode: 0o700 });
  return {
    elsewhere,
    movedAside,
    swap: async () => {
      await rename(home.root, movedAside);
      await symlink(elsewhere, home.root);
    },
    restore: async () => {
      await rm(home.root);
      await rename(movedAside, home.root);
    },
  };
}

/** Whether the tests run as root, for whom permission bits do not stop reads. */
export const runningAsRoot = (): boolean => process.getuid?.() === 0;
