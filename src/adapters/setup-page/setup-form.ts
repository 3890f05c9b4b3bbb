import type { ProviderId } from '../../ports/config-source.port.js';
import type { SetupForm, SetupProviderChange } from '../../ports/setup-backend.port.js';
import { hasSetting } from '../../domain/shared/provider-catalogue.js';
import type { FormFields } from './form-body.js';

/** The field names one provider's fieldset may submit. */
function fieldNamesOf(id: ProviderId): string[] {
  const names = [`${id}.shown`, `${id}.enabled`];
  if (hasSetting(id, 'email')) names.push(`${id}.email`);
  if (hasSetting(id, 'api_key')) names.push(`${id}.api_key`, `${id}.remove_key`);
  return names;
}

/**
 * Turns the submitted fields into a {@link SetupForm}, or `undefined` when they are not a form
 * this page could have sent: a field of a provider not on the page, a provider's field without its
 * fieldset marker, or any unknown name (the form token is checked before). Values are trimmed; an
 * empty key field means "keep the key".
 */
export function setupFormOf(fields: FormFields, providers: readonly ProviderId[]): SetupForm | undefined {
  const allowed = new Set(['form_token', ...providers.flatMap(fieldNamesOf)]);
  for (const key of fields.keys()) if (!allowed.has(key)) return undefined;
  const form: Partial<Record<ProviderId, SetupProviderChange>> = {};
  for (const id of providers) {
    const present = fieldNamesOf(id).filter((key) => fields.has(key));
    if (!fields.has(`${id}.shown`)) {
      if (present.length > 0) return undefined;
      continue;
    }
    const email = fields.get(`${id}.email`);
    const apiKey = fields.get(`${id}.api_key`)?.trim();
    form[id] = {
      enabled: fields.has(`${id}.enabled`),
      ...(email === undefined ? {} : { email: email.trim() }),
      ...(apiKey === undefined || apiKey === '' ? {} : { apiKey }),
      ...(fields.has(`${id}.remove_key`) && (apiKey === undefined || apiKey === '') ? { removeKey: true } : {}),
    };
  }
  return form;
}
