import type { Readable } from 'node:stream';

/**
 * The one line a person sees when they start the server by hand in a terminal: without it the
 * server looks hung, since it prints nothing and waits for an MCP client on stdin. Static text,
 * written to stderr only (stdout carries protocol frames and nothing else).
 */
export const terminalHint = (platform: NodeJS.Platform): string =>
  `qiongli: MCP server on stdio, waiting for an MCP client to talk to it (it prints nothing here). ` +
  `End input with ${platform === 'win32' ? 'Ctrl-Z then Enter' : 'Ctrl-D'} or stop it with Ctrl-C.\n`;

/** Writes {@link terminalHint} to stderr when stdin is a terminal; does nothing otherwise. */
export function hintIfTerminal(stdin: Readable, writeStderr: (text: string) => void, platform: NodeJS.Platform = process.platform): void {
  if ((stdin as { isTTY?: boolean }).isTTY === true) writeStderr(terminalHint(platform));
}
