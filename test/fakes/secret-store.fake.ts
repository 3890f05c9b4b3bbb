import type { SecretPresence, SecretReference, SecretResolution, SecretStore, SecretWrite } from '../../src/ports/secret-store.port.js';

/**
 * In-memory {@link SecretStore} for tests. It records every reference it was asked to
 * resolve, so a test can prove that status tools never resolve secrets (docs/configuration.md) or that a
 * search resolved exactly the keys it needed, and every reference whose presence it was asked.
 *
 * ```ts
 * FakeSecretStore.withSecrets({ [secretReference(1)]: 'key-1' })  // available; others `missing`
 * FakeSecretStore.empty()                                        // available, holds nothing
 * FakeSecretStore.unavailable()                                  // like Lite's store
 * ```
 */
export class FakeSecretStore implements SecretStore {
  private readonly asked: SecretReference[] = [];
  private readonly checked: SecretReference[] = [];

  private constructor(
    readonly available: boolean,
    private readonly secrets: Map<SecretReference, string>,
  ) {}

  /** An available store holding exactly these reference → value pairs. */
  static withSecrets(secrets: Readonly<Record<SecretReference, string>>): FakeSecretStore {
    return new FakeSecretStore(true, new Map(Object.entries(secrets)));
  }

  /** An available store that holds no secret: every reference is `missing`. */
  static empty(): FakeSecretStore {
    return FakeSecretStore.withSecrets({});
  }

  /** A store that cannot resolve anything (`available` false, every answer `unavailable`). */
  static unavailable(): FakeSecretStore {
    return new FakeSecretStore(false, new Map());
  }

  /** The references asked for so far, in order (repeats included). */
  get resolvedReferences(): readonly SecretReference[] {
    return [...this.asked];
  }

  /** The references whose presence was asked so far, in order (repeats included). */
  get checkedReferences(): readonly SecretReference[] {
    return [...this.checked];
  }

  /** Number of `resolve()` calls so far. */
  get resolveCount(): number {
    return this.asked.length;
  }

  /** The references that hold a secret now, sorted (a test reads the store, not a cache). */
  get storedReferences(): readonly SecretReference[] {
    return [...this.secrets.keys()].sort();
  }

  /** The value held under `reference`, for assertions only. */
  peek(reference: SecretReference): string | undefined {
    return this.secrets.get(reference);
  }

  store(reference: SecretReference, value: string): Promise<SecretWrite> {
    if (!this.available) return Promise.resolve({ status: 'unavailable' });
    this.secrets.set(reference, value);
    return Promise.resolve({ status: 'done' });
  }

  remove(reference: SecretReference): Promise<SecretWrite> {
    if (!this.available) return Promise.resolve({ status: 'unavailable' });
    this.secrets.delete(reference);
    return Promise.resolve({ status: 'done' });
  }

  reachable(): Promise<boolean> {
    return Promise.resolve(this.available);
  }

  presence(reference: SecretReference): Promise<SecretPresence> {
    this.checked.push(reference);
    if (!this.available) return Promise.resolve('unavailable');
    return Promise.resolve(this.secrets.has(reference) ? 'present' : 'missing');
  }

  resolve(reference: SecretReference): Promise<SecretResolution> {
    this.asked.push(reference);
    if (!this.available) return Promise.resolve({ status: 'unavailable' });
    const value = this.secrets.get(reference);
    return Promise.resolve(value === undefined ? { status: 'missing' } : { status: 'resolved', value });
  }
}

/** A well-formed secret reference (`qsr1_` + 32 lowercase hex digits) derived from `seed`. */
export function secretReference(seed: number): SecretReference {
  return `qsr1_${Math.abs(Math.trunc(seed)).toString(16).padStart(32, '0')}`;
}
