import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_BIN, PROJECT_ROOT } from '../../support/built-program.js';
import type { Profile } from '../../../src/domain/shared/profiles.js';
import type { Seen } from '../interop-session.js';
import { networkGuardEnv } from '../../support/network-guard.js';

/** `mcp serve` with a profile over stdio, as the README's client configurations write it. */
const serveArgs = (profile: Profile): string[] => ['mcp', 'serve', '--profile', profile, '--transport', 'stdio'];

/** Configuration homes whose sessions are served with the graph tools granted (see {@link graphConfigHome}). */
const GRAPH_HOMES = new Set<string>();

/**
 * The test harnesses as `npm run build` bundles them (scripts/bundle.mjs): one file each, so
 * they start about as fast as the built program.
 */
const HARNESS_DIR = join(PROJECT_ROOT, 'dist', 'test', 'harness');

/** The harness serving the graph tools with every provider at a loopback answering recorded bodies. */
const GRAPH_HARNESS = join(HARNESS_DIR, 'serve-graph-with-loopback.mjs');

/** The groups the graph sessions grant: Lite's default ones and `graph`. */
const GRAPH_CAPABILITIES = 'config,literature,evidence,zotero,orchestration,graph';

/**
 * An isolated configuration home whose sessions each client adapter opens, unchanged, against
 * the graph harness with `--capabilities …,graph` instead of the built program: the clients'
 * own start-up code is what runs, only the command line differs.
 */
export function graphConfigHome(home: string): string {
  GRAPH_HOMES.add(home);
  return home;
}

/** A program the clients start: the built program, or a test harness serving the same way. */
export interface ServerProgram {
  readonly script: string;
  readonly args: readonly string[];
}

/** The built program serving `profile`, with the command line of the README's client configurations. */
export const builtProgram = (profile: Profile = 'lite'): ServerProgram => ({ script: BUILT_BIN, args: serveArgs(profile) });

/**
 * The harness granting `fulltext` with the full-text sources answered from the fixtures
 * (test/support/serve-with-fulltext-sources.ts): the clients read a paper without network.
 */
export const FULLTEXT_PROGRAM: ServerProgram = {
  script: join(HARNESS_DIR, 'serve-with-fulltext-sources.mjs'),
  args: serveArgs('lite'),
};

/**
 * The built program serving Lite, started after a pause longer than a client's `server/discover`
 * probe waits (test/support/serve-after-a-pause.ts): the client falls back to `initialize`.
 */
export const SLOW_START_PROGRAM: ServerProgram = {
  script: join(PROJECT_ROOT, 'dist', 'test', 'support', 'serve-after-a-pause.js'),
  args: serveArgs('lite'),
};

/** The graph harness with the same arguments and the graph group (see {@link graphConfigHome}). */
const GRAPH_PROGRAM: ServerProgram = { script: GRAPH_HARNESS, args: [...serveArgs('lite'), '--capabilities', GRAPH_CAPABILITIES] };

/**
 * How every client starts the server: by default the built program serving Lite, as the README's
 * client configurations do; `program` for another profile or a harness; for a
 * {@link graphConfigHome}, the graph harness.
 */
export const serverCommand = (configHome: string, program: ServerProgram = builtProgram()) => {
  const chosen = GRAPH_HOMES.has(configHome) ? GRAPH_PROGRAM : program;
  return {
    command: process.execPath,
    args: [chosen.script, ...chosen.args],
    env: { PATH: process.env.PATH ?? '', QIONGLI_CONFIG_HOME: configHome, ...networkGuardEnv() },
  };
};

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

/** The text of a `resources/read` answer's contents, as a client hands them over (one text entry). */
export function textOfContents(contents: readonly unknown[]): string {
  if (contents.length !== 1) throw new Error(`expected one content entry, got ${contents.length}`);
  const [content] = contents as { text?: unknown }[];
  if (typeof content?.text !== 'string') throw new Error('a resource without text');
  return content.text;
}

/** What the caller sees when the client throws. */
const seenThrown = (error: unknown): Seen => ({ outcome: 'thrown', message: error instanceof Error ? error.message : String(error) });

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
