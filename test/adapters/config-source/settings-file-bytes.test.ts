import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { open } from 'node:fs/promises';
import { readAtMost } from '../../../src/adapters/config-source/settings-file-bytes.js';
import { createConfigHome, type ConfigHome } from './config-home.js';

describe('bounded read of the settings bytes (docs/configuration.md)', () => {
  let home: ConfigHome;
  beforeEach(async () => {
    home = await createConfigHome();
  });
  afterEach(async () => {
    await home.remove();
  });

  const readWithLimit = async (limit: number) => {
    const handle = await open(home.file, 'r');
    try {
      return await readAtMost(handle, limit);
    } finally {
      await handle.close();
    }
  };

  it('counts the bytes actually read, not the size the file claimed (docs/configuration.md: ≤ 64 KiB)', async () => {
    await home.write('0123456789');
    assert.equal(await readWithLimit(9), undefined);
    assert.deepEqual(Buffer.from((await readWithLimit(10)) ?? []).toString(), '0123456789');
    assert.equal((await readWithLimit(4096))?.length, 10);
  });

  it('returns an empty result for an empty file', async () => {
    await home.write('');
    assert.equal((await readWithLimit(8))?.length, 0);
  });
});
