import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createContainer, ToolRegistryId, type Profile } from '../../src/index.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { FakeSecretStore } from '../fakes/secret-store.fake.js';

const annotationsOf = (profile: Profile, name: string) =>
  createContainer(profile, { configSource: FakeConfigSource.defaults(), secretStore: FakeSecretStore.unavailable() }).get(ToolRegistryId).find(name)
    ?.annotations;

describe('the configuration tools are annotated as what they do (issue 24, row 9)', () => {
  it("annotates Standard's save tool, which writes settings.json, as not read-only, not destructive, idempotent", () => {
    assert.deepEqual(annotationsOf('standard', 'qiongli_save_provider_config'), {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
  });

  it("keeps Lite's save tool, which writes nothing, read-only", () => {
    assert.deepEqual(annotationsOf('lite', 'qiongli_save_provider_config'), {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
  });
});
