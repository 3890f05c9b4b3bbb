import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { Agent, type Dispatcher } from 'undici';
import { PROJECT_ROOT } from './built-program.js';
import type { ProviderId } from '../../src/ports/config-source.port.js';

/** What the loopback calls a request's target: a provider, or PubMed's second (summary) step. */
type LoopbackTarget = ProviderId | 'pubmed-summary';

/**
 * Which provider a request belongs to, from the constant https host it was sent to and its
 * path: the five providers share one loopback, and OpenAlex and Crossref share `/works`.
 */
function providerOf(host: string, path: string): LoopbackTarget | undefined {
  if (host === 'api.openalex.org' && path.startsWith('/works')) return 'openalex';
  if (host === 'api.crossref.org' && path.startsWith('/works')) return 'crossref';
  if (host === 'api.semanticscholar.org' && path.startsWith('/graph/v1/paper/')) return 'semantic_scholar';
  if (host === 'eutils.ncbi.nlm.nih.gov' && path.startsWith('/entrez/eutils/esearch.fcgi')) return 'pubmed';
  if (host === 'eutils.ncbi.nlm.nih.gov' && path.startsWith('/entrez/eutils/esummary.fcgi')) return 'pubmed-summary';
  if (host === 'export.arxiv.org' && path.startsWith('/api/query')) return 'arxiv';
  return undefined;
}

const JSON_TYPE = 'application/json';

/** The list (search) answer of each target: a real fixture body, served byte for byte. */
const LIST_FIXTURE: Record<LoopbackTarget, [file: string, type: string]> = {
  openalex: ['openalex-works-title-search.json', JSON_TYPE],
  crossref: ['crossref-works-query-author.json', JSON_TYPE],
  semantic_scholar: ['semanticscholar-paper-search.json', JSON_TYPE],
  pubmed: ['pubmed-esearch.json', JSON_TYPE],
  'pubmed-summary': ['pubmed-esummary.json', JSON_TYPE],
  arxiv: ['arxiv-search-atom.xml', 'application/atom+xml'],
};

/**
 * The single-work answers of the DOI lookups (test/fixtures/providers/README.md, built
 * fixtures), each with where its DOI sits in the body. A lookup of any other DOI gets a 404.
 */
