import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createContainer, TOOL_CATALOGUE, ToolRegistryId, UseCaseId } from '../../src/index.js';
import { FakeConfigSource } from '../fakes/config-source.fake.js';
import { FakeSecretStore } from '../fakes/secret-store.fake.js';
import { quietContext, runUseCase } from '../support/use-cases.js';

describe('use cases resolved from the container (docs/architecture.md)', () => {
  it('binds the use case of every catalogue entry, one shared instance per container', () => {
    const container = createContainer('lite', { configSource: FakeConfigSource.defaults(), secretStore: FakeSecretStore.unavailable() });
    for (const entry of TOOL_CATALOGUE) {
      const useCase = container.get(entry.useCase);
      assert.equal(typeof useCase.execute, 'function', entry.name);
      assert.equal(container.get(entry.useCase), useCase, entry.name);
    }
  });

  it('runs a use case over the ports the container was given', async () => {
    const configSource = FakeConfigSource.withProviders({ crossref: { enabled: false }, pubmed: { enabled: false } });
    const outcome = await runUseCase(UseCaseId.literatureStatus, {}, { configSource, secretStore: FakeSecretStore.unavailable() });
    assert.equal(outcome.ok, true);
    assert.deepEqual(outcome.value.active_providers, ['openalex', 'semantic_scholar', 'arxiv']);
  });

  it('checks arguments with the use case own schema and message precedence before running it', async () => {
    const outcome = await runUseCase(UseCaseId.taskPlan, { unexpected: 1 });
    assert.equal(outcome.ok, false);
    assert.equal(outcome.error.kind, 'invalid_arguments');
  });

  it('lets an embedder replace one use case before the tools are first resolved', async () => {
    const container = createContainer('lite');
    const original = container.get(UseCaseId.zoteroStatus);
    const replaced = { ...original, execute: () => ({ ok: true as const, value: { replaced: true } }) };
    container.rebind(UseCaseId.zoteroStatus).toConstantValue(replaced);
    const tool = container.get(ToolRegistryId).find('qiongli_zotero_status')!;
    assert.deepEqual(await tool.run({}, quietContext()), { ok: true, value: { replaced: true } });
  });
});
