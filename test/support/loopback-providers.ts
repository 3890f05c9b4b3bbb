import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { Agent, type Dispatcher } from 'undici';
import { PROJECT_ROOT } from './built-program.js';
import type { ProviderId } from '../../src/ports/config-source.port.js';

/** Which provider a request path belongs to (all five constant endpoints share one loopback). */
export function providerOfPath(path: string): ProviderId | 'pubmed-summary' | undefined {
  if (path.startsWith('/works?search=')) return 'openalex';
  if (path.startsWith('/works?query=')) return 'crossref';
  if (path.startsWith('/graph/v1/paper/search')) return 'semantic_scholar';
  if (path.startsWith('/entrez/eutils/esearch.fcgi')) return 'pubmed';
  if (path.startsWith('/entrez/eutils/esummary.fcgi')) return 'pubmed-summary';
  if (path.startsWith('/api/query')) return 'arxiv';
  return undefined;
}

const FIXTURE_OF: Record<string, [file: string, type: string]> = {
  openalex: ['openalex-works-title-search.json', 'application/json'],
  crossref: ['crossref-works-query-author.json', 'application/json'],
  semantic_scholar: ['semanticscholar-paper-search.json', 'application/json'],
  pubmed: ['pubmed-esearch.json', 'application/json'],
  'pubmed-summary': ['pubmed-esummary.json', 'application/json'],
  arxiv: ['arxiv-search-atom.xml', 'application/atom+xml'],
};

/** A loopback server answering every provider path with its real fixture body after a delay. */
export interface LoopbackProviders {
  readonly dispatcher: Dispatcher;
  /** Requests seen: provider, path and headers. */
  readonly requests: { provider: string; path: string; headers: IncomingMessage['headers'] }[];
  /** Resolves when a socket that carried a request to `provider` closes. */
  socketClosed(provider: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the loopback providers. `delayMs` per provider (default 100 ms); `hang` lists providers
 * that never answer. The dispatcher re-targets every request from the constant https origin to
 * this server, so the adapter's real URLs and headers are what the server sees.
 */
export async function startLoopbackProviders(options: { delayMs?: number; hang?: readonly string[] } = {}): Promise<LoopbackProviders> {
  const fixtures = join(PROJECT_ROOT, 'test', 'fixtures', 'providers');
  const bodies = new Map(Object.entries(FIXTURE_OF).map(([provider, [file]]) => [provider, readFileSync(join(fixtures, file))]));
  const requests: LoopbackProviders['requests'] = [];
  const closeWaiters = new Map<string, (() => void)[]>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '';
    const provider = providerOfPath(path) ?? 'unknown';
    requests.push({ provider, path, headers: request.headers });
    request.socket.once('close', () => (closeWaiters.get(provider) ?? []).forEach((resolve) => resolve()));
    if (options.hang?.includes(provider)) return;
    const body = bodies.get(provider);
    setTimeout(() => {
      if (!body) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': FIXTURE_OF[provider]![1], 'content-length': body.length });
      response.end(body);
    }, options.delayMs ?? 100);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ connect: { timeout: 1000 } });
  const dispatcher = agent.compose((dispatch) => (opts, handler) => dispatch({ ...opts, origin }, handler));
  return {
    dispatcher,
    requests,
    socketClosed: (provider) => new Promise((resolve) => closeWaiters.set(provider, [...(closeWaiters.get(provider) ?? []), resolve])),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await agent.close().catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
