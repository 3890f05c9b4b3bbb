import { UndiciCitationGraphClient } from '../../src/adapters/citation-graph/index.js';
import { createContainer } from '../../src/composition/create-container.js';
import { LITE_DEFAULT_GROUPS } from '../../src/domain/shared/capability-groups.js';
import type { NativeSettings } from '../../src/ports/config-source.port.js';
import type { CitationGraphClient } from '../../src/ports/citation-graph.port.js';
import type { SealedTokens } from '../../src/ports/sealed-tokens.port.js';
import type { Dispatcher } from 'undici';
import { FakeConfigSource, settingsWith } from '../fakes/config-source.fake.js';
import { FakeSecretStore } from '../fakes/secret-store.fake.js';
import { FakeTransport } from '../fakes/transport.fake.js';
import { FakeClock } from '../adapters/provider-http/fake-clock.js';
import { startLoopbackGraph, type LoopbackGraph, type LoopbackRoute } from './loopback-graph.js';
import { initialize, request } from './messages.js';
import { mcpConnection } from '../../src/composition/mcp-connection.js';
import { testHttp } from './provider-http.js';

/** Settings with every graph source enabled, keyless (a Crossref contact email set). */
export const ALL_GRAPH_SOURCES: NativeSettings = settingsWith({
  openalex: { enabled: true },
  semantic_scholar: { enabled: true },
  crossref: { enabled: true, email: 'lab@example.org' },
});

/** How a graph test server is composed. */
export interface GraphServerOptions {
  readonly settings?: NativeSettings;
  readonly secrets?: FakeSecretStore;
  /** Whole-call budget of each source's requests (default: the policy's 15 s). */
  readonly requestMs?: number;
  /**
   * Use the program's own lazily built client (the shared provider runtime, the real clock:
   * pacing waits for real). Default: the same undici adapter on a policy whose clock records
   * pacing waits instead of waiting, so tests do not sleep through Semantic Scholar's 1 s lane.
   */
  readonly programClient?: boolean;
  /** Delay of every loopback answer (default 5 ms). */
  readonly delayMs?: number;
  /** The sealer of cursors (default: the real AES-GCM one). */
  readonly sealedTokens?: SealedTokens;
  /** Builds the citation-graph client over the loopback's dispatcher (default: the program's lazy undici client). */
  readonly citationGraphClient?: (dispatcher: Dispatcher) => CitationGraphClient;
}

/** A composed Lite server granting `graph`, over a fake transport, whose providers are a loopback. */
export interface GraphServer {
  readonly loopback: LoopbackGraph;
  /** The clock of the default client's policy: its `sleeps` are the pacing and retry waits asked for. */
  readonly clock: FakeClock;
  readonly transport: FakeTransport;
  /** Sends one tools/call and resolves with its response (the whole JSON-RPC message). */
  call(name: string, args: Record<string, unknown>, id?: number | string): Promise<any>;
  /** Sends one tools/call without waiting. */
  send(name: string, args: Record<string, unknown>, id: number | string): void;
  close(): Promise<void>;
}

let nextId = 1000;

/** The citation-graph client override of `options`, if any. */
function graphClientOption(dispatcher: Dispatcher, clock: FakeClock, options: GraphServerOptions): { citationGraphClient?: CitationGraphClient } {
  if (options.citationGraphClient !== undefined) return { citationGraphClient: options.citationGraphClient(dispatcher) };
  if (options.programClient === true) return {};
  const http = testHttp({
    version: '0.0.0-test',
    dispatcher,
    clock,
    ...(options.requestMs === undefined ? {} : { timeouts: { requestMs: options.requestMs } }),
  });
  return { citationGraphClient: new UndiciCitationGraphClient({ http }) };
}

/** Waits until `condition` holds (polling every 5 ms), at most `ms`. */
export async function until(condition: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Starts the loopback with `route` and composes the server exactly as the program does (the real
 * undici adapters, the real sealed cursors), granting Lite's default groups and `graph`. With
 * `requestMs`, the citation-graph client is the same undici adapter built on a policy with that
 * budget (a hung source then times out quickly).
 */
export async function startGraphServer(route: LoopbackRoute, options: GraphServerOptions = {}): Promise<GraphServer> {
  const loopback = await startLoopbackGraph(route, { delayMs: options.delayMs ?? 5 });
  const dispatcher = loopback.dispatcher;
  const clock = new FakeClock();
  const container = createContainer('lite', {
    configSource: FakeConfigSource.available(options.settings ?? ALL_GRAPH_SOURCES),
    secretStore: options.secrets ?? FakeSecretStore.unavailable(),
    dispatcher,
    grants: new Set([...LITE_DEFAULT_GROUPS, 'graph']),
    ...(options.sealedTokens === undefined ? {} : { sealedTokens: options.sealedTokens }),
    ...graphClientOption(dispatcher, clock, options),
  });
  const transport = new FakeTransport();
  const connection = mcpConnection(container, transport, {
    finished: () => undefined,
    failed: () => undefined,
  });
  connection.start();
  transport.receive(initialize(0, '2025-06-18'));
  const send = (name: string, args: Record<string, unknown>, id: number | string) => transport.receive(request(id, 'tools/call', { name, arguments: args }));
  return {
    loopback,
    clock,
    transport,
    send,
    call: async (name, args, id = nextId++) => {
      send(name, args, id);
      await until(() => transport.responseTo(id) !== undefined);
      return transport.responseTo(id);
    },
    close: () => loopback.close(),
  };
}

/** The structured result of a successful graph call (throws on an error result). */
export function graphResult(response: any): any {
  const result = response.result;
  if (result?.isError === true) throw new Error(`a tool error: ${result.content?.[0]?.text}`);
  return result.structuredContent;
}
