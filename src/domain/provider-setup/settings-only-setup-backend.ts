import { PROVIDER_IDS, type ConfigSource, type ProviderId, type SettingsReading } from '../../ports/config-source.port.js';
import type { SecretStore } from '../../ports/secret-store.port.js';
import type { SetupBackend, SetupFieldResult, SetupForm, SetupProviderChange, SetupState } from '../../ports/setup-backend.port.js';
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

/** The fields a change would alter, against the current state. */
function changedFields(id: ProviderId, change: SetupProviderChange, state: SetupState): SetupFieldResult['field'][] {
  const current = state.providers[id];
  const fields: SetupFieldResult['field'][] = [];
  if (change.enabled !== current.enabled) fields.push('enabled');
  if (hasSetting(id, 'email') && change.email !== undefined && change.email !== (current.email ?? '')) fields.push('email');
  if (hasSetting(id, 'api_key') && (change.apiKey !== undefined || (change.removeKey === true && current.keySet))) fields.push('api_key');
  return fields;
}

/**
 * A {@link SetupBackend} that reads the real state (the settings and whether the credential
 * store is reachable) and saves nothing yet: every field a form would change answers
 * `writes-unavailable` (or `settings-unavailable` when the settings cannot be read), every other
 * `unchanged`. The Standard profile binds it until the settings writer and the credential-store
 * writes are composed; the page then says plainly that nothing was saved.
 */
export class SettingsOnlySetupBackend implements SetupBackend {
  constructor(
    private readonly config: ConfigSource,
    private readonly secrets: SecretStore,
  ) {}

  async state(): Promise<SetupState> {
    return setupStateOf(await this.config.read(), this.secrets.available);
  }

  async save(form: SetupForm): Promise<readonly SetupFieldResult[]> {
    const state = await this.state();
    const failure = state.settings === 'available' ? 'writes-unavailable' : 'settings-unavailable';
    return PROVIDER_IDS.flatMap((id) => {
      const change = form[id];
      if (change === undefined) return [];
      const changed = changedFields(id, change, state);
      const shown: SetupFieldResult['field'][] = ['enabled', ...(['email', 'api_key'] as const).filter((field) => hasSetting(id, field))];
      return shown.map(
        (field): SetupFieldResult =>
          changed.includes(field) ? { provider: id, field, outcome: 'failed', failure } : { provider: id, field, outcome: 'unchanged' },
      );
    });
  }
}
