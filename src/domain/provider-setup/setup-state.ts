import { PROVIDER_IDS, type ProviderId, type SettingsReading } from '../../ports/config-source.port.js';
import type { SetupFieldResult, SetupProviderChange, SetupState } from '../../ports/setup-backend.port.js';
import { DEFAULT_SETTINGS } from '../provider-readiness/provider-readiness.js';
import { hasSetting } from '../shared/provider-catalogue.js';

/** The setup page's view of the settings: never a key, only whether a reference is set. */
export function setupStateOf(reading: SettingsReading, credentialStoreAvailable: boolean): SetupState {
  const settings = reading.status === 'available' ? reading.settings : DEFAULT_SETTINGS;
  const providers = Object.fromEntries(
    PROVIDER_IDS.map((id) => {
      const { enabled, email, apiKeyRef } = settings.providers[id];
      return [id, { enabled, ...(email === undefined ? {} : { email }), keySet: apiKeyRef !== undefined }];
    }),
  ) as SetupState['providers'];
  return { settings: reading.status, credentialStore: credentialStoreAvailable ? 'available' : 'unavailable', providers };
}

/** The fields the page shows for a provider, in the page's order. */
export const shownFields = (id: ProviderId): SetupFieldResult['field'][] => [
  'enabled',
  ...(['email', 'api_key'] as const).filter((field) => hasSetting(id, field)),
];

/** The fields a change would alter, against the current state. */
export function changedFields(id: ProviderId, change: SetupProviderChange, state: SetupState): SetupFieldResult['field'][] {
  const current = state.providers[id];
  const fields: SetupFieldResult['field'][] = [];
  if (change.enabled !== current.enabled) fields.push('enabled');
  if (hasSetting(id, 'email') && change.email !== undefined && change.email !== (current.email ?? '')) fields.push('email');
  if (hasSetting(id, 'api_key') && (change.apiKey !== undefined || (change.removeKey === true && current.keySet))) fields.push('api_key');
  return fields;
}
