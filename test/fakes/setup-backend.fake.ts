import { PROVIDER_IDS, type ProviderId } from '../../src/ports/config-source.port.js';
import type { SetupBackend, SetupFieldResult, SetupForm, SetupProviderState, SetupState } from '../../src/ports/setup-backend.port.js';
import { hasSetting } from '../../src/domain/shared/provider-catalogue.js';

/**
 * In-memory {@link SetupBackend} for tests: a fixed state, and every submitted form recorded so a
 * test can check what the page passed on. By default every field of a submitted provider is
 * `saved`; `failWith` makes every field fail with one reason instead.
 *
 * ```ts
 * new FakeSetupBackend()                                   // all enabled, nothing set, store available
 * new FakeSetupBackend({ credentialStore: 'unavailable' })
 * backend.failWith('settings-write-failed')
 * backend.forms                                            // what was submitted, in order
 * ```
 */
export class FakeSetupBackend implements SetupBackend {
  readonly forms: SetupForm[] = [];
  private failure: SetupFieldResult['failure'] | undefined;
  readonly current: SetupState;

  constructor(state: Partial<Omit<SetupState, 'providers'>> & { providers?: Partial<Record<ProviderId, SetupProviderState>> } = {}) {
    const providers = Object.fromEntries(PROVIDER_IDS.map((id) => [id, state.providers?.[id] ?? { enabled: true, keySet: false }]));
    this.current = {
      settings: state.settings ?? 'available',
      credentialStore: state.credentialStore ?? 'available',
      revision: state.revision ?? null,
      providers: providers as SetupState['providers'],
      zotero: state.zotero ?? { enabled: false },
    };
  }

  /** Every later save fails, field by field, for this reason. */
  failWith(failure: NonNullable<SetupFieldResult['failure']>): this {
    this.failure = failure;
    return this;
  }

  state(): Promise<SetupState> {
    return Promise.resolve(this.current);
  }

  save(form: SetupForm): Promise<readonly SetupFieldResult[]> {
    this.forms.push(form);
    const results = PROVIDER_IDS.filter((id) => form.providers[id] !== undefined).flatMap((id) =>
      (['enabled', 'email', 'api_key'] as const)
        .filter((field) => field === 'enabled' || hasSetting(id, field))
        .map(
          (field): SetupFieldResult =>
            this.failure === undefined ? { provider: id, field, outcome: 'saved' } : { provider: id, field, outcome: 'failed', failure: this.failure },
        ),
    );
    return Promise.resolve(results);
  }
}
