import type { ProviderId } from '../../ports/config-source.port.js';
import type { SetupForm, SetupProviderChange, SetupProviderState, SetupState } from '../../ports/setup-backend.port.js';
import { hasSetting } from '../../domain/shared/provider-catalogue.js';
import type { FormFields } from './form-body.js';

/**
 * The hidden fields that say what the page showed: `revision` (the settings revision, or `none`
 * before the first file), `<provider>.shown` (`on`/`off`, with `,key` when a key was set) and
 * `<provider>.shown_email` (the email shown, for providers that take one), `zotero.shown`.
 */
export const shownValue = (state: { readonly enabled: boolean; readonly keySet?: boolean }): string =>
  `${state.enabled ? 'on' : 'off'}${state.keySet === true ? ',key' : ''}`;

/** The `revision` field's value for a state. */
export const revisionValue = (state: Pick<SetupState, 'revision'>): string => (state.revision === null ? 'none' : String(state.revision));

/** The field names one provider's fieldset may submit. */
function fieldNamesOf(id: ProviderId): string[] {
  const names = [`${id}.shown`, `${id}.enabled`];
  if (hasSetting(id, 'email')) names.push(`${id}.email`, `${id}.shown_email`);
  if (hasSetting(id, 'api_key')) names.push(`${id}.api_key`, `${id}.remove_key`);
  return names;
}

const SHOWN = /^(on|off)(,key)?$/;
const REVISION = /^(none|0|[1-9]\d{0,15})$/;

/** What the page showed for a provider, from its hidden fields; `undefined` when they are not the page's. */
function shownOf(id: ProviderId, fields: FormFields): SetupProviderState | undefined {
  const match = SHOWN.exec(fields.get(`${id}.shown`) ?? '');
  const email = fields.get(`${id}.shown_email`);
  if (match === null || (match[2] !== undefined && !hasSetting(id, 'api_key'))) return undefined;
  if (hasSetting(id, 'email') !== (email !== undefined)) return undefined;
  return { enabled: match[1] === 'on', ...(email === undefined || email === '' ? {} : { email }), keySet: match[2] !== undefined };
}

/**
 * Turns the submitted fields into a {@link SetupForm}, or `undefined` when they are not a form
 * this page could have sent: no revision, a field of a provider not on the page, a provider's
 * field without its fieldset marker, a marker or shown value the page never writes, the Zotero
 * switch on a page without it, or any unknown name (the form token is checked before). Values
 * are trimmed; an empty key field means "keep the key".
 */
export function setupFormOf(fields: FormFields, providers: readonly ProviderId[], withZotero: boolean): SetupForm | undefined {
  const allowed = new Set(['form_token', 'revision', ...providers.flatMap(fieldNamesOf), ...(withZotero ? ['zotero.shown', 'zotero.enabled'] : [])]);
  for (const key of fields.keys()) if (!allowed.has(key)) return undefined;
  const revision = REVISION.exec(fields.get('revision') ?? '')?.[0];
  if (revision === undefined) return undefined;
  const form: Partial<Record<ProviderId, SetupProviderChange>> = {};
  for (const id of providers) {
    const present = fieldNamesOf(id).filter((key) => fields.has(key));
    if (!fields.has(`${id}.shown`)) {
      if (present.length > 0) return undefined;
      continue;
    }
    const shown = shownOf(id, fields);
    if (shown === undefined) return undefined;
    const email = fields.get(`${id}.email`);
    const apiKey = fields.get(`${id}.api_key`)?.trim();
    form[id] = {
      shown,
      enabled: fields.has(`${id}.enabled`),
      ...(email === undefined ? {} : { email: email.trim() }),
      ...(apiKey === undefined || apiKey === '' ? {} : { apiKey }),
      ...(fields.has(`${id}.remove_key`) && (apiKey === undefined || apiKey === '') ? { removeKey: true } : {}),
    };
  }
  const zoteroShown = fields.get('zotero.shown');
  if (zoteroShown === undefined && fields.has('zotero.enabled')) return undefined;
  if (zoteroShown !== undefined && zoteroShown !== 'on' && zoteroShown !== 'off') return undefined;
  return {
    revision: revision === 'none' ? null : Number(revision),
    providers: form,
    ...(zoteroShown === undefined ? {} : { zotero: { shown: zoteroShown === 'on', enabled: fields.has('zotero.enabled') } }),
  };
}