const SINGLE_WORK_FIXTURES: Partial<Record<ProviderId, [file: string, doiOf: (body: any) => string][]>> = {
  openalex: [['openalex-work-doi.json', (work) => String(work.doi).replace(/^https:\/\/doi\.org\//u, '')]],
  semantic_scholar: [['semanticscholar-paper-doi.json', (paper) => paper.externalIds.DOI]],
  crossref: [
    ['crossref-work-doi.json', (answer) => answer.message.DOI],
    ['crossref-work-retracted.json', (answer) => answer.message.DOI],
  ],
};

/** The esummary bodies a PubMed lookup can be answered from (the list one first). */
const PUBMED_SUMMARY_FIXTURES = ['pubmed-esummary.json', 'pubmed-esummary-retracted.json'];

/** Where a single-work path carries its DOI, per provider. */
const DOI_PATH: Partial<Record<ProviderId, RegExp>> = {
  openalex: /^\/works\/doi:([^?]+)/u,
  semantic_scholar: /^\/graph\/v1\/paper\/DOI:([^?]+)/u,
  crossref: /^\/works\/([^?]+)/u,
};

/** One HTTP answer of the loopback. */
interface Answer {
  readonly status: number;
  readonly body?: Buffer;
  readonly type?: string;
}

const jsonAnswer = (value: unknown): Answer => ({ status: 200, body: Buffer.from(JSON.stringify(value)), type: JSON_TYPE });
const notFound: Answer = { status: 404 };

/** The real bodies, read once, and the answers built from them. */
class ProviderBodies {
  private readonly fixtures = join(PROJECT_ROOT, 'test', 'fixtures', 'providers');
  private readonly lists = new Map(Object.entries(LIST_FIXTURE).map(([target, [file]]) => [target, this.read(file)]));
  private readonly works = new Map(
    Object.entries(SINGLE_WORK_FIXTURES).map(([provider, entries]) => [
      provider,
      entries.map(([file, doiOf]) => ({ body: this.read(file), doi: doiOf(JSON.parse(this.read(file).toString('utf8'))).toLowerCase() })),
    ]),
  );
  private readonly summaries = PUBMED_SUMMARY_FIXTURES.map((file) => JSON.parse(this.read(file).toString('utf8')));

  private read(file: string): Buffer {
    return readFileSync(join(this.fixtures, file));
  }

  /** The answer to one request, as the provider would give it on these bodies. */
  answer(target: LoopbackTarget, path: string): Answer {
    const url = new URL(path, 'http://loopback');
    const doiPath = target === 'pubmed-summary' || target === 'pubmed' || target === 'arxiv' ? undefined : DOI_PATH[target]?.exec(url.pathname);
    if (doiPath) return this.singleWork(target as ProviderId, decodeURIComponent(doiPath[1]!));
    const term = url.searchParams.get('term') ?? '';
    if (target === 'pubmed' && term.endsWith('[doi]')) return this.pubMedDoiSearch(term.slice(0, -'[doi]'.length));
    if (target === 'pubmed-summary') return this.pubMedSummary((url.searchParams.get('id') ?? '').split(','));
    return { status: 200, body: this.lists.get(target)!, type: LIST_FIXTURE[target][1] };
  }

  /** A single-work lookup: the fixture whose DOI matches (DOIs compare case-blind), else 404. */
  private singleWork(provider: ProviderId, doi: string): Answer {
    const work = this.works.get(provider)?.find((candidate) => candidate.doi === doi.toLowerCase());
    return work === undefined ? notFound : { status: 200, body: work.body, type: JSON_TYPE };
  }

  /** esearch `<doi>[doi]`: the real esearch answer with its id list cut to the summaries holding that DOI. */
  private pubMedDoiSearch(doi: string): Answer {
    const ids = this.summaries.flatMap((summary) =>
      (summary.result.uids as string[]).filter((uid) =>
        (summary.result[uid].articleids as { idtype: string; value: string }[]).some(
          (entry) => entry.idtype === 'doi' && entry.value.toLowerCase() === doi.toLowerCase(),
        ),
      ),
    );
    const answer = JSON.parse(this.lists.get('pubmed')!.toString('utf8'));
    const count = String(ids.length);
    return jsonAnswer({ ...answer, esearchresult: { ...answer.esearchresult, count, retmax: count, idlist: ids } });
  }

  /**
   * esummary: the summary fixture holding every asked id, cut to those ids; asked ids no
   * fixture holds (the list search's) get the list fixture as it is, standing in for them.
   */
  private pubMedSummary(ids: readonly string[]): Answer {
    const holder = this.summaries.find((summary) => ids.every((id) => (summary.result.uids as string[]).includes(id)));
    if (holder === undefined) return { status: 200, body: this.lists.get('pubmed-summary')!, type: JSON_TYPE };
    const result = Object.fromEntries([['uids', ids], ...ids.map((id) => [id, holder.result[id]])]);
    return jsonAnswer({ ...holder, result });
  }
}

/** A loopback server answering every provider request from the real fixture bodies. */
export interface LoopbackProviders {
  readonly dispatcher: Dispatcher;
  /** Requests seen: target, the https host it was sent to, path (with query) and headers. */
  readonly requests: { provider: string; host: string; path: string; status: number; headers: IncomingMessage['headers'] }[];
  /** Resolves when a socket that carried a request to `provider` closes. */
  socketClosed(provider: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the loopback providers. `delayMs` per answer (default 100 ms); `hang` lists targets
 * that never answer. The dispatcher re-targets every request from its constant https origin to
 * this server, prefixing the path with the original host (removed again before anything is
 * recorded), so the adapter's real paths and headers are what the server sees.
 *
 * Searches get their provider's real list body. DOI lookups (OpenAlex `/works/doi:…`, Semantic
 * Scholar `/graph/v1/paper/DOI:…`, Crossref `/works/<doi>`) get the single-work fixture of that
 * DOI or a 404; a PubMed `<doi>[doi]` esearch gets the real esearch answer with only the ids
 * whose esummary fixture holds that DOI, and esummary gives just the asked summaries when a
 * fixture holds them all.
 */
export async function startLoopbackProviders(options: { delayMs?: number; hang?: readonly string[] } = {}): Promise<LoopbackProviders> {
  const bodies = new ProviderBodies();
  const requests: LoopbackProviders['requests'] = [];
  const closeWaiters = new Map<string, (() => void)[]>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const [, host = '', rest = ''] = /^\/([^/]+)(.*)$/u.exec(request.url ?? '') ?? [];
    const target = providerOf(host, rest);
    const answer = target === undefined ? notFound : bodies.answer(target, rest);
    const provider = target ?? 'unknown';
    requests.push({ provider, host, path: rest, status: answer.status, headers: request.headers });
    // Only a hanging request can see its socket close (the client aborted it); watching every
    // request's keep-alive socket piled up listeners (MaxListenersExceededWarning).
    if (options.hang?.includes(provider)) {
      request.socket.once('close', () => (closeWaiters.get(provider) ?? []).forEach((resolve) => resolve()));
      return;
    }
    setTimeout(() => {
      if (answer.body === undefined) return void response.writeHead(answer.status).end();
      response.writeHead(answer.status, { 'content-type': answer.type ?? JSON_TYPE, 'content-length': answer.body.length });
      response.end(answer.body);
    }, options.delayMs ?? 100);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ connect: { timeout: 1000 } });
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    const host = new URL(String(opts.origin)).host;
    return dispatch({ ...opts, origin, path: `/${host}${opts.path}` }, handler);
  });
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
