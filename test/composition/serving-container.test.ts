import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_CAPABILITY_GROUPS } from '../../src/domain/shared/capability-groups.js';
import { LazyConfigSource } from '../../src/composition/lazy-config-source.js';
import { prebuildServingContainer, servingContainer } from '../../src/composition/serving-container.js';
import { ConfigSourceId, ToolRegistryId } from '../../src/index.js';
import type { ConfigSource, SettingsReading } from '../../src/ports/config-source.port.js';

const everything = () => new Set(ALL_CAPABILITY_GROUPS);

describe('the serving container (docs/runtime.md#start-up-against-the-target)', () => {
  it('serves the prebuilt container once, and only for a command line that grants every group', () => {
    prebuildServingContainer();
    const narrowed = servingContainer('lite', new Set(['literature'] as const));
    assert.equal(narrowed.get(ToolRegistryId).find('qiongli_config_status'), undefined, 'a narrowed command line gets its own container');
    prebuildServingContainer();
    const first = servingContainer('lite', everything());
    const second = servingContainer('lite', everything());
    assert.notEqual(first, second, 'the prebuilt container is handed out once');
    assert.ok(first.get(ToolRegistryId).find('qiongli_config_status'));
  });

  it('reads the settings where the environment points at the first read, not where it pointed when the container was built', async () => {
    const home = mkdtempSync(join(tmpdir(), 'qiongli-serving-'));
    const saved = process.env.QIONGLI_CONFIG_HOME;
    try {
      process.env.QIONGLI_CONFIG_HOME = join(home, 'missing');
      prebuildServingContainer();
      const container = servingContainer('lite', everything());
      writeFileSync(
        join(home, 'settings.json'),
        JSON.stringify({ document_kind: 'qiongli-global-settings', schema_version: 1, revision: 1, providers: { arxiv: { enabled: true } } }),
        { mode: 0o600 },
      );
      process.env.QIONGLI_CONFIG_HOME = home;
      const reading = await container.get(ConfigSourceId).read();
      assert.equal(reading.status, 'available', 'the folder set after the container was built is the one read');
    } finally {
      if (saved === undefined) delete process.env.QIONGLI_CONFIG_HOME;
      else process.env.QIONGLI_CONFIG_HOME = saved;
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('builds the real settings source on the first read only, and shares it', async () => {
    let builds = 0;
    const reading: SettingsReading = { status: 'unavailable', rule: 'not-json' };
    const real: ConfigSource = { read: () => Promise.resolve(reading) };
    const lazy = new LazyConfigSource(() => {
      builds++;
      return real;
    });
    assert.equal(builds, 0);
    assert.equal(await lazy.read(), reading);
    await lazy.read();
    assert.equal(builds, 1);
  });
});
