import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../support/built-program.js';

interface NativeKeyring {
  readonly BUNDLED_PLATFORMS: Record<string, string[]>;
  lockedKeyringPackage(suffix: string): { name: string; version: string; integrity: string };
  cachedTarball(suffix: string): string;
  keyringTarballVerified(file: string, suffix: string): boolean;
}
const keyring = (await import(pathToFileURL(join(PROJECT_ROOT, 'scripts', 'native-keyring.mjs')).href)) as NativeKeyring;
const work = mkdtempSync(join(tmpdir(), 'qiongli-keyring-packages-'));
after(() => rmSync(work, { recursive: true, force: true }));
const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'manifest.json'), 'utf8'));
const installed = JSON.parse(readFileSync(join(PROJECT_ROOT, 'node_modules', '@napi-rs', 'keyring', 'package.json'), 'utf8'));

// Issue 25 row 3: the bundle claims three platforms; it carries their native modules, fetched
// from the npm registry and accepted only with the integrity package-lock.json records.
describe('the keyring modules the MCP Bundle carries (issue 25, row 3)', () => {
  it('one entry per platform manifest.json names, each at the version of the installed @napi-rs/keyring', () => {
    assert.deepEqual(Object.keys(keyring.BUNDLED_PLATFORMS).sort(), [...manifest.compatibility.platforms].sort());
    for (const suffix of Object.values(keyring.BUNDLED_PLATFORMS).flat()) {
      assert.equal(keyring.lockedKeyringPackage(suffix).version, installed.version, suffix);
      assert.equal(installed.optionalDependencies[`@napi-rs/keyring-${suffix}`], installed.version, suffix);
    }
  });

  it('a fetched tarball is accepted only when its sha512 is the lockfile one', () => {
    const suffix = 'win32-x64-msvc';
    const copy = join(work, 'copy.tgz');
    copyFileSync(keyring.cachedTarball(suffix), copy);
    assert.equal(keyring.keyringTarballVerified(copy, suffix), true);
    assert.equal(keyring.keyringTarballVerified(copy, 'darwin-arm64'), false, "another platform's record does not match");
    const bytes = readFileSync(copy);
    bytes[bytes.length - 100] = (bytes[bytes.length - 100]! + 1) % 256;
    writeFileSync(copy, bytes);
    assert.equal(keyring.keyringTarballVerified(copy, suffix), false, 'one byte changed');
    assert.equal(keyring.keyringTarballVerified(join(work, 'absent.tgz'), suffix), false);
  });
});
