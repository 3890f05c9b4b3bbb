import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { Agent, type Dispatcher } from 'undici';
import { PROJECT_ROOT } from './built-program.js';

/** The full-text fixtures (test/fixtures/fulltext/README.md). */
const FULLTEXT_FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'fulltext');

/** The text of one full-text fixture. */
export const fulltextFixture = (name: string): string => readFileSync(join(FULLTEXT_FIXTURES, name), 'utf8');

/** The works the fixtures answer for, and what each source holds for them. */
export const FIXTURE_WORKS = {
  /** Europe PMC: open access, `fullTextXML` (real answers, CC BY 4.0). */
  europePmcDoi: '10.1038/s41392-025-02280-1',
  europePmcPmid: '40739089',
  europePmcPmcid: 'PMC12311175',
  /** Europe PMC knows it (PMCID, not open access); PubMed Central answers metadata only. */
  restrictedDoi: '10.1016/s0140-6736(24)02716-8',
  restrictedPmcid: 'PMC12124214',
  /** PubMed Central: full JATS (a real article in efetch's envelope, CC BY-NC 3.0). */
  pmcPmcid: 'PMC3258128',
  /** arXiv: an HTML paper with its OAI-PMH record (documentation-derived, CC BY 4.0). */
  arxivId: '2609.04321',
} as const;

/** Which request went where: the source, the https host it was sent to, path and headers. */
export interface SeenRequest {
  readonly source: 'europepmc' | 'pmc' | 'arxiv-html' | 'arxiv-oai' | 'unknown';
  readonly host: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
}

interface Answer {
  readonly status: number;
  readonly body?: string;
  readonly type?: string;
}

const XML = 'application/xml';
const ok = (name: string, type: string): Answer => ({ status: 200, body: fulltextFixture(name), type });
const notFound: Answer = { status: 404 };
/** efetch's answer to a PMCID it does not have (as quoted in public client code: an articleset with an error `Reply`). */
const PMC_UNKNOWN = (id: string) =>
  `<?xml version="1.0"  ?><!DOCTYPE pmc-articleset PUBLIC "-//NLM//DTD ARTICLE SET 2.0//EN" "https://dtd.nlm.nih.gov/ncbi/pmc/articleset/nlm-articleset-2.0.dtd"><pmc-articleset><Reply Id="${id}" error="The following PMCID is not available: ${id}"/></pmc-articleset>\n`;

/** The Europe PMC `search` answer of a query: the real answer holding the work, else the real empty one. */
function europePmcSearch(query: string): Answer {
  const json = 'application/json';
  if ([`DOI:"${FIXTURE_WORKS.europePmcDoi}"`, `EXT_ID:${FIXTURE_WORKS.europePmcPmid} AND SRC:MED`, `PMCID:${FIXTURE_WORKS.europePmcPmcid}`].includes(query))
    return ok('europepmc-search-core-oa.json', json);
  if ([`DOI:"${FIXTURE_WORKS.restrictedDoi}"`, `PMCID:${FIXTURE_WORKS.restrictedPmcid}`].includes(query)) return ok('europepmc-search-core-cancer.json', json);
  return ok('europepmc-search-no-results.json', json);
}

/** The answer of every full-text source, from the fixtures. */
function fixtureAnswer(source: SeenRequest['source'], path: string): Answer {
  const url = new URL(path, 'http://loopback');
  if (source === 'europepmc' && url.pathname.endsWith('/search')) return europePmcSearch(url.searchParams.get('query') ?? '');
  if (source === 'europepmc')
    return url.pathname.endsWith(`/${FIXTURE_WORKS.europePmcPmcid}/fullTextXML`) ? ok('europepmc-fulltext-PMC12311175.xml', XML) : notFound;
  if (source === 'pmc') {
    const id = url.searchParams.get('id') ?? '';
    if (`PMC${id}` === FIXTURE_WORKS.pmcPmcid) return ok('pmc-efetch-PMC3258128.xml', XML);
    return `PMC${id}` === FIXTURE_WORKS.restrictedPmcid ? ok('pmc-efetch-metadata-only.xml', XML) : { status: 200, body: PMC_UNKNOWN(id), type: XML };
  }
  if (source === 'arxiv-html')
    return /^\/html\/2609\.04321(?:v1)?$/u.test(url.pathname) ? ok('arxiv-html-2609.04321v1.html', 'text/html; charset=utf-8') : notFound;
  if (source === 'arxiv-oai')
    return url.searchParams.get('identifier') === `oai:arXiv.org:${FIXTURE_WORKS.arxivId}`
      ? ok('arxiv-oai-getrecord.xml', 'text/xml')
      : ok('arxiv-oai-iddoesnotexist.xml', 'text/xml');
  return notFound;
}

/** The source of a request, from the constant https host it was sent to and its path. */
function sourceOf(host: string, path: string): SeenRequest['source'] {
  if (host === 'www.ebi.ac.uk' && path.startsWith('/europepmc/webservices/rest/')) return 'europepmc';
  if (host === 'eutils.ncbi.nlm.nih.gov' && path.startsWith('/entrez/eutils/efetch.fcgi?db=pmc&')) return 'pmc';
  if (host === 'arxiv.org' && path.startsWith('/html/')) return 'arxiv-html';
  if (host === 'oaipmh.arxiv.org' && path.startsWith('/oai?')) return 'arxiv-oai';
  return 'unknown';
}

/** A loopback server answering every full-text source from the fixtures. */
export interface FullTextSources {
  readonly dispatcher: Dispatcher;
  readonly requests: SeenRequest[];
  /** Resolves when the socket of a request to `source` closes (a hanging source's client aborted). */
  socketClosed(source: SeenRequest['source']): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the loopback full-text sources. The dispatcher re-targets every request from its
 * constant https origin to this server, prefixing the path with the original host, so the
 * adapter's real hosts, paths and headers are what is recorded. `hang` lists sources that never
 * answer; `override` replaces an answer (status and body) for a source.
 */
export async function startFullTextSources(
  options: {
    delayMs?: number;
    hang?: readonly SeenRequest['source'][];
    override?: (source: SeenRequest['source'], path: string) => Answer | undefined;
    /** Let the process exit while the server listens (a harness program serving stdio). */
    unref?: boolean;
  } = {},
): Promise<FullTextSources> {
  const requests: SeenRequest[] = [];
  const waiters = new Map<string, (() => void)[]>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const [, host = '', path = ''] = /^\/([^/]+)(.*)$/u.exec(request.url ?? '') ?? [];
    const source = sourceOf(host, path);
    requests.push({ source, host, path, headers: request.headers });
    if (options.hang?.includes(source)) {
      request.socket.once('close', () => (waiters.get(source) ?? []).forEach((resolve) => resolve()));
      return;
    }
    const answer = options.override?.(source, path) ?? fixtureAnswer(source, path);
    setTimeout(() => {
      if (answer.body === undefined) return void response.writeHead(answer.status).end();
      const body = Buffer.from(answer.body, 'utf8');
      response.writeHead(answer.status, { 'content-type': answer.type ?? XML, 'content-length': body.length });
      response.end(body);
    }, options.delayMs ?? 0);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  if (options.unref === true) server.unref();
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ connect: { timeout: 1000 } });
  const dispatcher = agent.compose((dispatch) => (opts, handler) => {
    const host = new URL(String(opts.origin)).host;
    return dispatch({ ...opts, origin, path: `/${host}${opts.path}` }, handler);
  });
  return {
    dispatcher,
    requests,
    socketClosed: (source) => new Promise((resolve) => waiters.set(source, [...(waiters.get(source) ?? []), resolve])),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await agent.close().catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
