import { PROVIDER_IDS, type ProviderId, type SettingsReading } from '../../ports/config-source.port.js';
import type { SetupFieldResult, SetupProviderChange, SetupProviderState, SetupState } from '../../ports/setup-backend.port.js';
import { DEFAULT_SETTINGS } from '../provider-readiness/provider-readiness.js';
import { hasSetting } from '../shared/provider-catalogue.js';

/** The setup page's view of the settings at `revision`: never a key, only whether a reference is set. */
export function setupStateOf(reading: SettingsReading, revision: number | null, credentialStoreAvailable: boolean): SetupState {
  const settings = reading.status === 'available' ? reading.settings : DEFAULT_SETTINGS;
  const providers = Object.fromEntries(
    PROVIDER_IDS.map((id) => {
      const { enabled, email, apiKeyRef } = settings.providers[id];
      return [id, { enabled, ...(email === undefined ? {} : { email }), keySet: apiKeyRef !== undefined }];
    }),
  ) as SetupState['providers'];
  return {
    settings: reading.status,
    credentialStore: credentialStoreAvailable ? 'available' : 'unavailable',
    revision,
    providers,
    zotero: { enabled: settings.zotero.enabled },
  };
}

/** The fields the page shows for a provider, in the page's order. */
export const shownFields = (id: ProviderId): SetupFieldResult['field'][] => [
  'enabled',
  ...(['email', 'api_key'] as const).filter((field) => hasSetting(id, field)),
];

/** Whether `field` of `state` says what `change` asks for (nothing left to do). */
function holds(field: SetupFieldResult['field'], change: SetupProviderChange, state: SetupProviderState): boolean {
  if (field === 'enabled') return state.enabled === change.enabled;
  if (field === 'email') return (state.email ?? '') === (change.email ?? state.email ?? '');
  return change.apiKey === undefined && !(change.removeKey === true && state.keySet);
}

/** Whether one field is the same in two states (the page's and the file's). */
function sameField(field: SetupFieldResult['field'], a: SetupProviderState, b: SetupProviderState): boolean {
  if (field === 'enabled') return a.enabled === b.enabled;
  if (field === 'email') return (a.email ?? '') === (b.email ?? '');
  return a.keySet === b.keySet;
}

/**
 * What a save does with one field of one provider:
 * - `untouched`: the person left it as the page showed it — nothing is written, whatever the
 *   settings say now (a change made elsewhere meanwhile stays);
 * - `changed-elsewhere`: the person changed it, but so did someone else since the page showed
 *   it — refused, so neither change silently replaces the other;
 * - `save`: the person changed it, and it is still as the page showed it.
 */
export function fieldPlan(field: SetupFieldResult['field'], change: SetupProviderChange, now: SetupProviderState): 'untouched' | 'changed-elsewhere' | 'save' {
  if (holds(field, change, change.shown)) return 'untouched';
  return sameField(field, change.shown, now) ? 'save' : 'changed-elsewhere';
}
