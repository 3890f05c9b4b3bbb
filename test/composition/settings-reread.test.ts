import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { createContainer } from '../../src/composition/create-container.js';
import { runConfigCommand } from '../../src/composition/config-command.js';
import { UseCaseId } from '../../src/composition/tool-catalogue.js';
import { NativeSettingsFileSource } from '../../src/adapters/config-source/index.js';
import type { ConfigAction } from '../../src/adapters/cli/parsed-command.js';
import { FakeProviderClient } from '../fakes/provider-client.fake.js';
import { FakeSecretStore } from '../fakes/secret-store.fake.js';
import { createConfigHome, type ConfigHome } from '../adapters/config-source/config-home.js';

const KEY = 'sk-CANARY-reread-77';

describe('a running server sees settings changed at a terminal (docs/configuration.md#when-the-settings-are-read)', () => {
  let home: ConfigHome;
  beforeEach(async () => {
    home = await createConfigHome();
  });
  afterEach(async () => {
    await home.remove();
  });

  it('searches with a key set by qiongli config on its next search, without a restart', async () => {
    const environment = { env: { QIONGLI_CONFIG_HOME: home.root }, platform: process.platform, homedir: () => home.base };
    const store = FakeSecretStore.empty();
    const providers = new FakeProviderClient();
    const container = createContainer('lite', { configSource: new NativeSettingsFileSource(environment), secretStore: store, providerClient: providers });
    const searchTool = container.get(UseCaseId.literatureSearch);
    const search = async () => {
      providers.requests.length = 0;
      const args = searchTool.input.parse({ query: 'open science' });
      const outcome = await searchTool.execute(args, { signal: new AbortController().signal, reportProgress: () => undefined });
      assert.equal(outcome.ok, true);
      return providers.requestTo('openalex');
    };
    const terminal = (action: ConfigAction, stdin = '') =>
      runConfigCommand(
        action,
        { stdin: Readable.from([Buffer.from(stdin)]), writeStdout: () => undefined, writeStderr: () => undefined },
        { environment, secretStore: store },
      );

    const before = await search();
    assert.equal(before?.credentials.apiKey, undefined, 'no key before');
    assert.equal(await terminal({ name: 'enable', target: 'openalex' }), 0);
    assert.equal(await terminal({ name: 'set-key', provider: 'openalex' }, `${KEY}\n`), 0);
    const after = await search();
    assert.equal(after?.credentials.apiKey, KEY, 'the next search carries the key set at the terminal');
    assert.equal(await terminal({ name: 'disable', target: 'openalex' }), 0);
    assert.equal(await search(), undefined, 'and stops searching a provider disabled there');
  });
});
