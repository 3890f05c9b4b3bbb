import type { SettingsRule } from '../../ports/config-source.port.js';
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

/** The two fixed `capability-unavailable` messages (save vs. configure/wizard). */
export const CAPABILITY_UNAVAILABLE = {
  save: 'provider configuration writes are unavailable in this native preview',
  wizard: 'provider configuration wizard is unavailable in this native preview',
} as const;

/** A reason code a tool may fail with. */
export type ReasonCode = keyof typeof TOOL_ERRORS | 'native-config-unavailable' | 'capability-unavailable';

/**
 * An expected failure of a use case. The MCP adapter turns it into an `isError` tool result;
 * the message is always static text chosen by the code, never input.
 */
export type ToolFailure =
  | { readonly kind: 'invalid_arguments'; readonly message: string }
  | { readonly kind: 'tool_error'; readonly reasonCode: ReasonCode; readonly message: string };

/** Success or an expected failure. Unexpected failures are thrown. */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: ToolFailure };

/** Wraps a success. */
export const succeed = <T>(value: T): Outcome<T> => ({ ok: true, value });

/** An invalid-arguments failure with a static message. */
export const invalidArguments = <T = never>(message: string): Outcome<T> => ({
  ok: false,
  failure: { kind: 'invalid_arguments', message },
});

/** A domain failure with one of the fixed reason codes of docs/tools.md#results-and-errors. */
export const toolError = <T = never>(reasonCode: keyof typeof TOOL_ERRORS): Outcome<T> => ({
  ok: false,
  failure: { kind: 'tool_error', reasonCode, message: TOOL_ERRORS[reasonCode] },
});

/**
 * The tool error `native-config-unavailable` for settings that break `rule`: a static message
 * that names the rule and points to `qiongli config check` (docs/tools.md#errors).
 */
export const configUnavailable = <T = never>(rule: SettingsRule): Outcome<T> => ({
  ok: false,
  failure: { kind: 'tool_error', reasonCode: 'native-config-unavailable', message: configUnavailableMessage(rule) },
});

/** The `capability-unavailable` failure of the save tool or of the configure/wizard tools. */
export const capabilityUnavailable = <T = never>(which: keyof typeof CAPABILITY_UNAVAILABLE): Outcome<T> => ({
  ok: false,
  failure: { kind: 'tool_error', reasonCode: 'capability-unavailable', message: CAPABILITY_UNAVAILABLE[which] },
});
