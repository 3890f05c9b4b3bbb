import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROVIDER_IDS, type ProviderId } from '../../ports/config-source.port.js';
import type { SetupBackend } from '../../ports/setup-backend.port.js';
import type { OpenSetupPage, SetupPageRequest } from '../../ports/setup-page.port.js';
import { PageAccess, type PageSession } from './page-access.js';
import { allowedHosts, hostIsAllowed, originIsPage, setSecurityHeaders } from './http-guards.js';
import { readFormBody } from './form-body.js';
import { setupFormOf } from './setup-form.js';
import { formPage, messagePage, savedPage } from './page-html.js';

/** How long a page and its clients may take (docs/setup-page.md#bounds). */
export interface PageTimings {
  /** The page closes this long after it opened: 10 minutes. */
  readonly lifetimeMs: number;
  /** A client must send its request headers within this: 10 s. */
  readonly headersTimeoutMs: number;
  /** ... and its whole request, body included, within this: 20 s. */
  readonly requestTimeoutMs: number;
  /** How often the listener checks those two deadlines: 1 s. */
  readonly checkIntervalMs: number;
}

/** The bounds the product uses. */
export const PAGE_TIMINGS: PageTimings = { lifetimeMs: 10 * 60_000, headersTimeoutMs: 10_000, requestTimeoutMs: 20_000, checkIntervalMs: 1_000 };

/** Fixed refusals: a status and the words of the page that says it (never anything the client sent). */
const REFUSALS = {
  host: [421, 'Wrong address', 'This page answers only at 127.0.0.1 or localhost with its own port.'],
  token: [
    403,
    'This link cannot be used',
    'Setup links work once, in one browser. Ask the assistant for a new one if this page is not already open elsewhere.',
  ],
  session: [403, 'Open the link Qiongli gave you', 'This page opens only through the address the assistant gave you, in the browser that used it first.'],
  origin: [403, 'Refused', 'The form was not sent from this setup page.'],
  form: [400, 'Refused', 'This is not a form that this setup page sent. Reload the page and try again.'],
  size: [413, 'Too large', 'The form or one of its values is larger than this page accepts (16 KiB, 4 KiB per value).'],
  method: [405, 'Not allowed', 'This page only shows its form and receives it.'],
  missing: [404, 'Not found', 'There is nothing else on this page.'],
  done: [409, 'Already saved', 'The settings were saved and this page is closing. Ask the assistant for a new setup page to change them again.'],
  failure: [500, 'Something went wrong', 'The page could not answer. Nothing was shown or kept of what you typed.'],
} as const satisfies Record<string, readonly [number, string, string]>;

/**
 * One open setup page: a loopback HTTP listener (127.0.0.1 only) with its access rules, that
 * closes after its lifetime or once a save succeeded. Routes: `GET /start?token=` (the single-use
 * exchange for a cookie, then a redirect to `/`), `GET /` (the form), `POST /save`.
 */
