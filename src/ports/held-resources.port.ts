import { portToken, type PortToken } from './port-token.js';

/** A text file to hold: what it is called, what it holds, its media type and its text. */
export interface ResourceFile {
  /** File name, e.g. `references.ris`. */
  readonly name: string;
  /** What the file holds, for a person (`RIS records for Zotero`). */
  readonly title: string;
  readonly mimeType: string;
  readonly text: string;
}

/** What is known of a held file: where to read it and what it is. */
export interface HeldResource {
  /** Where `resources/read` finds it: `qiongli://held/<random id>/<name>`. */
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly mimeType: string;
  /** UTF-8 bytes of its text. */
  readonly size: number;
  /** SHA-256 of its text's UTF-8 bytes, 64 lowercase hex digits. */
  readonly sha256: string;
}

/**
 * Files a tool made for a person to save (Zotero import files, an evidence snapshot), held in
 * memory so the answer can link to them instead of carrying them (docs/protocol.md#resources):
 * the MCP adapter serves them through `resources/read`, and a tool reads them back for a client
 * that cannot read resources (its inline pages).
 *
 * Promise: a file is held for at most 30 minutes of this process and never written anywhere;
 * the held files together stay within a bound of number and bytes, the oldest dropped first; a
 * dropped or expired file reads as absent. A uri is unguessable (128 random bits). Never throws.
 */
export interface HeldResources {
  /** Holds a file; its facts, or `undefined` when it alone is larger than the bound (nothing is dropped for it then). */
  hold(file: ResourceFile): HeldResource | undefined;
  /** A held file by its uri, with its text; `undefined` when it was never held here, was dropped or expired. */
  read(uri: string): { readonly resource: HeldResource; readonly text: string } | undefined;
}

/** Service identifier of the {@link HeldResources} port. */
export const HeldResourcesId: PortToken<HeldResources> = portToken('qiongli.HeldResources');
