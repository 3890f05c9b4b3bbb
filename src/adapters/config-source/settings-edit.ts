import type { ProviderSettings } from '../../ports/config-source.port.js';
import type { SettingsEdit } from '../../ports/settings-writer.port.js';
import { SETTINGS_DOCUMENT_KIND, SETTINGS_SCHEMA_VERSION, type SettingsDocument } from './settings-document.js';

/** A document with no entries (every provider and source at its default), before its first write. */
export const emptyDocument = (): SettingsDocument => ({
  document_kind: SETTINGS_DOCUMENT_KIND,
  schema_version: SETTINGS_SCHEMA_VERSION,
  revision: 0,
  providers: {},
});

/** A provider entry as the document spells it: `enabled`, then `email` and `api_key_ref` when set. */
const entryOf = (settings: ProviderSettings): { enabled: boolean; email?: string; api_key_ref?: string } => ({
  enabled: settings.enabled,
  ...(settings.email === undefined ? {} : { email: settings.email }),
  ...(settings.apiKeyRef === undefined ? {} : { api_key_ref: settings.apiKeyRef }),
});

/**
 * `document` with the entries of `edit` replaced and `revision` set; every other key, and the
 * order of the keys, is kept. Keyless sources live under `providers` in the file, beside the
 * search providers (docs/configuration.md#the-settings-document).
 */
export function applyEdit(document: SettingsDocument, edit: SettingsEdit, revision: number): SettingsDocument {
  const providers: Record<string, unknown> = { ...document.providers };
  for (const [id, settings] of Object.entries(edit.providers ?? {})) if (settings !== undefined) providers[id] = entryOf(settings);
  for (const [id, settings] of Object.entries(edit.sources ?? {})) if (settings !== undefined) providers[id] = { enabled: settings.enabled };
  const zotero = edit.zotero === undefined ? {} : { zotero: { enabled: edit.zotero.enabled } };
  return { ...document, revision, providers: providers as SettingsDocument['providers'], ...zotero };
}

/** The text written: two-space indented JSON and a final newline, easy to read and to edit by hand. */
export const serialiseDocument = (document: SettingsDocument): string => `${JSON.stringify(document, null, 2)}\n`;
