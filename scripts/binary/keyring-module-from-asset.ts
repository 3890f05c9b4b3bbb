// The single executable's version of src/adapters/secret-store/keyring-module-location.ts
// (swapped in by scripts/binary-native-keyring.mjs): the native keyring module is the SEA asset
// `keyring.node`, written once to a private cache folder, content-addressed and verified
// (docs/runtime.md#the-native-keyring-module).
import { homedir } from 'node:os';
import type { KeyringModuleLocation } from '../../src/adapters/secret-store/keyring-module-location.js';
import { privateNativeCopy, qiongliCacheFolder } from '../../src/adapters/secret-store/private-native-copy.js';

/** The embedded native module, unpacked to `<cache>/native/<sha256>.node`; rejects when there is none. */
export const locateKeyringModule = async (): Promise<KeyringModuleLocation> => {
  // Not import(): the executable's snapshotted CommonJS main has no dynamic-import callback.
  const { getRawAsset } = process.getBuiltinModule('node:sea');
  const bytes = new Uint8Array(getRawAsset('keyring.node') as ArrayBuffer);
  return privateNativeCopy(bytes, qiongliCacheFolder({ platform: process.platform, env: process.env, home: homedir() }));
};
