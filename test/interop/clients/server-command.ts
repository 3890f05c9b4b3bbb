import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_BIN, PROJECT_ROOT, SERVE_ARGS } from '../../support/built-program.js';
import type { Seen } from '../interop-session.js';

/** A program the clients start: the built program, or a test harness serving the same way. */
export interface ServerProgram {
  readonly script: string;
  readonly args: readonly string[];
}

/** The built program with the command line of the README's client configurations. */
export const BUILT_PROGRAM: ServerProgram = { script: BUILT_BIN, args: SERVE_ARGS };

/**
 * The harness granting `fulltext` with the full-text sources answered from the fixtures
 * (test/support/serve-with-fulltext-sources.ts): the clients read a paper without network.
 */
export const FULLTEXT_PROGRAM: ServerProgram = { script: join(PROJECT_ROOT, 'dist', 'test', 'support', 'serve-with-fulltext-sources.js'), args: SERVE_ARGS };

/** How every client starts the server: by default the built program, as the README's client configurations do. */
export const serverCommand = (configHome: string, program: ServerProgram = BUILT_PROGRAM) => ({
  command: process.execPath,
  args: [program.script, ...program.args],
  env: { PATH: process.env.PATH ?? '', QIONGLI_CONFIG_HOME: configHome },
});

/** The installed version of a client package (shown in test names and the report). */
export function installedVersion(packageName: string, installedIn: string = PROJECT_ROOT): string {
  const manifest = JSON.parse(readFileSync(join(installedIn, 'node_modules', packageName, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** A `CallToolResult` as the MCP SDK clients return it. */
interface CallToolResultLike {
  readonly content?: unknown;
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
}

/** What the caller sees in a `CallToolResult`: its text blocks, its structured content, its flag. */
export function seenInResult(result: CallToolResultLike): Seen {
  const blocks = Array.isArray(result.content) ? (result.content as { type?: string; text?: string }[]) : [];
  const text = blocks.map((block) => (block.type === 'text' ? (block.text ?? '') : '')).join('\n');
  return { outcome: 'result', isError: result.isError === true, text, structured: result.structuredContent };
}

/** What the caller sees when the client throws. */
export const seenThrown = (error: unknown): Seen => ({ outcome: 'thrown', message: error instanceof Error ? error.message : String(error) });

/** Runs a call and turns a throw into what the caller sees. */
export async function observe(call: () => Promise<Seen>): Promise<Seen> {
  try {
    return await call();
  } catch (error) {
    return seenThrown(error);
  }
}

/**
 * Watches a transport's incoming messages for the `initialize` answer, for clients that do not
 * tell which revision they negotiated. Must be called before the client connects.
 */
export function watchNegotiation(transport: object): () => string | undefined {
  let negotiated: string | undefined;
  let handler: ((message: any, ...rest: unknown[]) => void) | undefined;
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () =>
      handler &&
      ((message: any, ...rest: unknown[]) => {
        negotiated ??= typeof message?.result?.protocolVersion === 'string' ? message.result.protocolVersion : undefined;
        handler?.(message, ...rest);
      }),
    set: (value) => {
      handler = value;
    },
  });
  return () => negotiated;
}
