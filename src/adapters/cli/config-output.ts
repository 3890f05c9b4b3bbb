import { PROVIDER_IDS, SOURCE_IDS, type NativeSettings, type SettingsRule, type SourceId } from '../../ports/config-source.port.js';
import type { ConfigStatus } from '../../domain/config-status/config-status.js';
import { TARGET_DISPLAY_NAMES } from '../../domain/provider-config-mutation/provider-names.js';
import {
  refusalMessage,
  CHANGE_WARNING_MESSAGES,
  type SettingsChangeOutcome,
  type UnchangedReason,
} from '../../domain/provider-config-mutation/settings-change-outcome.js';
import { hasSetting } from '../../domain/shared/provider-catalogue.js';
import { SETTINGS_RULE_REASONS } from '../../domain/shared/settings-rule-messages.js';
import { EXIT_FAILURE, EXIT_OK } from './exit-codes.js';
import type { ConfigAction } from './parsed-command.js';

/** What a `qiongli config` command prints, and the exit code it ends with. */
export interface CommandReport {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number;
}

// C0 controls, DEL, C1 controls (U+009B is a CSI), the bidirectional embeddings, overrides,
// isolates and marks (U+202E turns text around), and the line and paragraph separators: never
// sent to the terminal raw (they could steer it, or make one key look like another).
const TERMINAL_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/**
 * Any text that did not come from this program (a path, a key of the settings file) as shown at
 * the terminal: every character that could steer the terminal or reorder the line replaced by `?`.
 */
export const shownText = (text: string): string => text.replace(TERMINAL_UNSAFE, '?');

/** A path as shown at the terminal (see {@link shownText}). */
export const shownPath = shownText;

const done = (stdout: string, stderr = ''): CommandReport => ({ stdout, stderr, code: EXIT_OK });
/** A failure: `error: <reason>` on stderr (further lines may explain), exit 1. */
export const failed = (reason: string, explanation: readonly string[] = []): CommandReport => ({
  stdout: '',
  stderr: [`error: ${reason}`, ...explanation].join('\n') + '\n',
  code: EXIT_FAILURE,
});

/** Everything `qiongli config status` shows. */
export interface StatusView {
  /** The settings file looked at (the terminal is the person's own: its path may be shown). */
  readonly file: string;
  /** The document's revision; `null` when there is no file and the defaults apply. */
  readonly revision: number | null;
  readonly storeAvailable: boolean;
  /** The config-status domain data (what `qiongli_config_status` reports). */
  readonly status: ConfigStatus;
  readonly settings: NativeSettings;
}

const SOURCE_NOTES: Readonly<Record<SourceId, string>> = {
  opencitations: 'keyless source: citation graph',
  europepmc: 'keyless source: open-access full text',
};
const yesNo = (value: boolean): string => (value ? 'yes' : 'no');
/** What the `zotero` row means: the consent to deliver records to the Zotero desktop. */
export const ZOTERO_NOTE = 'delivery of found records to your Zotero desktop';

/**
 * The table of `qiongli config status`, with each provider's access tier (`keyed`, `keyless`,
 * `key_missing`, `secret_store_unavailable`; docs/providers.md#access-tiers): never a key, a
 * reference or an email itself.
 */
