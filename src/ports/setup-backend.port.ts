import type { ProviderId } from './config-source.port.js';
import { portToken, type PortToken } from './port-token.js';

/** One provider as the setup page shows it: never a key, only whether one is set. */
export interface SetupProviderState {
  readonly enabled: boolean;
  /** The contact email, for providers that take one (absent when none is set). */
  readonly email?: string;
  /** Whether a key reference is set, for providers that take a key. */
  readonly keySet: boolean;
}

/** A switch the page shows: Zotero delivery (SPEC §15), off until the person switches it on. */
interface SetupSwitchState {
  readonly enabled: boolean;
}

/** Everything the setup page shows. */
export interface SetupState {
  /** `unavailable`: the settings file exists but cannot be used (`qiongli config check` tells why). */
  readonly settings: 'available' | 'unavailable';
  /** Whether the operating system's credential store can be reached (keys can be saved). */
  readonly credentialStore: 'available' | 'unavailable';
  /** The settings revision this state was read at (`null`: no settings file yet). */
  readonly revision: number | null;
  readonly providers: Readonly<Record<ProviderId, SetupProviderState>>;
  /** Whether found records may be delivered to the Zotero desktop. */
  readonly zotero: SetupSwitchState;
}

/**
 * What the person submitted for one provider shown on the page, with what the page showed for
 * it: a save changes only the fields the person changed from what they saw.
 */
export interface SetupProviderChange {
  /** The provider as the page showed it (carried by the form). */
  readonly shown: SetupProviderState;
  /** The enabled checkbox (always submitted for a provider on the page). */
  readonly enabled: boolean;
  /** The email field, trimmed (`''` = none), for providers that take one. */
  readonly email?: string;
  /** A new key typed in the password field (absent when left empty). */
  readonly apiKey?: string;
  /** The person asked to remove the stored key (and typed no new one). */
  readonly removeKey?: boolean;
}

/** The Zotero switch as submitted, with what the page showed. */
export interface SetupSwitchChange {
  readonly shown: boolean;
  readonly enabled: boolean;
}

/** One submitted form: the revision the page showed, and the providers (and switch) that were on it. */
export interface SetupForm {
  /** The settings revision the page showed (`null`: there was no settings file then). */
  readonly revision: number | null;
  readonly providers: Readonly<Partial<Record<ProviderId, SetupProviderChange>>>;
  readonly zotero?: SetupSwitchChange;
}

/** Why one field was not saved (the page says each plainly, never with a value). */
export type SetupFieldFailure =
  | 'invalid-email'
  | 'invalid-key'
  | 'credential-store-unavailable'
  | 'credential-store-failed'
  | 'settings-unavailable'
  | 'settings-changed'
  | 'settings-write-failed';

/** The result of one field of a save. */
export interface SetupFieldResult {
  /** The provider, or `zotero` for the Zotero delivery switch. */
  readonly provider: ProviderId | 'zotero';
  readonly field: 'enabled' | 'email' | 'api_key';
  readonly outcome: 'saved' | 'removed' | 'unchanged' | 'failed';
  /** Set when `outcome` is `failed`. */
  readonly failure?: SetupFieldFailure;
}

/**
 * What the setup page reads and writes: the current state, and saving a submitted form (keys to
 * the credential store, settings to the settings file), one result per field.
 *
 * Promise: never throws; a result never carries a submitted value; a save changes only the
 * fields the person changed from what the page showed, and refuses one (`settings-changed`)
 * that was also changed elsewhere since — it never reverts a field the person did not touch.
 */
export interface SetupBackend {
  state(): Promise<SetupState>;
  save(form: SetupForm): Promise<readonly SetupFieldResult[]>;
}

/** Service identifier of the {@link SetupBackend} port. */
export const SetupBackendId: PortToken<SetupBackend> = portToken('qiongli.SetupBackend');