export class RunningPage {
  private readonly access: PageAccess;
  private readonly hosts: ReadonlySet<string>;
  private readonly providers: readonly ProviderId[];
  private readonly lifetime: NodeJS.Timeout;
  private closed = false;
  private saveSucceeded = false;
  private resolveSaved!: (saved: boolean) => void;
  readonly saved = new Promise<boolean>((resolve) => (this.resolveSaved = resolve));
  readonly expiresAt: number;

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly request: SetupPageRequest,
    private readonly backend: SetupBackend,
    timings: PageTimings,
    now: number,
  ) {
    this.access = new PageAccess(`setup_session_${port}`);
    this.hosts = allowedHosts(port);
    this.providers = request.provider === undefined ? PROVIDER_IDS : [request.provider];
    this.expiresAt = now + timings.lifetimeMs;
    this.lifetime = setTimeout(() => void this.close(), timings.lifetimeMs);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      this.answer(req, res).catch(() => {
        if (!res.headersSent) this.refuse(res, 'failure', true);
        else res.destroy();
      });
    });
  }

  /** Listens on 127.0.0.1 at the requested port (0 = ephemeral); `undefined` when it cannot. */
  static start(request: SetupPageRequest, backend: SetupBackend, timings: PageTimings, now: number): Promise<RunningPage | undefined> {
    const server = createServer({
      headersTimeout: timings.headersTimeoutMs,
      requestTimeout: timings.requestTimeoutMs,
      connectionsCheckingInterval: timings.checkIntervalMs,
      keepAliveTimeout: 5_000,
      maxHeaderSize: 16 * 1024,
    });
    server.maxConnections = 32;
    return new Promise((resolve) => {
      server.once('error', () => resolve(undefined));
      server.listen({ host: '127.0.0.1', port: request.port, exclusive: true }, () => {
        server.removeAllListeners('error');
        server.on('error', () => undefined);
        resolve(new RunningPage(server, (server.address() as AddressInfo).port, request, backend, timings, now));
      });
    });
  }

  /** Whether the page still answers. */
  get isOpen(): boolean {
    return !this.closed;
  }

  /** How a caller describes this page (see {@link OpenSetupPage}). */
  describe(status: OpenSetupPage['status']): OpenSetupPage {
    const origin = `http://${this.request.host}:${this.port}`;
    return {
      status,
      url: this.access.tokenUsed ? `${origin}/` : `${origin}/start?token=${this.access.urlToken}`,
      tokenUsed: this.access.tokenUsed,
      expiresAt: this.expiresAt,
      ...(this.request.provider === undefined ? {} : { provider: this.request.provider }),
      saved: this.saved,
    };
  }

  /** Stops listening and drops every connection; `saved` settles `false` unless a save succeeded. */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    clearTimeout(this.lifetime);
    this.resolveSaved(false);
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setSecurityHeaders(res);
    if (!hostIsAllowed(req, this.hosts)) return this.refuse(res, 'host');
    const url = URL.parse(req.url ?? '/', 'http://page.invalid');
    if (url === null) return this.refuse(res, 'missing');
    const session = this.access.sessionOf(req.headers.cookie);
    if (url.pathname === '/start' && req.method === 'GET') return this.start(res, url.searchParams.get('token') ?? undefined, session);
    if (url.pathname === '/' && req.method === 'GET') return session ? this.send(res, 200, await this.form(session)) : this.refuse(res, 'session');
    if (url.pathname === '/save' && req.method === 'POST') return this.save(req, res, session);
    return this.refuse(res, url.pathname === '/' || url.pathname === '/start' || url.pathname === '/save' ? 'method' : 'missing');
  }

  /** The single-use exchange: token → cookie and a redirect to the token-less address. */
  private start(res: ServerResponse, token: string | undefined, current: PageSession | undefined): void {
    const session = this.access.exchange(token);
    if (session === undefined && current === undefined) return this.refuse(res, 'token');
    if (session !== undefined) {
      const maxAge = Math.max(1, Math.ceil((this.expiresAt - Date.now()) / 1000));
      res.setHeader('Set-Cookie', `${this.access.cookieName}=${session.cookie}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAge}`);
    }
    res.writeHead(303, { Location: '/', 'Content-Length': '0' }).end();
  }

  private async form(session: PageSession, results?: Parameters<typeof formPage>[0]['results']): Promise<string> {
    const state = await this.backend.state();
    return formPage({ state, providers: this.providers, formToken: session.formToken, expiresAt: this.expiresAt, ...(results ? { results } : {}) });
  }

  private async save(req: IncomingMessage, res: ServerResponse, session: PageSession | undefined): Promise<void> {
    if (session === undefined) return this.refuse(res, 'session', true);
    if (!originIsPage(req)) return this.refuse(res, 'origin', true);
    const fields = await readFormBody(req);
    if (fields === 'too-large') return this.refuse(res, 'size', true);
    if (fields === 'malformed' || !PageAccess.formTokenMatches(session, fields.get('form_token'))) return this.refuse(res, 'form', true);
    const form = setupFormOf(fields, this.providers);
    if (form === undefined) return this.refuse(res, 'form', true);
    if (this.saveSucceeded || this.closed) return this.refuse(res, 'done', true);
    const results = await this.backend.save(form);
    if (results.some((result) => result.outcome === 'failed')) return this.send(res, 200, await this.form(session, results));
    this.saveSucceeded = true;
    this.resolveSaved(true);
    res.once('finish', () => void this.close());
    this.send(res, 200, savedPage(results), true);
  }

  private refuse(res: ServerResponse, why: keyof typeof REFUSALS, closeConnection = false): void {
    const [status, title, text] = REFUSALS[why];
    this.send(res, status, messagePage(title, text), closeConnection);
  }

  private send(res: ServerResponse, status: number, html: string, closeConnection = false): void {
    const body = Buffer.from(html, 'utf8');
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(body.length) };
    if (closeConnection) headers.Connection = 'close';
    res.writeHead(status, headers).end(body);
  }
}
