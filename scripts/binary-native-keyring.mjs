// The native keyring module in the single executable (docs/runtime.md#the-native-keyring-module),
// kept apart from build-binary.mjs: the platform's `.node` file of @napi-rs/keyring becomes the
// SEA asset `keyring.node`, and the program's module that locates it is swapped for
// scripts/binary/keyring-module-from-asset.ts, which unpacks and verifies the asset at run time.
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from './pinned-node.mjs';

/** The SEA asset name the run-time side reads. */
export const KEYRING_ASSET = 'keyring.node';

const PACKAGE_SUFFIX = {
  'linux-x64': 'linux-x64-gnu',
  'linux-arm64': 'linux-arm64-gnu',
  'darwin-x64': 'darwin-x64',
  'darwin-arm64': 'darwin-arm64',
  'win-x64': 'win32-x64-msvc',
};

/** The installed `.node` file for a build target (`linux-x64`, `win-x64-wine`, …), or undefined when its package is not installed. */
export function keyringNativeFile(target) {
  const suffix = PACKAGE_SUFFIX[target.replace(/-wine$/, '')];
  if (suffix === undefined) return undefined;
  try {
    const manifest = createRequire(join(REPO_ROOT, 'package.json')).resolve(`@napi-rs/keyring-${suffix}/package.json`);
    const file = join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).main);
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Copies the target's native module into the build folder as the asset; answers the assets to embed (none when not installed). */
export function stageKeyringAsset(target, workDir) {
  const file = keyringNativeFile(target);
  if (file === undefined) return {};
  copyFileSync(file, join(workDir, KEYRING_ASSET));
  return { [KEYRING_ASSET]: KEYRING_ASSET };
}

/** esbuild plugin: the program locates the keyring module through the SEA asset. */
export const keyringFromAsset = {
  name: 'keyring-from-asset',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /(^|[\\/])keyring-module-location\.js$/ }, () => ({
      path: join(REPO_ROOT, 'scripts', 'binary', 'keyring-module-from-asset.ts'),
    }));
  },
};
