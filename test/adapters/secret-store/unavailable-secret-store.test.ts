import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { UnavailableSecretStore } from '../../../src/adapters/secret-store/index.js';
import { FakeSecretStore, secretReference } from '../../fakes/secret-store.fake.js';

const CANARY = 'CANARY-SECRET-6b0f2e';
const PLAUSIBLE_NAMES = [
  'QIONGLI_OPENALEX_API_KEY',
  'QIONGLI_SEMANTIC_SCHOLAR_API_KEY',
  'QIONGLI_PUBMED_API_KEY',
  'OPENALEX_API_KEY',
  'SEMANTIC_SCHOLAR_API_KEY',
  'S2_API_KEY',
  'NCBI_API_KEY',
  'PUBMED_API_KEY',
];

describe('UnavailableSecretStore (docs/configuration.md)', () => {
  const saved = new Map<string, string | undefined>();
  before(() => {
    for (const name of PLAUSIBLE_NAMES) {
      saved.set(name, process.env[name]);
      process.env[name] = CANARY;
    }
  });
  after(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('says it is unavailable, so key-needing providers report secret_store_unavailable (docs/providers.md#providers-and-readiness, docs/configuration.md)', () => {
    assert.equal(new UnavailableSecretStore().available, false);
  });

  it('answers unavailable for every reference, well-formed or not (docs/configuration.md)', async () => {
    const store = new UnavailableSecretStore();
    for (const reference of [secretReference(1), secretReference(0xabc), '', 'QIONGLI_OPENALEX_API_KEY', 'x'.repeat(10_000)]) {
      assert.deepEqual(await store.resolve(reference), { status: 'unavailable' });
    }
  });

  it('never hands out a key planted in the environment under a plausible name (docs/configuration.md)', async () => {
    const store = new UnavailableSecretStore();
    const answers = await Promise.all([...PLAUSIBLE_NAMES, secretReference(7)].map((reference) => store.resolve(reference)));
    assert.ok(!JSON.stringify(answers).includes(CANARY));
    assert.ok(answers.every((answer) => answer.status === 'unavailable'));
  });

  it('does not mention process.env, files or keychains in its source at all (docs/configuration.md)', async () => {
    const compiled = fileURLToPath(new URL('../../../src/adapters/secret-store/unavailable-secret-store.js', import.meta.url));
    const source = fileURLToPath(new URL('../../../../src/adapters/secret-store/unavailable-secret-store.ts', import.meta.url));
    for (const file of [compiled, source]) {
      const text = await readFile(file, 'utf8');
      assert.ok(text.includes('class UnavailableSecretStore'), `${file} is the store's source`);
      for (const forbidden of ['process.env', 'process[', 'node:fs', 'node:child_process', 'import(', 'require(']) {
        assert.ok(!text.includes(forbidden), `${forbidden} appears in the store`);
      }
    }
  });
});

describe('FakeSecretStore (test double of the SecretStore port)', () => {
  it('resolves what it holds, reports others missing and records every request', async () => {
    const store = FakeSecretStore.withSecrets({ [secretReference(1)]: 'key-one' });
    assert.equal(store.available, true);
    assert.deepEqual(await store.resolve(secretReference(1)), { status: 'resolved', value: 'key-one' });
    assert.deepEqual(await store.resolve(secretReference(2)), { status: 'missing' });
    assert.deepEqual(store.resolvedReferences, [secretReference(1), secretReference(2)]);
    assert.equal(store.resolveCount, 2);
  });

  it('behaves like the Lite store when unavailable', async () => {
    const store = FakeSecretStore.unavailable();
    assert.equal(store.available, false);
    assert.deepEqual(await store.resolve(secretReference(1)), { status: 'unavailable' });
    assert.equal(FakeSecretStore.empty().available, true);
  });

  it('builds well-formed secret references (docs/configuration.md)', () => {
    assert.match(secretReference(0xdeadbeef), /^qsr1_[0-9a-f]{32}$/);
    assert.notEqual(secretReference(1), secretReference(2));
  });
});

describe('UnavailableSecretStore writes (docs/configuration.md)', () => {
  it('stores and deletes nothing, answering unavailable', async () => {
    const store = new UnavailableSecretStore();
    assert.deepEqual(await store.store(secretReference(3), 'a-key'), { status: 'unavailable' });
    assert.deepEqual(await store.remove(secretReference(3)), { status: 'unavailable' });
    assert.deepEqual(await store.resolve(secretReference(3)), { status: 'unavailable' });
  });
});

describe('FakeSecretStore writes (test double of the SecretStore port)', () => {
  it('stores, resolves and deletes in memory; unavailable stores nothing', async () => {
    const store = FakeSecretStore.empty();
    assert.deepEqual(await store.store(secretReference(4), 'v'), { status: 'done' });
    assert.deepEqual(await store.resolve(secretReference(4)), { status: 'resolved', value: 'v' });
    assert.deepEqual(await store.remove(secretReference(4)), { status: 'done' });
    assert.deepEqual(store.storedReferences, []);
    assert.deepEqual(await FakeSecretStore.unavailable().store(secretReference(4), 'v'), { status: 'unavailable' });
  });
});
