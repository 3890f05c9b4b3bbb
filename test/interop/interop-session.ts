/**
 * What the interop suite needs from one MCP client library: open a session with the built
 * program over stdio, list, call, close — each the way that library's own users do it — and
 * report what the caller (or the model behind it) gets to see.
 */

import type { ServerProgram } from './clients/server-command.js';

/** What a caller sees after one tool call. */
export type Seen =
  | {
      readonly outcome: 'result';
      /** The `isError` flag as the client hands it over; undefined when the client drops it. */
      readonly isError: boolean | undefined;
      /** The text the caller (and a model fed by this client) reads. */
      readonly text: string;
      /** The structured value, when the client hands one over instead of (or besides) text. */
      readonly structured?: unknown;
    }
  | { readonly outcome: 'thrown'; readonly message: string };

/** One open connection of a client library to the server. */
export interface InteropSession {
  /** The protocol revision the session negotiated, when the client exposes it. */
  readonly negotiated: string | undefined;
  /** Names of the listed tools, in the order the client reports them. */
  listToolNames(): Promise<string[]>;
  /** Calls a listed tool through the client's usual path (for frameworks: their tool objects). */
  call(name: string, args: Record<string, unknown>): Promise<Seen>;
  /**
   * Calls a name the server does not serve, through the client's lowest public call path.
   * Absent when the client offers none (it only ever calls the tools it listed).
   */
  readonly callUnlisted?: (name: string) => Promise<Seen>;
  /**
   * Reads a resource through the client's own resource API (`resources/read`) and answers its
   * text. Absent when the client has none that reaches the server of this session (a client that
   * starts a new server process for every method: the files a call held are gone).
   */
  readonly readResource?: (uri: string) => Promise<string>;
  close(): Promise<void>;
}

/** One way a client library connects: a protocol revision it negotiates (or may choose). */
export interface InteropConnection {
  /** Shown in test names: the revision asked for, or what the client negotiates on its own. */
  readonly label: string;
  /** The revision the session must end up with, when the client exposes it. */
  readonly expected: string;
  /** Opens a session with the built program, or with `program` (a test harness) when given. */
  open(configHome: string, program?: ServerProgram): Promise<InteropSession>;
}

/** One row of the client table. */
export interface InteropClient {
  /** The npm package (and exact version, read from node_modules) driven by this row. */
  readonly packageName: string;
  /**
   * The folder whose `node_modules` holds the package: the project root when absent,
   * `test/interop-lts/` for the majors that need a newer Node than the project's own install.
   */
  readonly installedIn?: string;
  /**
   * True when the client checks arguments against `inputSchema` itself before sending: a
   * wrong-typed argument never reaches the server, so the invalid-arguments check sends one that
   * only the server can refuse.
   */
  readonly validatesInputLocally: boolean;
  /**
   * False when the client offers no way to call a name it did not list (its sessions then have no
   * `callUnlisted`): nothing a model asks for can reach the server as an unknown tool.
   */
  readonly callsUnlistedTools: boolean;
  readonly connections: readonly InteropConnection[];
}

/** The text a caller reads: the result text, or the message of what the client threw. */
export const shownText = (seen: Seen): string => (seen.outcome === 'result' ? seen.text : seen.message);

/** The success value: the structured value when handed over, else the JSON the text holds. */
export function successValue(seen: Seen): Record<string, any> {
  if (seen.outcome !== 'result') throw new Error(`the call threw: ${seen.message}`);
  if (seen.isError === true) throw new Error(`an error result: ${seen.text}`);
  if (seen.structured !== undefined) return seen.structured as Record<string, any>;
  return JSON.parse(seen.text) as Record<string, any>;
}
