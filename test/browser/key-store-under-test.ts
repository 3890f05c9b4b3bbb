import type { SecretReference, SecretStore } from '../../src/ports/secret-store.port.js';
import { FakeSecretStore } from '../fakes/secret-store.fake.js';

/** The credential store an end-to-end test saves into, and how the test reads it back independently. */
export interface KeyStoreUnderTest {
  readonly store: SecretStore;
  /** The value held under `reference`, read outside Qiongli (undefined: none). */
  lookup(reference: SecretReference): Promise<string | undefined>;
  close(): Promise<void>;
}

/** A fake store behind the port (until the real Secret Service binding is part of this branch). */
export async function keyStoreUnderTest(): Promise<KeyStoreUnderTest> {
  const store = FakeSecretStore.empty();
  return { store, lookup: (reference) => Promise.resolve(store.peek(reference)), close: () => Promise.resolve() };
}
