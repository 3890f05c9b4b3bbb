import { PROVIDER_IDS, type ProviderId } from '../../ports/config-source.port.js';
import type {
  SetupBackend,
  SetupFieldFailure,
  SetupFieldResult,
  SetupForm,
  SetupProviderChange,
  SetupState,
  SetupSwitchChange,
} from '../../ports/setup-backend.port.js';
import { removeKey, setKey } from '../provider-config-mutation/change-keys.js';
import { clearEmail, setEmail, setEnabled } from '../provider-config-mutation/change-settings.js';
import type { ChangeRefusal, SettingsChangeOutcome } from '../provider-config-mutation/settings-change-outcome.js';
import type { SettingsChangePorts } from '../provider-config-mutation/settings-change-ports.js';
import { fieldPlan, setupStateOf, shownFields } from './setup-state.js';

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
function resultOf(provider: SetupFieldResult['provider'], field: Field, outcome: SettingsChangeOutcome, removed: boolean): SetupFieldResult {
  if (outcome.status === 'refused') return { provider, field, outcome: 'failed', failure: FAILURE_OF[outcome.refusal] };
  if (outcome.status === 'unchanged') return { provider, field, outcome: 'unchanged' };
  return { provider, field, outcome: removed ? 'removed' : 'saved' };
}

const unchanged = (provider: SetupFieldResult['provider'], field: Field): SetupFieldResult => ({ provider, field, outcome: 'unchanged' });
const changedElsewhere = (provider: SetupFieldResult['provider'], field: Field): SetupFieldResult => ({
  provider,
  field,
  outcome: 'failed',
  failure: 'settings-changed',
});

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
 * A field is compared with what the page showed (the form carries it), never with the settings
 * as they are now: a field the person left alone is `unchanged` and not written, so a change
 * made in a terminal while the page was open stays; a field the person changed that was also
 * changed elsewhere is refused `settings-changed` (see {@link fieldPlan}). Never throws (the use
 * cases do not); no result carries a submitted value.
 */
export class StoringSetupBackend implements SetupBackend {
  constructor(private readonly ports: SettingsChangePorts) {}

  async state(): Promise<SetupState> {
    const draft = await this.ports.settings.readForChange();
    if (draft.status === 'unavailable') return setupStateOf(draft, null, this.ports.secrets.available);
    return setupStateOf({ status: 'available', settings: draft.settings }, draft.revision, this.ports.secrets.available);
  }

  async save(form: SetupForm): Promise<readonly SetupFieldResult[]> {
    const now = await this.state();
    const results: SetupFieldResult[] = [];
    for (const id of PROVIDER_IDS) {
      const change = form.providers[id];
      if (change === undefined) continue;
      for (const field of shownFields(id)) {
        const plan = fieldPlan(field, change, now.providers[id]);
        results.push(
          plan === 'untouched' ? unchanged(id, field) : plan === 'changed-elsewhere' ? changedElsewhere(id, field) : await this.saveField(id, field, change),
        );
      }
    }
    if (form.zotero !== undefined) results.push(await this.saveSwitch(form.zotero, now));
    return results;
  }

  private async saveSwitch(change: SetupSwitchChange, now: SetupState): Promise<SetupFieldResult> {
    if (change.enabled === change.shown) return unchanged('zotero', 'enabled');
    if (now.zotero.enabled !== change.shown) return changedElsewhere('zotero', 'enabled');
    return resultOf('zotero', 'enabled', await setEnabled(this.ports, 'zotero', change.enabled), false);
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
