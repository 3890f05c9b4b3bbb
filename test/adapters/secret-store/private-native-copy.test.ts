import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateNativeCopy, qiongliCacheFolder } from '../../../src/adapters/secret-store/private-native-copy.js';

const BYTES = new TextEncoder().encode('not really a native module, but bytes with a hash');
const DIGEST = createHash('sha256').update(BYTES).digest('hex');
const fresh = (): string => join(mkdtempSync(join(tmpdir(), 'qiongli-native-')), 'cache');

describe('privateNativeCopy: the single executable unpacks its native module (docs/runtime.md#the-native-keyring-module)', () => {
  it('writes <cache>/native/<sha256>.node in 0700 folders and answers the hash the worker loads by', () => {
    const cache = fresh();
    const location = privateNativeCopy(BYTES, cache);
    assert.deepEqual(location, { kind: 'file', path: join(cache, 'native', `${DIGEST}.node`), sha256: DIGEST });
    assert.deepEqual(readFileSync(join(cache, 'native', `${DIGEST}.node`)), Buffer.from(BYTES));
    for (const folder of [cache, join(cache, 'native')]) assert.equal(statSync(folder).mode & 0o777, 0o700);
    assert.deepEqual(readdirSync(join(cache, 'native')), [`${DIGEST}.node`], 'no staging file left behind');
  });

  it('replaces a copy whose bytes were changed, and reuses an intact one', () => {
    const cache = fresh();
    const { path } = privateNativeCopy(BYTES, cache) as { path: string };
    writeFileSync(path, 'tampered');
    privateNativeCopy(BYTES, cache);
    assert.deepEqual(readFileSync(path), Buffer.from(BYTES));
    const before = statSync(path).mtimeMs;
    privateNativeCopy(BYTES, cache);
    assert.equal(statSync(path).mtimeMs, before);
  });

  it('refuses a cache folder others may write, or a link in place of the folder', () => {
    const open = fresh();
    mkdirSync(join(open, 'native'), { recursive: true });
    chmodSync(join(open, 'native'), 0o777);
    assert.throws(() => privateNativeCopy(BYTES, open), /native-cache-not-private/);
    const linked = fresh();
    mkdirSync(linked, { mode: 0o700 });
    symlinkSync(mkdtempSync(join(tmpdir(), 'qiongli-elsewhere-')), join(linked, 'native'));
    assert.throws(() => privateNativeCopy(BYTES, linked), /native-cache-not-a-folder/);
  });

  it('puts the cache where each platform keeps caches', () => {
    assert.equal(qiongliCacheFolder({ platform: 'linux', env: { XDG_CACHE_HOME: '/x/cache' }, home: '/home/a' }), '/x/cache/qiongli');
    assert.equal(qiongliCacheFolder({ platform: 'linux', env: { XDG_CACHE_HOME: 'relative' }, home: '/home/a' }), '/home/a/.cache/qiongli');
    assert.equal(qiongliCacheFolder({ platform: 'darwin', env: {}, home: '/Users/a' }), '/Users/a/Library/Caches/qiongli');
    assert.match(qiongliCacheFolder({ platform: 'win32', env: { LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' }, home: 'C:\\Users\\a' }), /qiongli.Cache$/);
  });
});