export function renderStatus(view: StatusView): CommandReport {
  const row = (cells: readonly string[]): string =>
    cells
      .map((cell, index) => (index < cells.length - 1 ? cell.padEnd([18, 9, 9, 9][index] ?? 0) : cell))
      .join('')
      .trimEnd();
  const lines = [
    `settings: ${shownPath(view.file)}${view.revision === null ? ' (no file yet: the defaults apply)' : ` (revision ${view.revision})`}`,
    `credential store: ${view.storeAvailable ? 'reachable' : 'not reachable (API keys can be neither set nor used; every provider is searched keyless; docs/configuration.md#no-credential-store says how to start or unlock one)'}`,
    '',
    row(['provider', 'enabled', 'email', 'API key', 'access']),
  ];
  for (const id of PROVIDER_IDS) {
    const entry = view.status.redacted_config.providers[id];
    const email = hasSetting(id, 'email') ? ((entry.fields as { email?: string }).email === 'configured' ? 'set' : 'not set') : '-';
    const key = hasSetting(id, 'api_key') ? (view.settings.providers[id].apiKeyRef === undefined ? 'not set' : 'set') : '-';
    lines.push(row([id, yesNo(entry.enabled), email, key, view.status.access[id]]));
  }
  for (const id of SOURCE_IDS) lines.push(row([id, yesNo(view.settings.sources[id].enabled), `(${SOURCE_NOTES[id]})`]));
  lines.push(row(['zotero', yesNo(view.settings.zotero.enabled), `(${ZOTERO_NOTE})`]));
  return done(lines.join('\n') + '\n');
}

/** The explanation of settings that cannot be located at all. */
export function renderUnlocated(rule: SettingsRule): CommandReport {
  const advice =
    rule === 'relative-config-home'
      ? 'Set QIONGLI_CONFIG_HOME to an absolute path, or unset it: a relative one would depend on the folder each MCP client starts Qiongli in.'
      : 'Set QIONGLI_CONFIG_HOME to an absolute path, or HOME to your home folder.';
  return failed(SETTINGS_RULE_REASONS[rule], [advice]);
}

/** The config actions that change one setting. */
type ChangeAction = Exclude<ConfigAction, { readonly name: 'status' | 'check' | 'setup' }>;

const NAME = (action: ChangeAction): string => ('provider' in action ? TARGET_DISPLAY_NAMES[action.provider] : TARGET_DISPLAY_NAMES[action.target]);

const UNCHANGED: Readonly<Record<UnchangedReason, (name: string) => string>> = {
  'already-enabled': (name) => `${name} is already enabled; nothing changed.`,
  'already-disabled': (name) => `${name} is already disabled; nothing changed.`,
  'same-email': (name) => `${name} already has this contact email; nothing changed.`,
  'no-email': (name) => `${name} has no contact email set; nothing changed.`,
  'no-key': (name) => `${name} has no API key set; nothing changed.`,
};

/**
 * What a change command prints: one line on success (and a warning), `error: <reason>` when
 * refused. A `busy` refusal names the lock file (`lockFile`, when known) that keeps writers out,
 * to delete when no other program is changing the settings: a lock whose holder still runs on
 * this computer (or a process that took its number) is never taken over.
 */
export function renderChange(action: ChangeAction, outcome: SettingsChangeOutcome, lockFile?: string): CommandReport {
  const name = NAME(action);
  if (outcome.status === 'refused' && outcome.refusal === 'busy' && lockFile !== undefined) {
    return failed(refusalMessage(outcome), [
      `If it keeps saying so and no other qiongli command or server is changing the settings, delete the lock file ${shownPath(lockFile)} and try again.`,
    ]);
  }
  if (outcome.status === 'refused') return failed(refusalMessage(outcome));
  if (outcome.status === 'unchanged') return done(`${UNCHANGED[outcome.reason](name)}\n`);
  const revision = `settings revision ${outcome.revision}`;
  const saved: Readonly<Record<ChangeAction['name'], string>> = {
    'set-key': `Saved: the ${name} API key is in the credential store, and the settings name it (${revision}).`,
    'remove-key': `Removed: the ${name} API key is no longer used: the settings name none (${revision}).`,
    enable: `${name} is enabled (${revision}).`,
    disable: `${name} is disabled (${revision}).`,
    'set-email': `The ${name} contact email is set (${revision}).`,
  };
  const warning = outcome.warning === undefined ? '' : `warning: ${CHANGE_WARNING_MESSAGES[outcome.warning]}.\n`;
  return done(`${saved[action.name]}\n`, warning);
}
