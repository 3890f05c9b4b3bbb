import type { ProviderId } from '../../ports/config-source.port.js';
import type { SetupFieldFailure, SetupFieldResult, SetupState } from '../../ports/setup-backend.port.js';
import { PROVIDER_CATALOGUE, hasSetting } from '../../domain/shared/provider-catalogue.js';
import { PROVIDER_GUIDES, ZOTERO_GUIDE } from './provider-guide.js';
import { PAGE_STYLE } from './page-style.js';
import { revisionValue, shownValue } from './setup-form.js';
import { closingTime } from '../../domain/provider-setup/closing-time.js';

/** Escapes text for HTML content and quoted attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const name = (id: ProviderId | 'zotero'): string => (id === 'zotero' ? 'Zotero' : PROVIDER_CATALOGUE[id].displayName);

/** A whole page around `body` (static head: the inline style its CSP allows by hash). */
function page(title: string, body: string): string {
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main>${body}<footer>Qiongli setup page, served by the Qiongli process on this computer (127.0.0.1 only).</footer></main></body></html>\n`;
}

/** A page that only says something (refusals, the closing note). */
export const messagePage = (title: string, text: string): string => page(title, `<h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(text)}</p>`);

/** The notices that head the form: the settings file and the credential store, said plainly. */
function stateNotices(state: SetupState): string {
  const notices: string[] = [];
  if (state.settings === 'unavailable')
    notices.push(
      '<div class="notice bad">The settings file cannot be used, so nothing can be saved until it is fixed. Run <code>qiongli config check</code> in a terminal to see why.</div>',
    );
  notices.push(
    state.credentialStore === 'available'
      ? '<div class="notice">API keys are kept in this computer\'s credential store (Keychain, Credential Manager or the Secret Service), never in a file and never in the chat.</div>'
      : '<div class="notice bad">No credential store (Keychain, Credential Manager or the Secret Service) can be reached on this computer, so API keys cannot be saved here: Qiongli never keeps them in a plain file. Emails and on/off settings can still be saved.</div>',
  );
  return notices.join('');
}

/** One provider's fieldset: enabled, email, key (never the key: only whether one is set). */
function providerFieldset(id: ProviderId, state: SetupState): string {
  const current = state.providers[id];
  const guide = PROVIDER_GUIDES[id];
  const parts = [
    `<fieldset><legend>${name(id)}</legend><p class="hint">${escapeHtml(guide.brings)}</p>`,
    `<input type="hidden" name="${id}.shown" value="${shownValue(current)}">`,
    `<label class="check"><input type="checkbox" name="${id}.enabled" id="${id}-enabled"${current.enabled ? ' checked' : ''}> Use ${name(id)} in searches</label>`,
  ];
  if (hasSetting(id, 'email')) {
    parts.push(
      `<input type="hidden" name="${id}.shown_email" value="${escapeHtml(current.email ?? '')}">`,
      `<label for="${id}-email">Contact email</label><input type="email" name="${id}.email" id="${id}-email" autocomplete="email" value="${escapeHtml(current.email ?? '')}">`,
      `<p class="hint">${escapeHtml(guide.email ?? '')}</p>`,
    );
  }
  if (hasSetting(id, 'api_key')) {
    const keyFrom = guide.keyFrom;
    const storeMissing = state.credentialStore === 'unavailable';
    const why = storeMissing
      ? 'No credential store can be reached on this computer, so a key cannot be saved here (Qiongli never keeps keys in a file).'
      : 'Leave empty to keep the current key.';
    parts.push(
      `<label for="${id}-key">API key</label><input type="password" name="${id}.api_key" id="${id}-key" autocomplete="new-password" spellcheck="false"${storeMissing ? ' disabled' : ''}>`,
      `<p class="hint">${why}${keyFrom === undefined ? '' : ` Get a free key at <a href="${escapeHtml(keyFrom.href)}" rel="noreferrer">${escapeHtml(keyFrom.label)}</a>.`}</p>`,
      `<p class="state">Key: ${current.keySet ? '<span class="set">set</span> (not shown)' : '<span class="unset">not set</span>'}</p>`,
    );
    if (current.keySet) parts.push(`<label class="check"><input type="checkbox" name="${id}.remove_key" id="${id}-remove"> Remove the stored key</label>`);
  }
  parts.push('</fieldset>');
  return parts.join('');
}

/** The Zotero switch: delivery to the Zotero desktop, off until the person switches it on (SPEC §15). */
function zoteroFieldset(state: SetupState): string {
  return [
    `<fieldset><legend>Zotero</legend><input type="hidden" name="zotero.shown" value="${shownValue(state.zotero)}">`,
    `<label class="check"><input type="checkbox" name="zotero.enabled" id="zotero-enabled"${state.zotero.enabled ? ' checked' : ''}> Deliver to my Zotero desktop</label>`,
    `<p class="hint">${escapeHtml(ZOTERO_GUIDE)}</p></fieldset>`,
  ].join('');
}

/** What the form page shows besides the form: a notice about the last save, if any. */
export interface FormPageView {
  readonly state: SetupState;
  readonly providers: readonly ProviderId[];
  /** Whether the Zotero switch is on the page (the page for all providers). */
  readonly withZotero: boolean;
  /** Where the form is sent: the session's own address. */
  readonly action: string;
  readonly formToken: string;
  readonly expiresAt: number;
  /** Results of a save that did not fully succeed, shown above the form. */
  readonly results?: readonly SetupFieldResult[];
}

/** The settings form (plain HTML; works with scripts off). */
export function formPage(view: FormPageView): string {
  const title = view.providers.length === 1 ? `Set up ${name(view.providers[0] as ProviderId)}` : 'Set up your literature providers';
  return page(
    title,
    [
      `<h1>${escapeHtml(title)}</h1>`,
      `<p class="lead">Qiongli searches scholarly sources for your research assistant. What you enter here stays on this computer and never passes through the chat. This page closes at ${escapeHtml(closingTime(view.expiresAt))} or after a save.</p>`,
      view.results === undefined ? '' : resultList(view.results, 'Not everything was saved'),
      stateNotices(view.state),
      `<form method="post" action="${escapeHtml(view.action)}">`,
      `<input type="hidden" name="form_token" value="${escapeHtml(view.formToken)}">`,
      `<input type="hidden" name="revision" value="${revisionValue(view.state)}">`,
      ...view.providers.map((id) => providerFieldset(id, view.state)),
      view.withZotero ? zoteroFieldset(view.state) : '',
      '<button type="submit">Save</button></form>',
    ].join(''),
  );
}

const FAILURES: Readonly<Record<SetupFieldFailure, string>> = {
  'invalid-email': 'not saved: this is not a usable email address',
  'invalid-key': 'not saved: this key cannot be used (it is empty or too long)',
  'credential-store-unavailable': 'not saved: no credential store can be reached on this computer, and Qiongli never keeps keys in a plain file',
  'credential-store-failed': 'not saved: the credential store refused to store the key',
  'settings-unavailable': 'not saved: the settings file cannot be used (run qiongli config check in a terminal to see why)',
  'settings-changed': 'not saved: the settings changed while this page was open (the form below shows them as they are now); try again',
  'settings-write-failed': 'not saved: the settings file could not be written (run qiongli config check in a terminal)',
};

const FIELDS: Readonly<Record<SetupFieldResult['field'], string>> = { enabled: 'use in searches', email: 'contact email', api_key: 'API key' };
const fieldName = (result: SetupFieldResult): string => (result.provider === 'zotero' ? 'deliver to my Zotero desktop' : FIELDS[result.field]);

/** The per-field results of a save that changed something or failed, values never shown. */
function resultList(all: readonly SetupFieldResult[], heading: string): string {
  const results = all.filter((result) => result.outcome !== 'unchanged');
  if (results.length === 0) return `<div class="notice ok"><strong>${escapeHtml(heading)}</strong> Nothing needed to change.</div>`;
  const items = results.map((result) => {
    const outcome = result.outcome === 'failed' ? FAILURES[result.failure ?? 'settings-write-failed'] : result.outcome;
    return `<li${result.outcome === 'failed' ? ' class="failed"' : ''}>${name(result.provider)}, ${fieldName(result)}: ${escapeHtml(outcome)}</li>`;
  });
  return `<div class="notice${results.some((result) => result.outcome === 'failed') ? ' bad' : ' ok'}"><strong>${escapeHtml(heading)}</strong></div><ul class="results">${items.join('')}</ul>`;
}

/** The page after a save in which every field succeeded: the page is closed now. */
export const savedPage = (results: readonly SetupFieldResult[]): string =>
  page(
    'Settings saved',
    `<h1>Settings saved</h1>${resultList(results, 'Saved. Your next search uses these settings.')}<p class="lead">This page is closed now; you can close the tab and go back to the chat.</p>`,
  );
