import type { SettingsRule } from '../../ports/config-source.port.js';
import type { SettingsWriteResult } from '../../ports/settings-writer.port.js';
import { CONFIG_CHECK_HINT, SETTINGS_RULE_REASONS } from '../shared/settings-rule-messages.js';

/** Why a configuration change was refused; nothing was saved (docs/configuration.md#changing-the-settings). */
export type ChangeRefusal =
  | 'settings-unavailable'
  | 'conflict'
  | 'busy'
  | 'write-failed'
  | 'store-unavailable'
  | 'store-failed'
  | 'key-empty'
  | 'key-too-long'
  | 'key-control-character'
  | 'key-surrounding-space'
  | 'email-invalid'
  | 'takes-no-key'
  | 'takes-no-email';

/** A saved change that left something behind the person should know about. */
export type ChangeWarning = 'old-key-not-deleted' | 'folder-moved';

/** Why nothing needed to change. */
export type UnchangedReason = 'already-enabled' | 'already-disabled' | 'same-email' | 'no-email' | 'no-key';

/** How a configuration change ended. Never carries a key, an email or a path. */
export type SettingsChangeOutcome =
  | { readonly status: 'saved'; readonly revision: number; readonly warning?: ChangeWarning }
  | { readonly status: 'unchanged'; readonly reason: UnchangedReason }
  | { readonly status: 'refused'; readonly refusal: ChangeRefusal; readonly rule?: SettingsRule };

/** The static sentence of each refusal (the settings rule's own sentence is added for `settings-unavailable`). */
const CHANGE_REFUSAL_MESSAGES: Readonly<Record<ChangeRefusal, string>> = {
  'settings-unavailable': 'the settings cannot be changed while they are unusable',
  conflict: 'the settings changed while this change was being made; nothing was saved, try again',
  busy: 'another program is changing the settings right now; nothing was saved, try again',
  'write-failed': 'the settings file could not be written; nothing was saved',
  'store-unavailable':
    'no credential store is reachable, so the key was not saved (Qiongli never keeps keys in a file); docs/configuration.md#no-credential-store says how to start or unlock one',
  'store-failed': 'the credential store refused to keep the key; nothing was saved',
  'key-empty': 'the key is empty; nothing was saved',
  'key-too-long': 'the key is longer than 4096 bytes; nothing was saved',
  'key-control-character': 'the key holds a line break or another control character; nothing was saved',
  'key-surrounding-space': 'the key starts or ends with a space; nothing was saved',
  'email-invalid': 'the email address must be 1-320 characters with one @ between two non-empty parts, and no spaces or control characters',
  'takes-no-key': 'this provider takes no API key (OpenAlex, Semantic Scholar and PubMed do)',
  'takes-no-email': 'this provider takes no email (OpenAlex and Crossref do)',
};

/** The static sentence of each warning. */
export const CHANGE_WARNING_MESSAGES: Readonly<Record<ChangeWarning, string>> = {
  'old-key-not-deleted': 'the key it replaced or removed could not be deleted from the credential store, where it stays unused',
  'folder-moved':
    'the settings folder was moved or replaced while the change was written: the change is in the folder as it was opened, which its path may no longer name; run qiongli config check',
};

/** The full static explanation of a refusal: its sentence, and for unusable settings the rule and where to look. */
export function refusalMessage(outcome: { readonly refusal: ChangeRefusal; readonly rule?: SettingsRule }): string {
  const sentence = CHANGE_REFUSAL_MESSAGES[outcome.refusal];
  return outcome.rule === undefined ? sentence : `${sentence}: ${SETTINGS_RULE_REASONS[outcome.rule]}. ${CONFIG_CHECK_HINT}`;
}

/** A refusal. */
export const refused = (refusal: ChangeRefusal, rule?: SettingsRule): SettingsChangeOutcome => ({
  status: 'refused',
  refusal,
  ...(rule === undefined ? {} : { rule }),
});

/** What a settings write's result means for the change. */
export function outcomeOfWrite(result: SettingsWriteResult): SettingsChangeOutcome {
  switch (result.status) {
    case 'written':
      return { status: 'saved', revision: result.revision, ...(result.warning === undefined ? {} : { warning: result.warning }) };
    case 'unavailable':
      return refused('settings-unavailable', result.rule);
    case 'conflict':
    case 'busy':
      return refused(result.status);
    case 'failed':
      return refused('write-failed');
  }
}
