import type { ProviderId } from './config-source.port.js';
import { portToken, type PortToken } from './port-token.js';

/** What opening the setup page asks for (the arguments of `qiongli_configure_provider`). */
export interface SetupPageRequest {
  /** How the address names the loopback host; the listener is bound to 127.0.0.1 either way. */
  readonly host: '127.0.0.1' | 'localhost';
  /** The port to listen on; 0 = an ephemeral one. */
  readonly port: number;
  /** Show only this provider; absent = all five. */
  readonly provider?: ProviderId;
}

/** The setup page that is open, as a caller may describe it. */
export interface OpenSetupPage {
  /** `ready`: opened by this call; `already_running`: a page was open before it (one per process). */
  readonly status: 'ready' | 'already_running';
  /**
   * The address to open: with its single-use token while nobody used it; once a browser has,
   * the token-less address (only that browser's cookie opens it).
   */
  readonly url: string;
  /** Whether a browser already exchanged the token (the page is open somewhere). */
  readonly tokenUsed: boolean;
  /** When the page closes by itself, in milliseconds since the epoch. */
  readonly expiresAt: number;
  /** The provider the page shows alone, when it was opened for one. */
  readonly provider?: ProviderId;
  /** Settles `true` once a save on this page succeeded, `false` when it closed without one. */
  readonly saved: Promise<boolean>;
}

/** What opening answers: the page, or why it could not listen (the shape of the domain's `Result`; a port imports no domain). */
export type SetupPageOpening = { readonly ok: true; readonly value: OpenSetupPage } | { readonly ok: false; readonly error: 'listen-failed' };

/**
 * The setup page (docs/setup-page.md): a loopback listener serving the provider settings form to
 * the person at this computer, so an API key is typed into a browser and never passes through the
 * chat. One page per process at a time; it closes after its lifetime or once a save succeeded.
 *
 * Promise: never throws; never reveals a submitted value; listens on 127.0.0.1 only.
 */
export interface SetupPages {
  /** Opens the page, or describes the one already open (its host, port and provider stay as they were). */
  open(request: SetupPageRequest): Promise<SetupPageOpening>;
  /** Closes the open page, if any (the server is stopping); resolves once the listener is closed. */
  close(): Promise<void>;
}

/** Service identifier of the {@link SetupPages} port. */
export const SetupPagesId: PortToken<SetupPages> = portToken('qiongli.SetupPages');
