import { PROVIDER_IDS, type ProviderId } from '../../ports/config-source.port.js';
import { hasSetting } from '../shared/provider-catalogue.js';
import { isContactEmail } from './change-input-checks.js';
import type { ChangeTarget, SettingsChangePorts } from './settings-change-ports.js';
import { outcomeOfWrite, refused, type SettingsChangeOutcome } from './settings-change-outcome.js';

const isProvider = (target: ChangeTarget): target is ProviderId => (PROVIDER_IDS as readonly string[]).includes(target);

/**
 * Enables or disables a search provider, a keyless source or Zotero delivery (`qiongli config enable|disable`,
 * docs/configuration.md#changing-the-settings). Already in that state → `unchanged`, nothing
 * written. Otherwise the entry is written with the other fields it has (email, key reference)
 * kept, based on the revision just read.
 */
export async function setEnabled(ports: Pick<SettingsChangePorts, 'settings'>, target: ChangeTarget, enabled: boolean): Promise<SettingsChangeOutcome> {
  const draft = await ports.settings.readForChange();
  if (draft.status === 'unavailable') return refused('settings-unavailable', draft.rule);
  const current = target === 'zotero' ? draft.settings.zotero : isProvider(target) ? draft.settings.providers[target] : draft.settings.sources[target];
  if (current.enabled === enabled) return { status: 'unchanged', reason: enabled ? 'already-enabled' : 'already-disabled' };
  const edit =
    target === 'zotero'
      ? { zotero: { enabled } }
      : isProvider(target)
        ? { providers: { [target]: { ...current, enabled } } }
        : { sources: { [target]: { enabled } } };
  return outcomeOfWrite(await ports.settings.write(draft.revision, edit));
}

/**
 * Sets the contact email of OpenAlex or Crossref (`qiongli config set-email`). Checked first
 * (see {@link isContactEmail}); the same email → `unchanged`. The provider keeps whether it is
 * enabled and its key reference.
 */
export async function setEmail(ports: Pick<SettingsChangePorts, 'settings'>, provider: ProviderId, email: string): Promise<SettingsChangeOutcome> {
  if (!hasSetting(provider, 'email')) return refused('takes-no-email');
  if (!isContactEmail(email)) return refused('email-invalid');
  const draft = await ports.settings.readForChange();
  if (draft.status === 'unavailable') return refused('settings-unavailable', draft.rule);
  const current = draft.settings.providers[provider];
  if (current.email === email) return { status: 'unchanged', reason: 'same-email' };
  return outcomeOfWrite(await ports.settings.write(draft.revision, { providers: { [provider]: { ...current, email } } }));
}

/**
 * Clears the contact email of OpenAlex or Crossref (the setup page's emptied email field): the
 * provider keeps whether it is enabled and its key reference. No email set → `unchanged`.
 */
export async function clearEmail(ports: Pick<SettingsChangePorts, 'settings'>, provider: ProviderId): Promise<SettingsChangeOutcome> {
  if (!hasSetting(provider, 'email')) return refused('takes-no-email');
  const draft = await ports.settings.readForChange();
  if (draft.status === 'unavailable') return refused('settings-unavailable', draft.rule);
  const { email, ...kept } = draft.settings.providers[provider];
  if (email === undefined) return { status: 'unchanged', reason: 'no-email' };
  return outcomeOfWrite(await ports.settings.write(draft.revision, { providers: { [provider]: kept } }));
}
