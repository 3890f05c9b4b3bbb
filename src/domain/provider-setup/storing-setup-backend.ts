import { PROVIDER_IDS, type ProviderId } from '../../ports/config-source.port.js';
import type { SetupBackend, SetupFieldFailure, SetupFieldResult, SetupForm, SetupProviderChange, SetupState } from '../../ports/setup-backend.port.js';
import { removeKey, setKey } from '../provider-config-mutation/change-keys.js';
import { clearEmail, setEmail, setEnabled } from '../provider-config-mutation/change-settings.js';
import type { ChangeRefusal, SettingsChangeOutcome } from '../provider-config-mutation/settings-change-outcome.js';
import type { SettingsChangePorts } from '../provider-config-mutation/settings-change-ports.js';
import { changedFields, setupStateOf, shownFields } from './setup-state.js';

/** What the page says for each refusal of a configuration change (never a value). */
const FAILURE_OF: Readonly<Record<ChangeRefusal, SetupFieldFailure>> = {
  'settings-unavailable': 'settings-unavailable',
  conflict: 'settings-changed',
  busy: 'settings-changed',
  'write-failed': 'settings-write-failed',
  'store-unavailable': 'credential-store-unavailable',
  'store-failed': 'credential-store-failed',
  'key-empty': 'invalid-key',
  'key-too-long': 'invalid-key',
  'key-control-character': 'invalid-key',
  'key-surrounding-space': 'invalid-key',
  'email-invalid': 'invalid-email',
  'takes-no-key': 'invalid-key',
  'takes-no-email': 'invalid-email',
};

type Field = SetupFieldResult['field'];

/** One field's result from the outcome of the use case that changed it. */
function resultOf(provider: ProviderId, field: Field, outcome: SettingsChangeOutcome, removed: boolean): SetupFieldResult {
  if (outcome.status === 'refused') return { provider, field, outcome: 'failed', failure: FAILURE_OF[outcome.refusal] };
  if (outcome.status === 'unchanged') return { provider, field, outcome: 'unchanged' };
  return { provider, field, outcome: removed ? 'removed' : 'saved' };
}

/**
 * The Standard profile's {@link SetupBackend} (docs/setup-page.md#what-a-save-does): it reads
 * the settings and whether the credential store is reachable, and saves a submitted form field
 * by field through the same use cases as `qiongli config` — {@link setEnabled},
 * {@link setEmail} / {@link clearEmail}, {@link setKey} and {@link removeKey} — so a key goes
 * into the credential store under a fresh reference before the settings name it, a replaced
 * key is deleted, and every settings write is atomic, raises the revision by one and is refused
 * when the settings changed meanwhile. With no credential store reachable a key is refused
 * (`credential-store-unavailable`) and nothing secret is kept anywhere.
 *
 * Fields a form leaves as they are answer `unchanged` without a write. Never throws (the use
 * cases do not); no result carries a submitted value.
 */
export class StoringSetupBackend implements SetupBackend {
  constructor(private readonly ports: SettingsChangePorts) {}

  async state(): Promise<SetupState> {
    const draft = await this.ports.settings.readForChange();
    const reading = draft.status === 'available' ? { status: 'available' as const, settings: draft.settings } : draft;
    return setupStateOf(reading, this.ports.secrets.available);
  }

  async save(form: SetupForm): Promise<readonly SetupFieldResult[]> {
    const state = await this.state();
    const results: SetupFieldResult[] = [];
    for (const id of PROVIDER_IDS) {
      const change = form[id];
      if (change === undefined) continue;
      const changed = changedFields(id, change, state);
      for (const field of shownFields(id)) {
        results.push(changed.includes(field) ? await this.saveField(id, field, change) : { provider: id, field, outcome: 'unchanged' });
      }
    }
    return results;
  }

  private async saveField(id: ProviderId, field: Field, change: SetupProviderChange): Promise<SetupFieldResult> {
    switch (field) {
      case 'enabled':
        return resultOf(id, field, await setEnabled(this.ports, id, change.enabled), false);
      case 'email': {
        const email = change.email ?? '';
        return resultOf(id, field, email === '' ? await clearEmail(this.ports, id) : await setEmail(this.ports, id, email), email === '');
      }
      case 'api_key':
        return change.apiKey === undefined
          ? resultOf(id, field, await removeKey(this.ports, id), true)
          : resultOf(id, field, await setKey(this.ports, id, change.apiKey), false);
    }
  }
}
