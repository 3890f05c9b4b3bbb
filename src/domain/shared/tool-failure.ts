import type { SettingsRule } from '../../ports/config-source.port.js';
import { failure, type Result } from './result.js';
import { configUnavailableMessage } from './settings-rule-messages.js';

/**
 * Reason codes of domain failures, with their fixed messages (docs/tools.md#results-and-errors).
 * `native-config-unavailable` is not among them: its message names the settings rule that
 * failed (see {@link configUnavailable}).
 */
export const TOOL_ERRORS = {
  'provider-runtime-unavailable': 'native provider runtime is unavailable',
  'zotero-export-failed': 'Zotero export failed',
  'use-setup-page': 'API keys are entered on the setup page; call qiongli_configure_provider',
  'setup-page-unavailable': 'the setup page could not listen on the requested port',
  'settings-changed': 'the settings changed while saving; nothing was saved, try again',
  'settings-write-failed': 'the settings file could not be written; nothing was saved',
  'file-not-held': 'the files could not be held for reading; try again',
  'answer-too-large':
    "the answer would be longer than a model's context allows (40,000 characters, 100,000 with a size argument); ask for a smaller page or fewer items, and read on with next_cursor",
  // Zotero delivery (docs/zotero.md#errors)
  'zotero-delivery-off':
    'Zotero delivery is switched off, so nothing was sent to Zotero. The person switches it on with `qiongli config enable zotero` or with the Zotero switch on the setup page',
  'zotero-not-running': 'Zotero is not running on this computer (nothing answers on 127.0.0.1:23119); start Zotero and try again',
  'zotero-timeout': 'Zotero did not answer in time; the records may still have been saved, so look in Zotero before trying again',
  'zotero-refused': 'Zotero refused the request',
  'zotero-conflict': 'Zotero already has a save session with this id; try again',
  'zotero-read-only': 'the library selected in Zotero cannot be written; select a writable library or collection in Zotero, or name one',
  'zotero-collection-not-found': "the collection is not among Zotero's writable libraries and collections; qiongli_zotero_status lists them",
  'zotero-collection-ambiguous': 'several Zotero collections have that name; give the key qiongli_zotero_status lists for the one you mean',
  'zotero-failed': 'Zotero failed while handling the request; look in Zotero for what was saved',
  'zotero-bad-answer': 'Zotero gave an answer that could not be read',
} as const;

/**
 * The two fixed `capability-unavailable` messages of Lite's configuration tools (save vs.
 * configure/wizard): what the model tells the person, so each says where a key goes — a
 * terminal command, or the Standard profile's setup page — and that it never goes in the chat
 * (issue 25, row 2).
 */
export const CAPABILITY_UNAVAILABLE = {
  save: 'Lite saves no settings from the chat, and an API key must never be sent here. The person sets a key in a terminal with qiongli config set-key <provider> (an email with qiongli config set-email <provider> <address>), or on the setup page of the Standard profile.',
  wizard:
    'Lite opens no setup page. The person sets an API key in a terminal with qiongli config set-key <provider>, or on the setup page of the Standard profile (qiongli mcp serve --profile standard); never in the chat.',
} as const;

/** A reason code a tool may fail with. */
type ReasonCode = keyof typeof TOOL_ERRORS | 'native-config-unavailable' | 'capability-unavailable';

/**
 * An expected failure of a use case: the `E` of a use case's `Result<T, ToolFailure>`. The MCP
 * adapter turns it into an `isError` tool result; the message is always static text chosen by
 * the code, never input.
 */
export type ToolFailure =
  | { readonly kind: 'invalid_arguments'; readonly message: string }
  | { readonly kind: 'tool_error'; readonly reasonCode: ReasonCode; readonly message: string };

/** An invalid-arguments failure with a static message. */
export const invalidArguments = (message: string): Result<never, ToolFailure> => failure({ kind: 'invalid_arguments', message });

/** A domain failure with one of the fixed reason codes of docs/tools.md#results-and-errors. */
export const toolError = (reasonCode: keyof typeof TOOL_ERRORS): Result<never, ToolFailure> =>
  failure({ kind: 'tool_error', reasonCode, message: TOOL_ERRORS[reasonCode] });

/**
 * The tool error `native-config-unavailable` for settings that break `rule`: a static message
 * that names the rule and points to `qiongli config check` (docs/tools.md#errors).
 */
export const configUnavailable = (rule: SettingsRule): Result<never, ToolFailure> =>
  failure({ kind: 'tool_error', reasonCode: 'native-config-unavailable', message: configUnavailableMessage(rule) });

/** The `capability-unavailable` failure of the save tool or of the configure/wizard tools. */
export const capabilityUnavailable = (which: keyof typeof CAPABILITY_UNAVAILABLE): Result<never, ToolFailure> =>
  failure({ kind: 'tool_error', reasonCode: 'capability-unavailable', message: CAPABILITY_UNAVAILABLE[which] });
